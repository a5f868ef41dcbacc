/**
 * src/orm/read-plan.ts, in process: a read of plain data kept as its schema's plan per argument
 * shape and context variant, found again for the same shape (any values) under the same variant,
 * never across databases, schemas, shapes, orders, counts or viewers; the argument's bound form;
 * the select list's row aliases and the page read back from them. The statements run on PGlite and
 * PostgreSQL in tests/orm/statements.test.ts and tests/realworld/statements.test.ts.
 */
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { orm } from '../../src/orm'
import { PK } from '../../src/orm/build'
import type { SchemaDef } from '../../src/orm/fields'
import { plainColumns } from '../../src/orm/plain'
import {
  boundQuery,
  type ContextFilter,
  contextVariant,
  keepReadPlan,
  pageOf,
  plannedRead,
  type ReadFacts,
  selectionOf,
} from '../../src/orm/read-plan'
import type { Statement } from '../../src/orm/statements'
import { DEF } from '../../src/orm/types'
import * as schema from './fixtures/conduit-tables'

const dialect = new PgDialect()
/** The normalised declaration behind an `orm.Schema`. */
const defOf = (declared: object): SchemaDef => (declared as Record<typeof DEF, SchemaDef>)[DEF]
/** A select list as alias → the SQL it selects. */
const shown = (selection: Record<string, SQL.Aliased> | undefined): Record<string, string> | undefined =>
  selection &&
  Object.fromEntries(Object.entries(selection).map(([alias, aliased]) => [alias, `${dialect.sqlToQuery(aliased.getSQL()).sql} as ${aliased.fieldAlias}`]))

const tag = defOf(orm.Schema(schema.tags, { id: true, name: true, uses: true }))
const article = defOf(orm.Schema(schema.articles, { id: true, slug: true, createdAt: true }))
const byUser: ContextFilter = (context) => ({ userId: context.userId })

/** A statement that answers `rows` and records the values it ran with. */
const statementOf = (rows: Record<string, unknown>[]): Statement & { runs: unknown[] } => {
  const runs: unknown[] = []
  return { runs, execute: (values) => (runs.push(values), Promise.resolve(rows)) }
}
const factsOf = (def: SchemaDef, filters: readonly ContextFilter[] = []): ReadFacts => ({
  module: schema,
  def,
  plain: undefined,
  finishes: false,
  filters,
})

describe('plannedRead / keepReadPlan', () => {
  it('finds the plan kept for a shape with any values of it, the values bound', () => {
    const db = {}
    const statement = statementOf([])
    const key = boundQuery({ slug: 'first' }, undefined, undefined, false)?.key ?? ''
    expect(plannedRead(db, article, { slug: 'first' }, {}, false, {})).toBeUndefined()
    keepReadPlan(db, key, factsOf(article), {}, statement)
    const read = plannedRead(db, article, { slug: 'another' }, {}, false, {})
    expect(read?.statement).toBe(statement)
    expect(read?.values).toEqual({ 'd:slug': 'another' })
    expect(read?.plan.def).toBe(article)
  })

  it('never across databases, schemas, shapes, orders, counts, scopes or a where', () => {
    const db = {}
    const key = boundQuery({ slug: 'a' }, undefined, ['-createdAt'], false)?.key ?? ''
    keepReadPlan(db, key, factsOf(article), {}, statementOf([]))
    expect(plannedRead(db, article, { slug: 'b' }, { order: ['-createdAt'] }, false, {})).toBeDefined()
    expect(plannedRead({}, article, { slug: 'b' }, { order: ['-createdAt'] }, false, {})).toBeUndefined()
    expect(plannedRead(db, tag, { slug: 'b' }, { order: ['-createdAt'] }, false, {})).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b', id: 1 }, { order: ['-createdAt'] }, false, {})).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, { order: ['createdAt'] }, false, {})).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, {})).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, { order: ['-createdAt'] }, true, {})).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, { order: ['-createdAt'], scope: {} }, false, {})).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, { order: ['-createdAt'], where: { id: 1 } }, false, {})).toBeUndefined()
  })

  it('never for data that is not plain single values: a list, null, an operator, a parsed query', () => {
    const db = {}
    keepReadPlan(db, boundQuery({ slug: 'a' }, undefined, undefined, false)?.key ?? '', factsOf(article), {}, statementOf([]))
    for (const data of [{ slug: ['a'] }, { slug: null }, { slug: { ne: 'a' } }, [1, 2], { slug: 'a\u0000' }])
      expect(plannedRead(db, article, data, {}, false, {}), JSON.stringify(data)).toBeUndefined()
    const parsed = { slug: 'a' }
    Object.defineProperty(parsed, '~ormQueryDef', { value: {}, enumerable: false })
    expect(plannedRead(db, article, parsed, {}, false, {})).toBeUndefined()
  })

  it('keeps a statement per context variant: one viewer never reads another’s, an anonymous one its own', () => {
    const db = {}
    const key = boundQuery({ slug: 'a' }, undefined, undefined, false)?.key ?? ''
    const alice = statementOf([])
    const anonymous = statementOf([])
    keepReadPlan(db, key, factsOf(article, [byUser]), { userId: 1 }, alice)
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, { userId: 1 })?.statement).toBe(alice)
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, { userId: 2 })).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, { userId: '1' })).toBeUndefined()
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, {})).toBeUndefined()
    keepReadPlan(db, key, factsOf(article, [byUser]), {}, anonymous)
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, {})?.statement).toBe(anonymous)
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, { userId: 1 })?.statement).toBe(alice)
  })

  it('keeps at most 64 shapes per schema and 1024 variants per shape (the oldest half dropped)', () => {
    const db = {}
    for (let index = 0; index < 70; index++)
      keepReadPlan(db, boundQuery({ [`f${index}`]: 1 }, undefined, undefined, false)?.key ?? '', factsOf(article), {}, statementOf([]))
    expect(plannedRead(db, article, { f63: 2 }, {}, false, {})).toBeDefined()
    expect(plannedRead(db, article, { f64: 2 }, {}, false, {})).toBeUndefined()
    const key = boundQuery({ slug: 'a' }, undefined, undefined, false)?.key ?? ''
    const other = {}
    for (let user = 0; user <= 1024; user++) keepReadPlan(other, key, factsOf(article, [byUser]), { userId: user }, statementOf([]))
    expect(plannedRead(other, article, { slug: 'b' }, {}, false, { userId: 0 })).toBeUndefined()
    expect(plannedRead(other, article, { slug: 'b' }, {}, false, { userId: 1024 })).toBeDefined()
  })

  it('keeps nothing for a variant with no faithful key (a filter giving a class instance)', () => {
    const db = {}
    const key = boundQuery({ slug: 'a' }, undefined, undefined, false)?.key ?? ''
    const odd: ContextFilter = () => ({ at: new URL('http://x') })
    keepReadPlan(db, key, factsOf(article, [odd]), {}, statementOf([]))
    expect(plannedRead(db, article, { slug: 'b' }, {}, false, {})).toBeUndefined()
  })
})

