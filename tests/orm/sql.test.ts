/**
 * src/orm/sql.ts: where-objects → SQL — each operator, paths through relations as EXISTS
 * subqueries, `$or`, LIKE patterns escaped, every value bound as a parameter.
 */
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import type { Ref } from '../../src/orm/paths'
import { compare, OPS, pathTarget, whereSql } from '../../src/orm/sql'
import * as schema from './fixtures/conduit-tables'

const dialect = new PgDialect()
const root: Ref = (key) => sql`${sql.identifier('root')}.${sql.identifier(key)}`
const target = sql`"x"`
const show = (part: SQL | undefined) => (part ? dialect.sqlToQuery(part) : undefined)
const where = (filter: Record<string, unknown>) => show(whereSql(schema, schema.articles, filter, root))

describe('compare', () => {
  it('writes each operator, values bound', () => {
    expect(show(compare(undefined, target, 'eq', 1))).toEqual({ sql: '"x" = $1', params: [1], typings: ['none'] })
    expect(show(compare(undefined, target, 'gte', 2))?.sql).toBe('"x" >= $1')
    expect(show(compare(undefined, target, 'in', [1, 2]))).toMatchObject({ sql: '"x" in ($1, $2)', params: [1, 2] })
    expect(show(compare(undefined, target, 'in', 3))).toMatchObject({ sql: '"x" in ($1)', params: [3] })
  })

  it('compares with null as SQL does not: eq null is `is null`, ne is null-safe', () => {
    expect(show(compare(undefined, target, 'eq', null))?.sql).toBe('"x" is null')
    expect(show(compare(undefined, target, 'ne', null))?.sql).toBe('"x" is not null')
    expect(show(compare(undefined, target, 'ne', 1))?.sql).toBe('"x" is distinct from $1')
    expect(show(compare(undefined, target, 'isNull', true))?.sql).toBe('"x" is null')
    expect(show(compare(undefined, target, 'isNull', false))?.sql).toBe('"x" is not null')
  })

  it('matches nothing for an empty `in` list', () => {
    expect(show(compare(undefined, target, 'in', []))?.sql).toBe('false')
  })

  it('escapes LIKE wildcards of the value, so `%` and `_` are matched literally', () => {
    expect(show(compare(undefined, target, 'contains', '50%_off\\'))).toMatchObject({ sql: '"x"::text like $1', params: ['%50\\%\\_off\\\\%'] })
    expect(show(compare(undefined, target, 'icontains', 'A'))).toMatchObject({ sql: '"x"::text ilike $1', params: ['%A%'] })
    expect(show(compare(undefined, target, 'startsWith', 'a_'))).toMatchObject({ params: ['a\\_%'] })
  })

  it('knows exactly the operators it writes', () => {
    expect([...OPS].sort()).toEqual(['contains', 'eq', 'gt', 'gte', 'icontains', 'in', 'isNull', 'lt', 'lte', 'ne', 'startsWith'])
  })
})

describe('whereSql', () => {
  it('joins conditions with and; a list means in, an operator object its operators', () => {
    const written = where({ title: 'a', id: [1, 2], slug: { startsWith: 's', ne: 't' } })
    expect(written?.sql).toBe('("root"."title" = $1 and "root"."id" in ($2, $3) and "root"."slug"::text like $4 and "root"."slug" is distinct from $5)')
    expect(written?.params).toEqual(['a', 1, 2, 's%', 't'])
  })

  it('writes a path through a relation as an EXISTS subquery', () => {
    expect(where({ 'author.username': 'jake' })?.sql).toMatch(/^exists \(select 1 from "conduit_users" "fw_1" where .* and "fw_1"\."username" = \$1\)$/)
  })

  it('writes $or branches, an empty one matching nothing, an empty branch matching all', () => {
    expect(where({ $or: [{ title: 'a' }, { slug: 'b' }] })?.sql).toBe('("root"."title" = $1 or "root"."slug" = $2)')
    expect(where({ $or: [] })?.sql).toBe('false')
    expect(where({ $or: [{}] })?.sql).toBe('(true)')
  })

  it('leaves out undefined values, and is undefined when nothing is left', () => {
    expect(where({ title: undefined })).toBeUndefined()
    expect(where({})).toBeUndefined()
  })

  it('takes an object whose keys are not all operators as a value to compare (no operator smuggled)', () => {
    expect(where({ title: { eq: 'a', drop: 1 } })?.params).toEqual([{ eq: 'a', drop: 1 }])
  })

  it('refuses a path that ends at a relation', () => {
    expect(() => pathTarget(schema, schema.articles, 'author')).toThrow(ImproperlyConfigured)
    expect(() => where({ author: 1 })).toThrow("orm: path 'author' ends at a relation, not a column")
  })
})
