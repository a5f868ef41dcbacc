/**
 * src/orm/plain.ts: what a `serialize()` statement selects and how its rows come back, in process
 * (the statements run on PGlite in tests/orm/prepared.test.ts and tests/orm/orm.test.ts). A schema
 * of plain columns of its own table (integers, text, booleans, uuids, enums) is selected as those
 * columns aliased by their output names; anything else — a timestamp, a path, a nested schema, a
 * virtual or computed field, an alias Postgres would not keep or that names another column —
 * keeps the JSON object `r`.
 */
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { orm } from '../../src/orm'
import type { Scope } from '../../src/orm/build'
import type { SchemaDef } from '../../src/orm/fields'
import { needsFinish, pageOf, plainColumns, selectionOf } from '../../src/orm/plain'
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

describe('plainColumns', () => {
  it('selects a schema of plain columns as its columns, aliased by output name, in output order', () => {
    expect(shown(plainColumns(tag, undefined))).toEqual({
      id: '"conduit_tags"."id" as id',
      name: '"conduit_tags"."name" as name',
      uses: '"conduit_tags"."uses" as uses',
    })
    const user = defOf(orm.Schema(schema.users, { role: true, login: orm.Field('username', { alias: 'login' }) }))
    expect(shown(plainColumns(user, undefined))).toEqual({ role: '"conduit_users"."role" as role', login: '"conduit_users"."username" as login' })
  })

  it('finds an unscoped selection once per schema', () => {
    expect(plainColumns(tag, undefined)).toBe(plainColumns(tag, undefined))
  })

  it('keeps the JSON path for a field the driver would not hand over as JSON carries it', () => {
    const keeps = {
      timestamp: orm.Schema(schema.users, { id: true, createdAt: true }),
      path: orm.Schema(schema.articles, { id: true, author: orm.Field('author.username') }),
      nested: orm.Schema(schema.articles, { id: true, author: orm.Schema(schema.users, { id: true }) }),
      expression: orm.Schema(schema.articles, { id: true, comments: orm.Count('comments') }),
      virtual: orm.Schema(schema.tags, { id: true, extra: orm.Field({ type: v.number(), mode: 'ra' }) }),
      computed: orm.Schema(schema.tags, { id: true, name: true, shout: orm.Computed((row) => `${String(row.name)}!`, ['name']) }),
    }
    for (const [what, declared] of Object.entries(keeps)) expect(plainColumns(defOf(declared), undefined), what).toBeUndefined()
  })

  it('keeps the JSON path for an output name Postgres would not keep as an alias or that names another column', () => {
    const names = ['~n', '__proto__', 'say "hi"', 'x'.repeat(64), 'é'.repeat(32), 'uses']
    for (const alias of names) {
      const def = defOf(orm.Schema(schema.tags, { id: true, name: orm.Field({ alias }) }))
      expect(plainColumns(def, undefined), alias).toBeUndefined()
    }
    // 63 bytes is the longest alias Postgres keeps
    const longest = defOf(orm.Schema(schema.tags, { id: true, name: orm.Field({ alias: 'x'.repeat(63) }) }))
    expect(Object.keys(plainColumns(longest, undefined) ?? {})).toEqual(['id', 'x'.repeat(63)])
  })

  it('selects the plain columns a scope keeps of a schema that is not plain, and nothing for a scope of none', () => {
    const article = defOf(orm.Schema(schema.articles, { id: true, slug: true, createdAt: true, author: orm.Field('author.username') }))
    expect(plainColumns(article, undefined)).toBeUndefined()
    const scope: Scope = { only: new Map([['slug', true], ['id', true]]) }
    expect(Object.keys(plainColumns(article, scope) ?? {})).toEqual(['id', 'slug'])
    expect(plainColumns(article, { excluded: new Set(['createdAt', 'author']) })).toBeDefined()
    expect(plainColumns(article, { only: new Map([['nothing', true]]) })).toBeUndefined()
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

  it('answers the driver’s rows (the count left out) or their JSON objects, and the count of the first row', () => {
    const plain = plainColumns(tag, undefined)
    const rows = [{ id: 1, name: 'a', uses: 0 }]
    expect(pageOf(rows, plain, false)).toEqual({ objects: rows, count: undefined })
    expect(pageOf(rows, plain, false).objects).toBe(rows)
    expect(pageOf([{ id: 1, name: 'a', uses: 0, '~n': 9 }], plain, true)).toEqual({ objects: [{ id: 1, name: 'a', uses: 0 }], count: 9 })
    expect(pageOf([{ r: { id: 1 }, '~n': 2 }, { r: { id: 2 }, '~n': 2 }], undefined, true)).toEqual({ objects: [{ id: 1 }, { id: 2 }], count: 2 })
    // a page past the end has no row to carry the count
    expect(pageOf([], plain, true)).toEqual({ objects: [], count: undefined })
  })
})

describe('needsFinish', () => {
  it('is true for a batch, computed or nested field or a validate hook, and false for columns and paths', () => {
    expect(needsFinish(tag, undefined)).toBe(false)
    expect(needsFinish(defOf(orm.Schema(schema.articles, { id: true, author: orm.Field('author.username') })), undefined)).toBe(false)
    expect(needsFinish(defOf(orm.Schema(schema.tags, { id: true }, { validate: (value) => value })), undefined)).toBe(true)
    expect(needsFinish(defOf(orm.Schema(schema.tags, { id: true, name: true, shout: orm.Computed(() => 1, ['name']) })), undefined)).toBe(true)
    expect(needsFinish(defOf(orm.Schema(schema.tags, { id: true, used: orm.Field(async () => new Map()) })), undefined)).toBe(true)
    const nested = defOf(orm.Schema(schema.articles, { id: true, author: orm.Schema(schema.users, { id: true }) }))
    expect(needsFinish(nested, undefined)).toBe(true)
    expect(needsFinish(nested, { excluded: new Set(['author']) })).toBe(false)
  })
})