describe('contextVariant', () => {
  it('keys what the filters give, `!` for a filter reading a missing key, undefined when a value has no key', () => {
    expect(contextVariant([], { userId: 1 })).toBe('')
    expect(contextVariant([byUser], { userId: 1 })).toBe('{"userId":d1}')
    expect(contextVariant([byUser, byUser], {})).toBe('!\u0001!')
    expect(contextVariant([() => ({ at: new URL('http://x') })], {})).toBeUndefined()
  })
})

describe('selectionOf / pageOf', () => {
  const object = sql`json_build_object('id', 1)`
  const count = sql`count(*) over ()`

  it('selects the plain columns or the JSON object as r, with the count beside them as ~n', () => {
    const plain = plainColumns(tag, undefined)
    expect(Object.keys(selectionOf(plain, object, undefined))).toEqual(['id', 'name', 'uses'])
    expect(Object.keys(selectionOf(plain, object, count))).toEqual(['id', 'name', 'uses', '~n'])
    expect(shown(selectionOf(undefined, object, count))).toEqual({ r: `json_build_object('id', 1) as r`, '~n': 'count(*) over () as ~n' })
  })

  it('answers the driver’s rows (the count left out) or their JSON objects decoded, and the count of the first row', () => {
    const plain = plainColumns(tag, undefined)
    const rows = [{ id: 1, name: 'a', uses: 0 }]
    expect(pageOf(schema, tag, rows, plain, false, undefined)).toEqual({ rows, count: undefined })
    expect(pageOf(schema, tag, rows, plain, false, undefined).rows).toBe(rows)
    expect(pageOf(schema, tag, [{ id: 1, name: 'a', uses: 0, '~n': 9 }], plain, true, undefined)).toEqual({ rows: [{ id: 1, name: 'a', uses: 0 }], count: 9 })
    const stamp = '2024-01-02T03:04:05+00:00'
    const decoded = pageOf(schema, article, [{ r: { [PK]: 7, id: 1, slug: 'a', createdAt: stamp }, '~n': 2 }, { r: JSON.stringify({ id: 2, slug: 'b', createdAt: null }), '~n': 2 }], undefined, true, undefined)
    expect(decoded).toEqual({ rows: [{ id: 1, slug: 'a', createdAt: new Date(stamp) }, { id: 2, slug: 'b', createdAt: null }], count: 2 })
    expect((decoded.rows[0] as Record<string, unknown>)[PK]).toBe(7) // the key kept out of sight, for batch fields
    // a page past the end has no row to carry the count
    expect(pageOf(schema, tag, [], plain, true, undefined)).toEqual({ rows: [], count: undefined })
  })
})
