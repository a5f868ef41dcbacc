/**
 * src/orm/read-plan.ts attacked in process on PGlite and a PostgreSQL 15 server: every read runs
 * twice on a database that keeps read plans (its first read of a shape built, the second planned)
 * and once on the same rows with plans off (`prepare: false` builds every statement per call);
 * the answers (rows, or the error's class and message) must be the same. Argument shapes that
 * could collide (`{ slug: undefined }`, a `__proto__` key, `constructor`/`toString`, a key order,
 * a nested object, a list, `null`, a null-prototype object), viewers of a context filter, a failing
 * first statement, a flood of shapes and of viewers (bounded: 64 shapes, 1,024 viewers a shape), a
 * table declared by two schemas, and a plan kept on one database read on another.
 */
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ddl } from '../../examples/realworld/fw-db'
import * as tables from '../../examples/realworld/tables'
import { plannedRead } from '../../src/orm/read-plan'
import type { SchemaDef } from '../../src/orm/fields'
import { DEF } from '../../src/orm/types'
import { engines, startPostgres, type PostgresServer } from './engines'

const { users, follows } = tables
const defOf = (declared: object): SchemaDef => (declared as Record<typeof DEF, SchemaDef>)[DEF]

const Profile = orm.Schema(users, {
  username: true,
  bio: true,
  following: orm.Exists('followers', { filter: (ctx) => ({ followerId: ctx.userId }) }),
})
/** The same table declared again, other fields: its own plans. */
const Names = orm.Schema(users, { id: true, username: true })

/** The rows every database holds (ids 1, 2, 3; bob follows alice, carol follows bob). */
async function seed(database: orm.Database, bio: string): Promise<void> {
  await database.execute(
    `INSERT INTO users (username, email, password, bio) VALUES ('alice', 'a@x', 'p', '${bio}'), ('bob', 'b@x', 'p', NULL), ('carol', 'c@x', 'p', 'c');
     INSERT INTO follows (follower_id, following_id) VALUES (2, 1), (3, 2);`,
  )
}

