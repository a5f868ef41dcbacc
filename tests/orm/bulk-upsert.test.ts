/**
 * Issue 56 #2: `bulkSave(values, { onConflict })` upserts every row in ONE statement and returns the
 * keys in input order (an existing row's key for `'ignore'`, the row untouched); a new row's key list
 * (links through a junction) is one insert — no delete, no select of links it cannot have yet.
 * On PGlite and a PostgreSQL 15 server.
 */
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follows, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const UserRow = orm.Schema(users, { id: true, username: true, email: true })
const Named = orm.Schema(users, { username: true, email: true })
const WithFollowings = orm.Schema(users, { id: true, username: true, followings: orm.Field('following.followingId', { mode: 'wa' }) })

describe.each(engines)('bulkSave with onConflict on %s', (engine) => {
  let db: EngineDb
  let alice = 0
  beforeAll(async () => {
    db = await openEngine(engine)
    alice = (await UserRow.save({ username: 'alice', email: 'a@mail.com' })) as number
  })
  afterAll(() => db?.stop())

  it("'ignore': one statement, keys in input order (repeats included), an existing row kept as it is", async () => {
    db.statements.length = 0
    const keys = await Named.bulkSave([{ username: 'bob', email: 'b' }, { username: 'alice', email: 'changed' }, { username: 'bob', email: 'b' }], { onConflict: 'ignore' })
    expect(db.statements, db.statements.join('\n')).toHaveLength(1)
    const [bob] = keys
    expect(keys).toEqual([bob, alice, bob])
    expect(await UserRow.init(alice)).toEqual({ id: alice, username: 'alice', email: 'a@mail.com' })
    expect(await Named.bulkSave([], { onConflict: 'ignore' })).toEqual([])
  })

  it("'update': one statement, the given columns set on the existing row", async () => {
    db.statements.length = 0
    const keys = await Named.bulkSave([{ username: 'alice', email: 'new@mail.com' }, { username: 'carol', email: 'c' }], { onConflict: 'update' })
    expect(db.statements).toHaveLength(1)
    expect(keys[0]).toBe(alice)
    expect((await UserRow.init(alice)).email).toBe('new@mail.com')
  })

  it('refuses rows without a unique key, rows giving different columns and relation lists: 400 before any SQL', async () => {
    db.statements.length = 0
    await expect(orm.Schema(users, { email: true }).bulkSave([{ email: 'x' }], { onConflict: 'ignore' })).rejects.toMatchObject({ status: 400 })
    await expect(Named.bulkSave([{ username: 'x', email: 'x' }, { username: 'y' }], { onConflict: 'ignore' })).rejects.toMatchObject({ status: 400 })
    await expect(WithFollowings.bulkSave([{ username: 'x', followings: [alice] }], { onConflict: 'ignore' })).rejects.toMatchObject({ status: 400 })
    await expect(Named.bulkSave([{ username: 'x', email: 'x' }], { onConflict: 'merge' as never })).rejects.toMatchObject({ status: 400 })
    expect(db.statements).toEqual([])
  })

  it("a new row's key list: its insert and the links' insert only (no delete, no select)", async () => {
    db.statements.length = 0
    const dave = await WithFollowings.save({ username: 'dave', followings: [alice, alice] })
    expect(db.statements.filter((text) => /^(delete|select)/i.test(text)), db.statements.join('\n')).toEqual([])
    expect((await orm.Schema(follows, { followerId: true, followingId: true }).serialize({ followerId: dave })).map((row) => row.followingId)).toEqual([alice])
    // an existing row's list still replaces its links
    await WithFollowings.save({ id: dave, followings: [] })
    expect(await orm.Schema(follows, { followerId: true }).serialize({ followerId: dave })).toEqual([])
  })
})
