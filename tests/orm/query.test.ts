/**
 * At parse time (src/orm/query.ts, src/orm/query-keys.ts):
 * operator keys as a browser delivers them, unknown operator keys refused,
 * and every filter value bounded (`maxLength`, default 1 000). Over HTTP on
 * both engines: tests/orm/filters.test.ts.
 */
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import * as tables from '../../examples/blog/tables'
import { parseQuery } from '../../src/request/query'
import { compileChecker, Invalid } from '../../src/schema/parse'

const { articles } = tables

/** Convert then validate as a request would: the output, or the path and reason of the 400. */
function parse(schema: Parameters<typeof compileChecker>[0], input: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  const output = compileChecker(schema)(input)
  return output instanceof Invalid ? { ok: false as const, reason: `${output.path.join('.')}: ${output.reason}` } : { ok: true as const, value: output as Record<string, unknown> }
}
const reasonOf = (schema: Parameters<typeof compileChecker>[0], input: unknown): string => {
  const result = parse(schema, input)
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`)
  return result.reason
}

describe('D6: operator keys as sent', () => {
  const query = orm.Query(articles, {
    min: orm.Filter(orm.Count('comments'), 'gte', { alias: 'comments_num>=' }),
    max: orm.Filter(orm.Count('comments'), 'lte', { alias: 'comments_num<=' }),
    title: orm.Filter('title'),
  })

  it("reads 'comments_num>=' from the key a typed '?comments_num>=2' arrives as, and from the encoded key", () => {
    expect(parseQuery('comments_num>=2&comments_num<=5')).toEqual({ 'comments_num>': '2', 'comments_num<': '5' })
    expect(parse(query, parseQuery('comments_num>=2&comments_num<=5'))).toMatchObject({ ok: true, value: { min: 2, max: 5 } })
    expect(parse(query, parseQuery('comments_num%3E%3D=3'))).toMatchObject({ ok: true, value: { min: 3, max: undefined } })
    expect(parse(query, { 'comments_num>=': 4 })).toMatchObject({ ok: true, value: { min: 4 } })
  })

  it('both forms at once, or an operator key no filter declares, is a 400 naming the key', () => {
    expect(reasonOf(query, parseQuery('comments_num>=2&comments_num%3E%3D=3'))).toMatch(/'comments_num>=' is given twice/)
    expect(reasonOf(query, parseQuery('views>=2'))).toMatch(/unknown filter 'views>' \(operator filters here: comments_num>=, comments_num<=\)/)
    expect(reasonOf(query, parseQuery('title!=a'))).toMatch(/unknown filter 'title!'/)
    expect(reasonOf(query, parseQuery('comments_num>2'))).toMatch(/unknown filter 'comments_num>2'/)
    // other unknown keys (a cache buster) are still ignored
    expect(parse(query, parseQuery('_=123&title=a'))).toMatchObject({ ok: true, value: { title: 'a' } })
  })

  it('a key a browser cannot send as written, or two fields reading one key, is ImproperlyConfigured', () => {
    expect(() => orm.Query(articles, { a: orm.Filter('title', 'eq', { alias: 'a=b' }) })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Query(articles, { a: orm.Filter('title', 'eq', { alias: 'a&b' }) })).toThrow(/cannot be sent as written/)
    expect(() => orm.Query(articles, { rows: orm.Limit({ alias: 'rows=' }) })).toThrow(/only a filter's alias may end with '='/)
    expect(() => orm.Query(articles, { a: orm.Filter('title', 'gte', { alias: 't>=' }), b: orm.Filter('title', 'gt', { alias: 't>' }) })).toThrow(/'b' and 'a' both read the query key 't>'/)
  })
})

describe('D7: filter values bounded', () => {
  it('every filter kind refuses a value over 1 000 characters by default, naming the field', () => {
    const query = orm.Query(articles, {
      title: orm.Filter('title'),
      q: orm.Filter('title', 'icontains'),
      ids: orm.Filter('title', 'in'),
      fn: orm.Filter({ query: (value: string) => ({ title: { startsWith: value } }), schema: v.string() }),
      custom: orm.Filter('content', 'eq', v.string()),
    })
    for (const key of ['title', 'q', 'fn', 'custom']) {
      expect(parse(query, { [key]: 'x'.repeat(1000) }).ok, key).toBe(true)
      expect(reasonOf(query, { [key]: 'x'.repeat(1001) })).toBe(`${key}: at most 1000 characters (got 1001)`)
    }
    expect(reasonOf(query, { ids: ['ok', 'x'.repeat(1001)] })).toMatch(/ids.*every item at most 1000 characters \(got 1001\)/)
    expect(reasonOf(query, { ids: Array.from({ length: 1001 }, (_, index) => String(index)) })).toMatch(/ids.*at most 1000 items \(got 1001\)/)
    expect(parse(query, { ids: Array.from({ length: 1000 }, (_, index) => String(index)) }).ok).toBe(true)
  })

  it('a date filter value outside years 1 to 9999 (which the database cannot take as drizzle sends it) is a 400 naming the field', () => {
    const query = orm.Query(articles, { within: orm.Filter('createdAt', 'gte'), days: orm.Filter('createdAt', 'in') })
    for (const value of ['99999-01-01', '+010000-01-01T00:00:00Z', '0000-12-31', '-000001-01-01']) expect(reasonOf(query, { within: value })).toBe('within: a date from year 1 to 9999')
    expect(reasonOf(query, { days: ['2024-01-01', '10000-01-01'] })).toBe('days: every item a date from year 1 to 9999')
    expect(parse(query, { within: '9999-12-31T23:59:59Z', days: ['0001-01-01'] }).ok).toBe(true)
  })

  it('maxLength sets the bound per filter, and must be a positive integer', () => {
    const query = orm.Query(articles, { q: orm.Filter('title', 'icontains', { maxLength: 10 }), fn: orm.Filter({ query: (value: string) => ({ title: value }), schema: v.string(), maxLength: 3 }) })
    expect(parse(query, { q: 'x'.repeat(10), fn: 'abc' }).ok).toBe(true)
    expect(reasonOf(query, { q: 'x'.repeat(11) })).toMatch(/at most 10 characters/)
    expect(reasonOf(query, { fn: 'abcd' })).toMatch(/at most 3 characters/)
    for (const maxLength of [0, -1, 1.5, Infinity, Number.NaN]) expect(() => orm.Filter('title', 'eq', { maxLength })).toThrow(exceptions.ImproperlyConfigured)
  })
})
