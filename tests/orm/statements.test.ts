/**
 * Issue 56 (B6, `GET /api/tags`): a `serialize()` of plain data (orm/statements.ts) renders its
 * statement once — the same data under the same compiled fragment runs the drizzle query
 * prepared the first time — and never crosses data, order or viewer.
 */
import { createHook } from 'node:async_hooks'
import { boolean, char, integer, numeric, PgDialect, pgEnum, pgTable, serial, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core'
import { orm } from 'fw-api/orm'
import postgres from 'postgres'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { follows, users } from '../../examples/blog/tables'
import { engines, openEngine, startPostgres, type EngineDb, type PostgresServer } from './engines'

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

  it('plain data of single values is built once per shape: a value never sent before renders no SQL (init({ slug }))', async () => {
    expect(await UserRow.serialize({ username: 'alice' })).toEqual([{ id: ids.alice, username: 'alice' }])
    const rendered = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    expect(await UserRow.serialize({ username: 'carol' })).toEqual([{ id: ids.carol, username: 'carol' }])
    expect(await UserRow.serialize({ username: 'nobody yet' })).toEqual([])
    expect(await UserRow.init({ username: 'bob' })).toEqual({ id: ids.bob, username: 'bob' })
    expect(rendered).not.toHaveBeenCalled()
    // what cannot be bound (a list, null, a NUL byte) is built per call: it answers, or is refused, as before
    expect(await UserRow.serialize({ username: ['carol', 'bob'] }, { order: ['username'] })).toEqual([{ id: ids.bob, username: 'bob' }, { id: ids.carol, username: 'carol' }])
    expect(await UserRow.serialize({ username: null })).toEqual([])
    await expect(UserRow.serialize({ username: 'a\0b' })).rejects.toMatchObject({ status: 400 })
    expect(rendered.mock.calls.length).toBeGreaterThan(0)
  })

  it('a prepared statement runs on the driver client itself: few promises between the call and the driver (B6)', async () => {
    await UserRow.serialize({}, { order: ['username'] }) // prepared, the connection open
    let promises = 0
    const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && promises++) }).enable()
    let rows: unknown[]
    try {
      rows = await UserRow.serialize({}, { order: ['username'] })
    } finally {
      hook.disable()
    }
    expect(rows).toHaveLength(3)
    // measured: postgres.js 20 before (drizzle's execute, its spans and cache check, serialize's awaits), 7 after;
    // PGlite 82 before, 74 after (its own promises, per statement, are most of them)
    expect(promises).toBeLessThanOrEqual(engine === 'postgres' ? 8 : 76)
  })

  it('each viewer keeps their own answer (the fragment per context variant keys the statement)', async () => {
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([{ userId: ids.bob }, { userId: ids.carol }, {}, { userId: ids.bob }].map((context) => Profile.serialize({ username: 'alice' }, { context })))
      expect(answers.map((rows) => rows[0]?.following)).toEqual([true, false, false, true])
    }
  })
})

