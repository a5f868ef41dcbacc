/**
 * Issue 56 #1: a schema's `json_build_object(...)` is built and rendered once
 * per schema, output shape and context-filter results (orm/compiled.ts), then
 * reused; table metadata is read once per table. Guards that reuse never
 * crosses viewers: each context filter's result selects its own fragment.
 */
import { sql } from 'drizzle-orm'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follows, users } from '../../examples/blog/tables'
import { compiledFragment, flattened } from '../../src/orm/compiled'
import { valueKey } from '../../src/orm/statements'
import { contextFilterSql } from '../../src/orm/context'
import { rootRef } from '../../src/orm/query-where'
import { primaryKeysOf } from '../../src/orm/relations'
import * as tables from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'


describe('compiled fragments', () => {
  it('primary keys are read once per table (the same frozen list each call)', () => {
    const keys = primaryKeysOf(users)
    expect(keys).toEqual(['id'])
    expect(primaryKeysOf(users)).toBe(keys)
    expect(Object.isFrozen(keys)).toBe(true)
  })

  it('a shape is built once; a different context-filter result is another variant, built once too', () => {
    const owner = {}
    const schema = {}
    let builds = 0
    const filter = (ctx: Record<string, unknown>) => ({ followerId: ctx.userId })
    const build = (context: Record<string, unknown>) => () => {
      builds++
      return sql`exists (select 1 where ${contextFilterSql(tables, follows, filter, context, rootRef(follows))})`
    }
    const first = compiledFragment(owner, schema, 'shape', { userId: 1 }, build({ userId: 1 }))
    expect(compiledFragment(owner, schema, 'shape', { userId: 1 }, build({ userId: 1 }))).toBe(first)
    expect(builds).toBe(1)
    const other = compiledFragment(owner, schema, 'shape', { userId: 2 }, build({ userId: 2 }))
    expect(other).not.toBe(first)
    const anonymous = compiledFragment(owner, schema, 'shape', {}, build({}))
    expect(compiledFragment(owner, schema, 'shape', { userId: 2 }, build({ userId: 2 }))).toBe(other)
    expect(compiledFragment(owner, schema, 'shape', {}, build({}))).toBe(anonymous)
    expect(builds).toBe(3)
    // a string id is not the number: its own variant
    compiledFragment(owner, schema, 'shape', { userId: '1' }, build({ userId: '1' }))
    expect(builds).toBe(4)
  })

  it('value keys keep types apart and refuse what has no faithful key', () => {
    expect(valueKey(1)).not.toBe(valueKey('1'))
    expect(valueKey({ a: [1, null] })).toBe(valueKey({ a: [1, null] }))
    expect(valueKey(new Date(5))).not.toBe(valueKey(5))
    expect(valueKey(new Map())).toBeUndefined()
    expect(valueKey(() => 1)).toBeUndefined()
    expect(valueKey(10n)).toBe('i10')
  })

  it('a flattened fragment keeps its values bound, never inlined', () => {
    const flat = flattened(sql`a = ${"x'; drop table users; --"} and b in ${sql.raw('(1)')}`)
    const chunks = flat.queryChunks.length
    expect(chunks).toBeGreaterThan(1)
  })
})

const Profile = orm.Schema(users, {
  username: true,
  following: orm.Exists('followers', { filter: (ctx) => ({ followerId: ctx.userId }) }),
})

describe.each(engines)('compiled fragments on %s', (engine) => {
  let db: EngineDb
  let ids: Record<string, number> = {}
  beforeAll(async () => {
    db = await openEngine(engine)
    const [alice, bob, carol] = (await orm.Schema(users, { id: true, username: true }).bulkSave([{ username: 'alice' }, { username: 'bob' }, { username: 'carol' }])) as number[]
    ids = { alice: alice as number, bob: bob as number, carol: carol as number }
    await orm.Schema(follows, { followerId: true, followingId: true }).bulkSave([{ followerId: ids.bob, followingId: ids.alice }])
  })
  afterAll(() => db?.stop())

  it('viewers interleaved, concurrently and one after another, each get their own answer from the reused fragments', async () => {
    const viewers = [{ userId: ids.bob }, { userId: ids.carol }, {}, { userId: ids.bob }, { userId: undefined }, { userId: ids.carol }]
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(viewers.map((context) => Profile.serialize({ username: 'alice' }, { context })))
      expect(answers.map((rows) => rows[0]?.following)).toEqual([true, false, false, true, false, false])
    }
    // the statement text is the same for every viewer: only bound values differ
    db.statements.length = 0
    await Profile.serialize({ username: 'alice' }, { context: { userId: ids.bob } })
    await Profile.serialize({ username: 'alice' }, { context: { userId: ids.carol } })
    expect(db.statements[0]).toBe(db.statements[1])
  })
})
