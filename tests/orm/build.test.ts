/**
 * src/orm/build.ts: the SQL of a serialised row — the fields a scope chooses (computed fields'
 * dependencies added unmarked), an ordering term, `json_build_object` of a schema's fields
 * (declared names as literals, the hidden key for batch functions) — and the declaration checks
 * of a schema's paths and relations. Rendered with drizzle's PgDialect, no database; the rows
 * they select on PGlite: tests/orm/orm.test.ts, tests/orm/compiled.test.ts.
 */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { checkDef, fieldsIn, hasBatch, objectSql, orderSql, PK, resolvedOf, type Build } from '../../src/orm/build'
import type { DefField, SchemaDef } from '../../src/orm/fields'
import type { Ref } from '../../src/orm/paths'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'
import * as schema from './fixtures/conduit-tables'

const { articles, comments, users } = schema
const dialect = new PgDialect()
const root: Ref = (key) => sql`${sql.identifier('root')}.${sql.identifier(key)}`
const defOf = (declared: unknown): SchemaDef => (declared as AnyOrmSchema)[DEF]
const build = (): Build => ({ module: schema, context: {}, levels: new Map() })
const render = (query: ReturnType<typeof sql>) => dialect.sqlToQuery(query)

const column = (key: string, extra: Partial<DefField> = {}): DefField =>
  ({ key, out: key, mode: 'rwa', noOutput: false, kind: 'column', column: key, ...extra }) as DefField
const computed = (key: string, dependencies: string[]): DefField => ({
  key,
  out: key,
  mode: 'r',
  noOutput: false,
  kind: 'computed',
  get: () => null,
  dependencies,
})
const handDef = (fields: DefField[]): SchemaDef => ({ table: users, db: 'default', name: 'conduit_users', fields, columns: [], ones: [] })

describe('fieldsIn: the fields a scope builds', () => {
  const def = handDef([
    column('id'),
    column('username'),
    column('bio', { mode: 'wa' }), // not readable
    column('email', { noOutput: true }),
    computed('label', ['username', 'role']),
    column('role'),
  ])

  it('without a scope: every readable output field, the same list each time (kept per schema)', () => {
    const chosen = fieldsIn(def, undefined)
    expect(chosen.map(({ field }) => field.out)).toEqual(['id', 'username', 'label', 'role'])
    expect(fieldsIn(def, undefined)).toBe(chosen)
  })

  it('`only` and `excluded` choose; a computed field brings its dependencies, not output', () => {
    const only = fieldsIn(def, { only: new Map([['label', true]]) })
    expect(only.map(({ field, output }) => [field.out, output])).toEqual([
      ['label', true],
      ['username', false],
      ['role', false],
    ])
    const excluded = fieldsIn(def, { excluded: new Set(['id', 'label']) })
    expect(excluded.map(({ field }) => field.out)).toEqual(['username', 'role'])
  })

  it('a sub-scope rides with its field; a dependency on an unknown field is ImproperlyConfigured', () => {
    const sub = { only: new Map<string, true>([['x', true]]) }
    expect(fieldsIn(def, { only: new Map([['id', sub]]) })[0]?.sub).toBe(sub)
    const broken = handDef([computed('label', ['nope'])])
    expect(() => fieldsIn(broken, undefined)).toThrow(
      new ImproperlyConfigured("orm.Schema(conduit_users): 'label' depends on unknown field 'nope'"),
    )
  })
})

describe('orderSql', () => {
  const order = (term: Parameters<typeof orderSql>[2]) => render(orderSql(schema, articles, term, root, {})).sql

  it('a name ascending, `-name` descending, nulls first/last when said', () => {
    expect(order('title')).toBe('"root"."title" asc')
    expect(order('-createdAt')).toBe('"root"."createdAt" desc')
    expect(order(orm.Order('title', { desc: true, nullsFirst: false }))).toBe('"root"."title" desc nulls last')
    expect(order(orm.Order('title', { nullsFirst: true }))).toBe('"root"."title" asc nulls first')
  })

  it('an expression as a correlated subquery; a term with no field is ImproperlyConfigured', () => {
    expect(render(orderSql(schema, users, orm.Order(orm.Count('articles'), { desc: true }), root, {})).sql).toMatch(
      /^\(select count\(\*\)::int from "conduit_articles" .*\) desc$/,
    )
    expect(() => orderSql(schema, articles, {} as never, root, {})).toThrow(new ImproperlyConfigured('orm.Order needs a field'))
  })
})

