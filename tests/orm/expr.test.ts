/**
 * src/orm/expr.ts: the ORM's aggregate expressions — built as data, combined with arithmetic, and
 * written as one correlated subquery each (never a client-side loop), values bound as parameters.
 */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { Avg, Count, Exists, type Expression, expressionSql, isExpression, Max, Sum } from '../../src/orm/expr'
import type { Ref } from '../../src/orm/paths'
import * as schema from './fixtures/conduit-tables'

const dialect = new PgDialect()
const root: Ref = (key) => sql`${sql.identifier('root')}.${sql.identifier(key)}`
const query = (table: typeof schema.users | typeof schema.articles, expr: Expression, context = {}) =>
  dialect.sqlToQuery(expressionSql(schema, table, expr, root, context))

describe('building expressions', () => {
  it('records the kind, path and options as data', () => {
    expect(Count('comments', { distinct: true })).toMatchObject({ '~ormExpr': 'count', path: 'comments', distinct: true })
    expect(isExpression(Sum('articles.authorId'))).toBe(true)
    expect(isExpression({ path: 'x' })).toBe(false)
    expect(isExpression(null)).toBe(false)
  })

  it('combines expressions with arithmetic, left to right', () => {
    const ratio = Sum('articles.authorId').div(Count('articles')).times(100)
    expect(ratio).toMatchObject({ '~ormExpr': 'arith', op: '*', args: [{ '~ormExpr': 'arith', op: '/' }, 100] })
  })
})

describe('expressionSql', () => {
  it('writes a count as a correlated subquery on the relation', () => {
    const { sql: text, params } = query(schema.users, Count('articles'))
    expect(text).toMatch(/^\(select count\(\*\)::int from "conduit_articles" "fw_1" where "fw_1"\."author_id" = "root"\."id"\)$/)
    expect(params).toEqual([])
  })

  it('binds a filter’s values as parameters, never as SQL text', () => {
    const { sql: text, params } = query(schema.users, Count('articles', { filter: { title: "x'; drop table users; --" } }))
    expect(text).not.toContain('drop table')
    expect(params).toEqual(["x'; drop table users; --"])
  })

  it('writes exists, sum (0 when none), avg rounded, max', () => {
    expect(query(schema.users, Exists('articles')).sql).toMatch(/^exists \(select 1 from "conduit_articles"/)
    expect(query(schema.users, Sum('articles.authorId')).sql).toMatch(/^\(select coalesce\(sum\("fw_1"\."author_id"\), 0\)::float8 from/)
    expect(query(schema.users, Avg('articles.authorId', { round: 2 })).sql).toMatch(/^\(select round\(avg\("fw_1"\."author_id"\)::numeric, 2\)::float8 from/)
    expect(query(schema.users, Max('articles.createdAt')).sql).toMatch(/^\(select max\("fw_1"\."created_at"\) from/)
  })

  it('counts distinct rows by their primary key', () => {
    expect(query(schema.users, Count('articles', { distinct: true })).sql).toMatch(/^\(select count\(distinct "fw_1"\."id"\)::int from/)
  })

  it('writes arithmetic in float, constants as parameters', () => {
    const { sql: text, params } = query(schema.users, Count('articles').times(2))
    expect(text).toMatch(/^\(\(select count\(\*\)::int from .*\)::float8 \* \$1\)$/)
    expect(params).toEqual([2])
  })

  it('matches nothing when a context filter reads a value the request does not have', () => {
    const filtered = Count('articles', { filter: (context) => ({ authorId: context.userId }) })
    expect(query(schema.users, filtered, {}).sql).toContain('false')
    expect(query(schema.users, filtered, { userId: 7 }).params).toEqual([7])
  })
})