/** Issue 56 (B1/B2, `GET /api/articles?limit=20`): a parsed query is built once per shape, its values bound per call. */
describe.each(engines)('parsed-query statements built once per shape on %s', (engine) => {
  const UserQuery = orm.Query(users, {
    username: orm.Filter('username'),
    followedBy: orm.Filter('followers.follower.username'),
    search: orm.Search(['username']),
    offset: orm.Offset(),
    limit: orm.Limit({ max: 10, default: 10 }),
  })
  const query = (sent: Record<string, string | number>) => v.parse(UserQuery, sent)
  let db: EngineDb
  let ids: Record<string, number> = {}
  const names = async (sent: Record<string, string | number>, userId?: number, where?: Record<string, unknown>) => {
    const { rows, count } = await Profile.serializeCounted(query(sent), { context: userId === undefined ? {} : { userId }, order: ['username'], where })
    return { names: rows.map((row) => `${row.username}${row.following ? '*' : ''}`), count }
  }
  beforeAll(async () => {
    db = await openEngine(engine)
    const [alice, bob, carol, dave] = (await UserRow.bulkSave([{ username: 'alice' }, { username: 'bob' }, { username: 'carol' }, { username: 'dave' }])) as number[]
    ids = { alice: alice as number, bob: bob as number, carol: carol as number, dave: dave as number }
    const Follow = orm.Schema(follows, { followerId: true, followingId: true })
    // bob follows alice and carol; carol follows dave
    await Follow.bulkSave([{ followerId: ids.bob, followingId: ids.alice }, { followerId: ids.bob, followingId: ids.carol }, { followerId: ids.carol, followingId: ids.dave }])
  })
  afterAll(() => db?.stop())
  afterEach(() => vi.restoreAllMocks())

  it('two filter values, two pages, two viewers: each its own answer, and new values render no SQL', async () => {
    const rounds = async () => {
      expect(await names({ followedBy: 'bob' }, ids.bob)).toEqual({ names: ['alice*', 'carol*'], count: 2 })
      expect(await names({ followedBy: 'carol' }, ids.bob)).toEqual({ names: ['dave'], count: 1 })
      expect(await names({ followedBy: 'bob' }, ids.carol)).toEqual({ names: ['alice', 'carol'], count: 2 })
      expect(await names({ followedBy: 'carol' }, ids.carol)).toEqual({ names: ['dave*'], count: 1 })
      expect(await names({ limit: 2 })).toEqual({ names: ['alice', 'bob'], count: 4 })
      expect(await names({ limit: 2, offset: 2 }, ids.carol)).toEqual({ names: ['carol', 'dave*'], count: 4 })
      expect(await names({ username: 'bob' }, ids.carol)).toEqual({ names: ['bob'], count: 1 })
    }
    await rounds() // each shape and viewer built once
    const rendered = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    await rounds()
    // values never sent before, in shapes already built: bound, nothing rendered
    expect(await names({ followedBy: 'dave' }, ids.bob)).toEqual({ names: [], count: 0 }) // the empty page's count runs on its own
    const before = rendered.mock.calls.length
    expect(await names({ username: 'dave' }, ids.carol)).toEqual({ names: ['dave*'], count: 1 })
    expect(await names({ limit: 3, offset: 1 })).toEqual({ names: ['bob', 'carol', 'dave'], count: 4 })
    expect(await names({ followedBy: 'alice' }, ids.carol)).toEqual({ names: [], count: 0 })
    expect(await names({ followedBy: 'bob' }, ids.bob)).toEqual({ names: ['alice*', 'carol*'], count: 2 })
    expect(rendered.mock.calls.length - before).toBe(1) // only `followedBy=alice`'s empty page counts on its own (rendered)
  })

  it("a viewer's where value is bound, never part of the statement: two viewers never cross", async () => {
    const feed = (userId: number) => names({}, userId, { 'followers.followerId': userId })
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all([ids.bob, ids.carol, ids.bob, ids.alice].map((userId) => feed(userId as number)))
      expect(answers).toEqual([{ names: ['alice*', 'carol*'], count: 2 }, { names: ['dave*'], count: 1 }, { names: ['alice*', 'carol*'], count: 2 }, { names: [], count: 0 }])
    }
    const rendered = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    expect(await feed(ids.bob as number)).toEqual({ names: ['alice*', 'carol*'], count: 2 })
    expect(rendered).not.toHaveBeenCalled()
  })

  it('an unbindable field (a search) is built per call, and still answers right', async () => {
    await names({ search: 'ar' })
    const rendered = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    expect(await names({ search: 'ar' })).toEqual({ names: ['carol'], count: 1 })
    expect(await names({ search: 'a' })).toEqual({ names: ['alice', 'carol', 'dave'], count: 3 })
    expect(rendered.mock.calls.length).toBeGreaterThan(0)
  })
})

/**
 * Issue 56 (B6 once more): a schema of plain columns (orm/plain.ts) is selected as its columns,
 * no `json_build_object` per row for Postgres to build and the driver to parse — and its rows
 * are the JSON path's, value for value, on each engine.
 */
const mood = pgEnum('mood', ['calm', 'busy'])
const kinds = pgTable('kinds', {
  id: serial('id').primaryKey(),
  small: smallint('small'),
  count: integer('count').notNull(),
  flag: boolean('flag'),
  code: uuid('code'),
  label: varchar('label', { length: 20 }),
  letter: char('letter', { length: 3 }),
  note: text('note'),
  mood: mood('mood'),
  price: numeric('price', { precision: 6, scale: 2 }),
})
const KIND_DDL = `CREATE TYPE mood AS ENUM ('calm', 'busy');
CREATE TABLE kinds (id serial PRIMARY KEY, small smallint, count integer NOT NULL, flag boolean, code uuid, label varchar(20), letter char(3), note text, mood mood, price numeric(6, 2));`
const Kind = orm.Schema(kinds, { id: true, small: true, count: true, flag: true, code: true, label: true, letter: true, note: true, mood: true })

