/**
 * src/orm/query-where.ts: an `orm.Query`'s where clause from its parsed values — filters on paths
 * and expressions, search terms (bounded) in any/all/field modes, filters reading the request
 * context (a value missing there matches nothing), every value bound.
 */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Count } from '../../src/orm/expr'
import type { QueryField } from '../../src/orm/query'
import { isQueryValue, isSqlWrapper, QUERY, type QueryDef, rootRef, whereOf } from '../../src/orm/query-where'
import * as schema from './fixtures/conduit-tables'

const dialect = new PgDialect()
const def = (fields: Record<string, QueryField>): QueryDef => ({ table: schema.articles, db: 'default', fields })
const where = (fields: Record<string, QueryField>, values: Record<string, unknown>, context = {}) => {
  const clause = whereOf(schema, def(fields), values, context)
  return clause ? dialect.sqlToQuery(clause) : undefined
}

describe('whereOf', () => {
  it('joins the filters given, leaving out the ones not sent', () => {
    const written = where(
      { title: { '~ormQuery': 'filter', path: 'title', op: 'eq' }, author: { '~ormQuery': 'filter', path: 'author.username', op: 'eq' }, slug: { '~ormQuery': 'filter', path: 'slug', op: 'startsWith' } },
      { title: 'Hello', author: 'jake' },
    )
    expect(written?.sql).toBe('("conduit_articles"."title" = $1 and exists (select 1 from "conduit_users" "fw_1" where "fw_1"."id" = "conduit_articles"."author_id" and "fw_1"."username" = $2))')
    expect(written?.params).toEqual(['Hello', 'jake'])
    expect(where({ title: { '~ormQuery': 'filter', path: 'title', op: 'eq' } }, {})).toBeUndefined()
  })

  it('filters on an expression', () => {
    const written = where({ popular: { '~ormQuery': 'filter', expr: Count('comments'), op: 'gte' } }, { popular: 3 })
    expect(written?.sql).toMatch(/^\(select count\(\*\)::int from "conduit_comments" .*\) >= \$1$/)
    expect(written?.params).toEqual([3])
  })

  it('searches terms in every field (any), each in some field (all), or all in one field', () => {
    const search = (mode: 'any' | 'all' | 'field') => where({ q: { '~ormQuery': 'search', fields: ['title', 'body'], mode } }, { q: 'red, fox' })
    expect(search('any')?.params).toEqual(['%red%', '%red%', '%fox%', '%fox%'])
    expect(search('all')?.sql).toMatch(/^\(\(.* ilike \$1 or .* ilike \$2\) and \(.* ilike \$3 or .* ilike \$4\)\)$/)
    expect(search('field')?.sql).toMatch(/^\(\(.* ilike \$1 and .* ilike \$2\) or \(.* ilike \$3 and .* ilike \$4\)\)$/)
    expect(where({ q: { '~ormQuery': 'search', fields: ['title'], mode: 'any' } }, { q: ' , ' })).toBeUndefined()
  })

  it('reads at most 20 search terms', () => {
    const written = where({ q: { '~ormQuery': 'search', fields: ['title'], mode: 'any' } }, { q: Array.from({ length: 100 }, (_, index) => `t${index}`).join(' ') })
    expect(written?.params).toHaveLength(20)
  })

  it('runs a query filter with the request context, matching nothing when a value it reads is missing', () => {
    const mine: QueryField = { '~ormQuery': 'filter', op: 'eq', query: (_value: never, context: Record<string, unknown>) => ({ authorId: context.userId }) }
    expect(where({ mine }, { mine: true }, { userId: 7 })?.params).toEqual([7])
    expect(where({ mine }, { mine: true }, {})?.sql).toBe('false')
    const raw: QueryField = { '~ormQuery': 'filter', op: 'eq', query: () => sql`true` }
    expect(where({ raw }, { raw: 1 })?.sql).toBe('true')
  })
})

describe('rootRef / isQueryValue / isSqlWrapper', () => {
  it('refers to the table’s columns, refusing a key that is none', () => {
    expect(dialect.sqlToQuery(rootRef(schema.articles)('title')).sql).toBe('"conduit_articles"."title"')
    expect(() => rootRef(schema.articles)('nope')).toThrow("orm: 'conduit_articles' has no column 'nope'")
    expect(() => rootRef(schema.articles)('constructor')).toThrow(ImproperlyConfigured)
  })

  it('tells parsed query values and SQL wrappers', () => {
    expect(isQueryValue({ [QUERY]: def({}) })).toBe(true)
    expect(isQueryValue({ title: 'x' })).toBe(false)
    expect(isSqlWrapper(sql`1`)).toBe(true)
    expect(isSqlWrapper({ getSQL: 'no' })).toBe(false)
  })
})
