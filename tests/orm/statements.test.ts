/**
 * Issue 56 (B6, `GET /api/tags`): a `serialize()` of plain data (orm/statements.ts) renders its
 * statement once — the same data under the same compiled fragment runs the drizzle query
 * prepared the first time — and never crosses data, order or viewer.
 */
import { PgDialect } from 'drizzle-orm/pg-core'
import { orm } from 'fw-api/orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { follows, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const UserRow = orm.Schema(users, { id: true, username: true })
const Profile = orm.Schema(users, {
  username: true,
  following: orm.Exists('followers', { filter: (ctx) => ({ followerId: ctx.userId }) }),
})

describe.each(engines)('statements built once on %s', (engine) => {
  let db: EngineDb
  let ids: Record<string, number> = {}
  beforeAll(async () => {
    db = await openEngine(engine)
    const [alice, bob, carol] = (await UserRow.bulkSave([{ username: 'alice' }, { username: 'bob' }, { username: 'carol' }])) as number[]
    ids = { alice: alice as number, bob: bob as number, carol: carol as number }
    await orm.Schema(follows, { followerId: true, followingId: true }).bulkSave([{ followerId: ids.bob, followingId: ids.alice }])
  })
  afterAll(() => db?.stop())
  afterEach(() => vi.restoreAllMocks())

  it('the same plain data renders no SQL the second time', async () => {
    const rendered = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    const all = await UserRow.serialize({}, { order: ['username'] })
    expect(all.map((row) => row.username)).toEqual(['alice', 'bob', 'carol'])
    const first = rendered.mock.calls.length
    expect(first).toBeGreaterThan(0)
    db.statements.length = 0
    expect(await UserRow.serialize({}, { order: ['username'] })).toEqual(all)
    expect(rendered.mock.calls.length).toBe(first) // executed as prepared: nothing rendered
    expect(db.statements).toHaveLength(1) // and sent, as always
  })

  it('other data, order or count: their own statements, their own answers', async () => {
    expect((await UserRow.serialize({}, { order: ['-username'] })).map((row) => row.username)).toEqual(['carol', 'bob', 'alice'])
    expect(await UserRow.serialize({ username: 'bob' })).toEqual([{ id: ids.bob, username: 'bob' }])
    expect(await UserRow.serialize({ username: 'carol' })).toEqual([{ id: ids.carol, username: 'carol' }])
    expect(await UserRow.serialize([ids.carol, ids.alice])).toEqual([{ id: ids.carol, username: 'carol' }, { id: ids.alice, username: 'alice' }])
    expect(await UserRow.serialize({ id: ids.bob })).toEqual([{ id: ids.bob, username: 'bob' }])
    expect(await UserRow.serialize({ id: String(ids.bob) })).toEqual([{ id: ids.bob, username: 'bob' }]) // '2' is not 2, and both answer
    expect(await UserRow.serialize({ username: 'nobody' })).toEqual([])
  })

  it('each viewer keeps their own answer (the fragment per context variant keys the statement)', async () => {
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([{ userId: ids.bob }, { userId: ids.carol }, {}, { userId: ids.bob }].map((context) => Profile.serialize({ username: 'alice' }, { context })))
      expect(answers.map((rows) => rows[0]?.following)).toEqual([true, false, false, true])
    }
  })
})
