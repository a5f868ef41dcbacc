/**
 * src/orm/plain.ts: what a `serialize()` statement selects and whether its rows need `finish`, in process
 * (how they come back: tests/orm/read-plan.test.ts)
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
import { needsFinish, plainColumns } from '../../src/orm/plain'
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

describe('needsFinish', () => {
  it('is true for a batch or computed field, a validate hook or a nested schema that has one, and false for columns, paths and plain nested schemas', () => {
    expect(needsFinish(tag, undefined)).toBe(false)
    expect(needsFinish(defOf(orm.Schema(schema.articles, { id: true, author: orm.Field('author.username') })), undefined)).toBe(false)
    expect(needsFinish(defOf(orm.Schema(schema.tags, { id: true }, { validate: (value) => value })), undefined)).toBe(true)
    expect(needsFinish(defOf(orm.Schema(schema.tags, { id: true, name: true, shout: orm.Computed(() => 1, ['name']) })), undefined)).toBe(true)
    expect(needsFinish(defOf(orm.Schema(schema.tags, { id: true, used: orm.Field(async () => new Map()) })), undefined)).toBe(true)
    // a nested schema with work of its own (a validate hook, a computed field) is finished; a plain one has none (RealWorld's author)
    const nested = defOf(orm.Schema(schema.articles, { id: true, author: orm.Schema(schema.users, { id: true }, { validate: (value) => value }) }))
    expect(needsFinish(nested, undefined)).toBe(true)
    expect(needsFinish(nested, { excluded: new Set(['author']) })).toBe(false)
    const computed = orm.Schema(schema.users, { id: true, username: true, shout: orm.Computed((row) => String(row.username), ['username']) })
    expect(needsFinish(defOf(orm.Schema(schema.articles, { id: true, author: computed })), undefined)).toBe(true)
    expect(needsFinish(defOf(orm.Schema(schema.articles, { id: true, author: orm.Schema(schema.users, { id: true }) })), undefined)).toBe(false)
  })
})
