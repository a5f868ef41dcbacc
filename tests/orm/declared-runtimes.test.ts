/**
 * The security round's ORM rows on every runtime, over real HTTP on PGlite (Postgres: the same
 * routes in tests/orm/declared-writes.test.ts on Node): H4 a body library that keeps undeclared keys
 * cannot make save()/bulkSave() write them; H5 an upsert on another owner's unique row is a 409 and
 * writes nothing; H6 a wrong type for a timestamp column is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 120_000

describe.each(runtimesFor(['node', 'bun', 'deno']))('declared writes on $label', (runtime) => {
  let server: Server | undefined
  let base = ''
  const send = (method: string, path: string, user: number, body: unknown) =>
    fetch(base + path, { method, headers: { 'content-type': 'application/json', 'x-user': String(user) }, body: JSON.stringify(body) })
  const read = async (path: string) => (await fetch(base + path)).json()
  let alice = 0
  let bob = 0

  beforeAll(async () => {
    server = await startServer(runtime, 'tests/orm/fixtures/declared-server.ts', START_MS)
    base = server.origin
    const created = await send('POST', '/users', 0, [{ username: 'alice' }, { username: 'bob', isAdmin: true, password: 'x' }])
    expect(created.status, server.output()).toBe(200)
    ;[alice, bob] = (await created.json()) as [number, number]
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  it('H4: undeclared keys (isAdmin, password) are not written by bulkSave() or save()', async () => {
    expect(await read(`/secrets/${bob}`)).toEqual({ id: bob, isAdmin: false, password: '' })
    const response = await send('PUT', '/me', bob, { bio: 'hi', isAdmin: true, password: '$argon2id$forged' })
    expect(response.status).toBe(200)
    expect(await read(`/secrets/${bob}`)).toEqual({ id: bob, isAdmin: false, password: '' })
  })

  it("H5: an upsert on another owner's unique title is a 409 and writes nothing", async () => {
    const created = await send('POST', '/notes', alice, { title: 'shopping', text: "alice's list" })
    expect(created.status).toBe(200)
    const note = (await created.json()) as number
    const takeover = await send('POST', '/notes', bob, { title: 'shopping', text: "bob's now" })
    expect(takeover.status).toBe(409)
    expect(await read(`/notes/${note}`)).toMatchObject({ ownerId: alice, text: "alice's list" })
  })

  it('H6: a string or a number for a timestamp column is a 400 naming the field, never a 500', async () => {
    for (const remindAt of ['tomorrow', 1_700_000_000_000]) {
      const response = await send('POST', '/notes/remind', alice, { title: `r-${remindAt}`, remindAt })
      expect(response.status, String(remindAt)).toBe(400)
      expect(JSON.stringify(await response.json())).toMatch(/owned_notes\.remindAt/)
    }
  })
})
