/**
 * SPEC §10.2 "a write touches only what the schema declares", over real HTTP
 * on PGlite and PostgreSQL 15: a body library that keeps undeclared keys
 * (arktype) cannot make `save()` / `bulkSave()` / nested rows write a column
 * the schema leaves out (H4); an upsert never takes over another owner's row
 * (H5: 409, nothing written); a wrong type for a timestamp column is a 400
 * naming the field, an ISO string is converted (H6).
 */
import 'fw-api/serve'
import { exceptions, Fw } from 'fw-api'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ItemRow, ItemSecrets, NoteRow, OwnedAPI, UserBase, UserSecrets } from './fixtures/declared-app'
import * as tables from './fixtures/owned-tables'
import { engines, startPostgres, type PostgresServer } from './engines'

/** The problem+json `detail` of an error response. */
async function detailOf(response: Response): Promise<string> {
  const body = (await response.json()) as { detail?: string }
  return body.detail ?? JSON.stringify(body)
}

describe.each(engines)('a write touches only what the schema declares, over HTTP on %s', (engine) => {
  let pg: PostgresServer | undefined
  let base = ''
  let close: () => Promise<void> = async () => {}
  let alice = 0
  let bob = 0
  const send = (method: string, path: string, user: number, body: unknown) =>
    fetch(base + path, { method, headers: { 'content-type': 'application/json', 'x-user': String(user) }, body: JSON.stringify(body) })

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const database = pg ? orm.Database({ engine: 'postgres', url: pg.url, schema: tables, create: true }) : orm.Database({ schema: tables, create: true })
    const service = new Fw(import.meta.url, { api: OwnedAPI })
    service.use(orm.DatabaseConnections({ default: database }))
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}`
    close = () => server.close()
    const created = await send('POST', '/users', 0, [{ username: 'alice' }, { username: 'bob', isAdmin: true, password: 'x' }])
    expect(created.status).toBe(200)
    ;[alice, bob] = (await created.json()) as [number, number]
  }, 300_000)
  afterAll(async () => {
    await close()
    await pg?.stop()
  })

  it('H4: save() and bulkSave() drop undeclared keys (isAdmin, password): 200, the columns unchanged', async () => {
    expect(await UserSecrets.init(bob)).toEqual({ id: bob, isAdmin: false, password: '' }) // bulkSave dropped them
    const response = await send('PUT', '/me', bob, { bio: 'hi', isAdmin: true, password: '$argon2id$forged' })
    expect(response.status).toBe(200)
    expect(await UserBase.init(bob)).toEqual({ id: bob, username: 'bob', bio: 'hi' })
    expect(await UserSecrets.init(bob)).toEqual({ id: bob, isAdmin: false, password: '' })
    // the schema that declares them writes them (in-process)
    await UserSecrets.save({ id: alice, isAdmin: true })
    expect((await UserSecrets.init(alice)).isAdmin).toBe(true)
  })

  it('H4: nested rows write only their schema\'s columns (pinned is not ItemRow\'s)', async () => {
    const response = await send('POST', '/notes', alice, { title: 'nested', text: 't', items: [{ text: 'one', pinned: true, noteId: 424242 }] })
    expect(response.status).toBe(200)
    const note = (await response.json()) as number
    const [item] = (await NoteRow.init(note)).items
    expect(item?.text).toBe('one')
    expect((await ItemSecrets.init(item?.id as number)).pinned).toBe(false)
  })

  it("H5: an upsert on another owner's unique title is a 409 and writes nothing; the owner's own upsert updates", async () => {
    const created = await send('POST', '/notes', alice, { title: 'shopping', text: "alice's list" })
    expect(created.status).toBe(200)
    const note = (await created.json()) as number
    for (const path of ['/notes', '/notes/scoped']) {
      const takeover = await send('POST', path, bob, { title: 'shopping', text: "bob's now" })
      expect(takeover.status, path).toBe(409)
      expect(await detailOf(takeover)).toBe('Conflict: owned_notes.title must be unique: a row with this title already exists')
      expect(await NoteRow.init(note)).toMatchObject({ ownerId: alice, text: "alice's list" })
    }
    const own = await send('POST', '/notes/scoped', alice, { title: 'shopping', text: 'milk' })
    expect(own.status).toBe(200)
    expect((await own.json()) as number).toBe(note)
    expect(await NoteRow.init(note)).toMatchObject({ ownerId: alice, text: 'milk' })
  })

  it("H5 in-process: 'where' scopes upserts and updates by key; 'ignore' never hands back another owner's row; undefined in where is a 400", async () => {
    const note = (await NoteRow.save({ title: 'scoped', text: 'a', ownerId: alice })) as number
    await expect(NoteRow.save({ title: 'scoped', text: 'b', ownerId: alice }, { onConflict: 'update', where: { text: 'other' } })).rejects.toBeInstanceOf(exceptions.Conflict)
    await expect(NoteRow.save({ title: 'scoped', ownerId: bob }, { onConflict: 'ignore' })).rejects.toBeInstanceOf(exceptions.Conflict)
    expect(await NoteRow.save({ title: 'scoped', ownerId: alice }, { onConflict: 'ignore' })).toBe(note)
    await expect(NoteRow.save({ id: note, text: 'c' }, { where: { ownerId: bob } })).rejects.toBeInstanceOf(exceptions.NotFound)
    await expect(NoteRow.save({ title: 'scoped', text: 'd', ownerId: alice }, { onConflict: 'update', where: { ownerId: undefined } })).rejects.toBeInstanceOf(exceptions.BadRequest)
    expect(await NoteRow.init(note)).toMatchObject({ ownerId: alice, text: 'a' })
    await NoteRow.save({ id: note, text: 'e' }, { where: { ownerId: alice } })
    expect((await NoteRow.init(note)).text).toBe('e')
  })

  it('an upsert with nested rows saves them under the row it found, even when the schema leaves the key out', async () => {
    const ByTitle = orm.Schema(tables.notes, { title: true, text: true, ownerId: true, items: orm.Field('items', { schema: [ItemRow], mode: 'rwa' }) })
    const first = await ByTitle.save({ title: 'keyless', text: 'a', ownerId: alice, items: [{ text: 'one' }] }, { onConflict: 'update' })
    expect(await ByTitle.save({ title: 'keyless', text: 'b', ownerId: alice, items: [{ text: 'two' }] }, { onConflict: 'update' })).toBe(first)
    expect(await NoteRow.init(first as never)).toMatchObject({ text: 'b', items: [{ text: 'two' }] })
    expect(await NoteRow.serialize({ title: 'keyless' })).toHaveLength(1)
  })

  it('H6: a string or a number for a timestamp column is a 400 naming the field; an ISO string is converted', async () => {
    for (const remindAt of ['tomorrow', 1_700_000_000_000, { at: 1 }, '2024-13-45T99:00:00Z']) {
      const started = performance.now()
      const response = await send('POST', '/notes/remind', alice, { title: `r-${JSON.stringify(remindAt)}`, remindAt })
      expect(response.status, JSON.stringify(remindAt)).toBe(400)
      expect(performance.now() - started).toBeLessThan(1000)
      const detail = await detailOf(response)
      expect(detail).toMatch(/^BadRequest: owned_notes\.remindAt: expected a (valid ISO 8601 )?date-time/)
      expect(detail).not.toMatch(/toISOString|at \//)
    }
    const response = await send('POST', '/notes/remind', alice, { title: 'iso', remindAt: '2024-01-31T09:30:00.000Z' })
    expect(response.status).toBe(200)
    const note = (await response.json()) as number
    expect((await NoteRow.init(note)).remindAt).toEqual(new Date('2024-01-31T09:30:00.000Z'))
  })
})