describe('objectSql', () => {
  it('json_build_object of the output names (literals, quotes doubled) and their values', () => {
    const def = handDef([column('id'), column('username', { out: "it's" } as Partial<DefField>)])
    const { sql: text, params } = render(objectSql(build(), def, root))
    expect(text).toBe(`json_build_object('id', "root"."id", 'it''s', "root"."username")`)
    expect(params).toEqual([])
  })

  it('the hidden key for batch functions first, when asked (or when the schema has one)', () => {
    const plain = handDef([column('username')])
    expect(hasBatch(plain)).toBe(false)
    expect(render(objectSql(build(), plain, root, undefined, true)).sql).toBe(
      `json_build_object('${PK}', "root"."id", 'username', "root"."username")`,
    )
    const batched = handDef([column('username'), { key: 'b', out: 'b', mode: 'r', noOutput: false, kind: 'batch', fn: async () => new Map(), many: false }])
    expect(hasBatch(batched)).toBe(true)
    expect(render(objectSql(build(), batched, root)).sql).toMatch(/^json_build_object\('~pk', "root"."id", 'username'/)
  })

  it('a nested to-many relation as an ordered json_agg subquery, the key breaking ties', () => {
    const Article = orm.Schema(articles, {
      id: true,
      comments: orm.Field('comments', { schema: [orm.Schema(comments, { body: true })], order: ['-createdAt'] }),
    })
    const text = render(objectSql(build(), defOf(Article), root)).sql
    expect(text).toContain(`'comments', (select coalesce(json_agg(s.j), '[]'::json) from (select json_build_object('body'`)
    expect(text).toMatch(/where "fw_1"\."article_id" = "root"\."id" order by "fw_1"\."created_at" desc, "fw_1"\."id" asc\) s\)\)$/)
  })
})

describe('checkDef: a schema against its module', () => {
  it('passes a valid schema (and a self-referencing one, once)', () => {
    const Article = orm.Schema(articles, { id: true, authorName: orm.Field('author.username'), author: orm.Schema(users, { id: true }) })
    expect(() => checkDef(schema, defOf(Article))).not.toThrow()
  })

  it('a path ending at a relation, or a relation whose schema is over another table: ImproperlyConfigured naming the field', () => {
    const endsAtRelation = handDef([{ key: 'a', out: 'a', mode: 'r', noOutput: false, kind: 'path', path: 'articles', max: 10 }])
    expect(() => checkDef(schema, endsAtRelation)).toThrow(
      "field 'a': path 'articles' ends at a relation: give it a schema ({ schema: Schema | [Schema] })",
    )
    const wrongChild = handDef([
      { key: 'a', out: 'a', mode: 'r', noOutput: false, kind: 'nested', path: 'articles', child: defOf(orm.Schema(comments, { id: true })), depth: 2, max: 10 },
    ])
    expect(() => checkDef(schema, wrongChild)).toThrow("relation 'articles' leads to 'conduit_articles', but its schema is over 'conduit_comments'")
    const notRelation = handDef([
      { key: 'a', out: 'a', mode: 'r', noOutput: false, kind: 'nested', path: 'username', child: defOf(orm.Schema(comments, { id: true })), depth: 2, max: 10 },
    ])
    expect(() => checkDef(schema, notRelation)).toThrow(ImproperlyConfigured)
  })
})

describe('resolvedOf', () => {
  it('resolves a path once per schema module and keeps it', () => {
    const def = defOf(orm.Schema(articles, { id: true }))
    const resolved = resolvedOf(schema, def, 'author.username')
    expect(resolved.key).toBe('username')
    expect(resolvedOf(schema, def, 'author.username')).toBe(resolved)
    expect(resolvedOf({ ...schema }, def, 'author.username')).not.toBe(resolved)
  })
})