describe.each(engines)('rows of plain columns on %s', (engine) => {
  let server: PostgresServer | undefined
  let connections: orm.DatabaseConnections | undefined
  const statements: string[] = []
  beforeAll(async () => {
    server = engine === 'postgres' ? await startPostgres() : undefined
    const database = orm.Database({ engine, url: server?.url, schema: { kinds, mood }, onQuery: (sql) => statements.push(sql) })
    await database.execute(KIND_DDL)
    connections = orm.DatabaseConnections({ default: database }).activate()
    await orm.Schema(kinds, { small: true, count: true, flag: true, code: true, label: true, letter: true, note: true, mood: true, price: true }).bulkSave([
      { small: -3, count: 2_147_483_647, flag: true, code: '0b5f6e0e-6f0a-4c6e-9a57-2f0c1f7d7a11', label: 'é "quoted" \\ ☃', letter: 'ab', note: 'line\nbreak', mood: 'busy', price: '1.50' },
      { small: null, count: 0, flag: false, code: null, label: null, letter: null, note: null, mood: null, price: null },
    ])
  })
  afterAll(async () => {
    await connections?.close()
    await server?.stop()
  })

  it('are selected as columns, and equal the JSON path rows', async () => {
    statements.length = 0
    const rows = await Kind.serialize({}, { order: ['id'] })
    expect(statements).toHaveLength(1)
    expect(statements[0]).not.toMatch(/json_build_object/)
    const ids = rows.map((row) => row.id)
    statements.length = 0
    const viaJson = await Kind.serialize(ids) // by ids: the key column rides along, the JSON path
    expect(statements[0]).toMatch(/json_build_object/)
    expect(rows).toEqual(viaJson)
    expect(JSON.stringify(rows)).toBe(JSON.stringify(viaJson)) // the same keys in the same order
    expect(rows[0]).toEqual({ id: ids[0], small: -3, count: 2_147_483_647, flag: true, code: '0b5f6e0e-6f0a-4c6e-9a57-2f0c1f7d7a11', label: 'é "quoted" \\ ☃', letter: 'ab ', note: 'line\nbreak', mood: 'busy' })
    expect(await Kind.serializeCounted({ flag: false }, { order: ['id'] })).toEqual({ rows: [viaJson[1]], count: 1 })
  })

  it.skipIf(engine !== 'postgres')("a page's generic plan looks its keys up by index, never scans the table (the limit a placeholder)", async () => {
    await Kind.bulkSave(Array.from({ length: 2000 }, (_, index) => ({ count: index })))
    const KindQuery = orm.Query(kinds, { offset: orm.Offset(), limit: orm.Limit({ max: 100, default: 20 }) })
    statements.length = 0
    const rows = await Kind.serialize(v.parse(KindQuery, { limit: 5, offset: 1 }), { order: ['-id'] })
    expect(rows.map((row) => row.count)).toEqual([1998, 1997, 1996, 1995, 1994])
    const client = postgres(server?.url ?? '', { max: 1, onnotice: () => {} })
    try {
      await client.unsafe('ANALYZE kinds')
      // the statement as sent, planned as a prepared statement's generic plan is (what postgres.js's named statements get after 5 runs)
      await client.unsafe('SET plan_cache_mode = force_generic_plan')
      await client.unsafe(`PREPARE paged AS ${statements[0]}`)
      const plan = (await client.unsafe('EXPLAIN EXECUTE paged(5, 1)')).map((row) => String(row['QUERY PLAN'])).join('\n')
      expect(plan).not.toMatch(/Seq Scan/)
    } finally {
      await client.end()
    }
  })

  it('a column of another type keeps the JSON path', async () => {
    statements.length = 0
    const [row] = await orm.Schema(kinds, { id: true, price: true }).serialize({ count: 2_147_483_647 })
    expect(statements[0]).toMatch(/json_build_object/)
    expect(row?.price).toBe('1.5') // JSON drops the scale's zero: what the plain path must not change silently
  })
})