/** A read's outcome: its rows, or its error's class and message. */
async function outcome(read: () => Promise<unknown>): Promise<unknown> {
  try {
    return { rows: await read() }
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` }
  }
}

const protoKey = () => JSON.parse('{"__proto__": {"polluted": 1}, "username": "alice"}') as Record<string, unknown>
const nullPrototype = () => Object.assign(Object.create(null) as Record<string, unknown>, { username: 'bob' })
/** Argument shapes that could collide with `{ username }`, each read after `{ username }` was planned. */
const shapes: [string, () => unknown][] = [
  ['{ username }', () => ({ username: 'alice' })],
  ['{ username: undefined }', () => ({ username: undefined })],
  ['{}', () => ({})],
  ['{ username, bio: undefined }', () => ({ username: 'bob', bio: undefined })],
  ['{ username, bio }', () => ({ username: 'carol', bio: 'c' })],
  ['{ bio, username } (another order)', () => ({ bio: 'c', username: 'carol' })],
  ['{ bio, username } no match', () => ({ bio: 'x', username: 'carol' })],
  ['__proto__ key', protoKey],
  ['constructor key', () => ({ constructor: 'alice' })],
  ['toString key', () => ({ toString: 'alice' })],
  ['hasOwnProperty key', () => ({ hasOwnProperty: 'alice' })],
  ['a nested object where a scalar was', () => ({ username: { ne: 'alice' } })],
  ['a list', () => ({ username: ['alice', 'carol'] })],
  ['null', () => ({ bio: null })],
  ['a number for text', () => ({ username: 1 })],
  ['a boolean for text', () => ({ username: true })],
  ['a NUL in the value', () => ({ username: 'a\u0000' })],
  ['a null-prototype object', nullPrototype],
  ['a $ key', () => ({ $or: [{ username: 'alice' }, { username: 'bob' }] })],
  ['an id as text', () => ({ id: '2' })],
  ['an id that is no integer', () => ({ id: 'abc' })],
  ['an id after the failure', () => ({ id: 3 })],
]
const viewers = [{ userId: 2 }, {}, { userId: 3 }, { userId: '2' }, { userId: 1 }]

describe.each(engines)('read plans attacked on %s', (engine) => {
  let server: PostgresServer | undefined
  let planned: orm.Database
  let unplanned: orm.Database
  let tenant: orm.Database
  const connections: orm.DatabaseConnections[] = []
  /** `read` on `database` (its connections activated). */
  const on = (database: orm.Database, read: () => Promise<unknown>) => {
    const active = orm.DatabaseConnections({ default: database }).activate()
    connections.push(active)
    return outcome(read)
  }

  beforeAll(async () => {
    server = engine === 'postgres' ? await startPostgres() : undefined
    planned = orm.Database({ engine, url: server?.url, schema: tables, create: { ddl } })
    // plans off, the same rows (the same server; on PGlite a database seeded alike)
    unplanned = orm.Database({ engine, url: server?.url, schema: tables, prepare: false, create: { ddl } })
    tenant = orm.Database({ engine: 'pglite', schema: tables, create: { ddl } })
    await planned.connect()
    await seed(planned, 'a')
    if (engine === 'pglite') {
      await unplanned.connect()
      await seed(unplanned, 'a')
    }
    await tenant.connect()
    await seed(tenant, 'other tenant')
  }, 120_000)
  afterAll(async () => {
    for (const database of [planned, unplanned, tenant]) await database?.close()
    await server?.stop()
  })

  it('every colliding shape, under every viewer, answers as with plans off (first read and planned)', async () => {
    for (const context of viewers) {
      for (const [name, arg] of shapes) {
        const read = () => Profile.serialize(arg() as never, { context })
        const reference = await on(unplanned, read)
        const first = await on(planned, read)
        const second = await on(planned, read)
        expect(first, `${name} as ${JSON.stringify(context)} (first)`).toEqual(reference)
        expect(second, `${name} as ${JSON.stringify(context)} (planned)`).toEqual(reference)
        expect(({} as Record<string, unknown>).polluted, name).toBeUndefined()
      }
    }
    // bob followed by carol, alice by bob: each viewer its own answer
    const following = async (userId: number | undefined) =>
      ((await Profile.serialize({ username: 'alice' }, { context: userId === undefined ? {} : { userId } }))[0] as { following: boolean }).following
    await on(planned, async () => {
      expect([await following(2), await following(3), await following(undefined), await following(2)]).toEqual([true, false, false, true])
    })
  }, 120_000)

  it('a table declared by two schemas: each its own plan, never the other’s fields', async () => {
    const names = await on(planned, () => Names.serialize({ username: 'bob' }))
    const profiles = await on(planned, () => Profile.serialize({ username: 'bob' }, { context: { userId: 3 } }))
    expect(names).toEqual({ rows: [{ id: 2, username: 'bob' }] })
    expect(profiles).toEqual({ rows: [{ username: 'bob', bio: null, following: true }] })
    expect(await on(planned, () => Names.serialize({ username: 'bob' }))).toEqual(names)
  })

  it('a plan kept on one database never reads another (the same ids, other rows)', async () => {
    const read = () => Profile.serialize({ username: 'alice' }, { context: { userId: 2 } })
    expect(await on(planned, read)).toEqual({ rows: [{ username: 'alice', bio: 'a', following: true }] })
    expect(await on(tenant, read)).toEqual({ rows: [{ username: 'alice', bio: 'other tenant', following: true }] })
    await on(tenant, () => tenant.execute('DELETE FROM follows'))
    expect(await on(tenant, read)).toEqual({ rows: [{ username: 'alice', bio: 'other tenant', following: false }] })
    expect(await on(planned, read)).toEqual({ rows: [{ username: 'alice', bio: 'a', following: true }] })
  })

  it('a flood of shapes keeps 64 a schema, a flood of viewers 1,024 a shape; the answers stay right', async () => {
    const columns = ['username', 'email', 'password', 'bio', 'image', 'id']
    const orders: string[][] = []
    for (const a of columns) for (const b of columns) for (const c of columns) if (new Set([a, b, c]).size === 3) orders.push([a, b, c])
    expect(orders.length).toBe(120)
    const sample = { username: 'carol', email: 'c@x', password: 'p', bio: 'c', image: 'none', id: 3 } as Record<string, unknown>
    const dataOf = (order: string[]) => Object.fromEntries(order.map((column) => [column, sample[column]]))
    await on(planned, async () => {
      for (const order of orders) expect(await Names.serialize(dataOf(order)), order.join()).toEqual([])
      const db = await planned.db()
      const kept = orders.filter((order) => plannedRead(db, defOf(Names), dataOf(order), {}, false, {}) !== undefined)
      expect(kept.length).toBeLessThanOrEqual(64)
      expect(kept.length).toBeGreaterThan(0)
      for (let userId = 1; userId <= 1_500; userId++) {
        const [row] = await Profile.serialize({ username: 'bob' }, { context: { userId } })
        expect((row as { following: boolean }).following, String(userId)).toBe(userId === 3)
      }
      const viewersKept = Array.from({ length: 1_500 }, (_, index) => index + 1).filter(
        (userId) => plannedRead(db, defOf(Profile), { username: 'x' }, {}, false, { userId }) !== undefined,
      )
      expect(viewersKept.length).toBeLessThanOrEqual(1_024)
      expect(viewersKept).toContain(1_500)
    })
  }, 120_000)
})
