/**
 * src/orm/query-entry.ts: `queryEntry`, the valibot entry of one field of an `orm.Query` — a
 * filter's value (its column's schema, a list for `in`, a boolean for `isNull`, text for the text
 * operators, a number for an expression, another library's schema through the seam), bounded
 * (text length, list size, dates from year 1 to 9 999) and safe (no NUL, no prototype key); search
 * and scope as bounded text; offset, page and limit as bounded integers with their defaults; order
 * as allowed keys, one, a list or comma-separated. Driven directly with `v.safeParse`; no database.
 */
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Count } from '../../src/orm/expr'
import { Filter, Limit, Offset, OrderBy, Page, Scope, Search, type QueryField } from '../../src/orm/query'
import { queryEntry } from '../../src/orm/query-entry'

const articles = pgTable('articles', { id: serial('id').primaryKey(), title: text('title'), views: integer('views'), created: timestamp('created') })

const entry = (field: QueryField, async = false) => queryEntry(articles, 'default', 'field', field, async)
const parse = (field: QueryField, value: unknown) => v.safeParse(entry(field) as v.GenericSchema, value)
const ok = (field: QueryField, value: unknown) => {
  const result = parse(field, value)
  if (!result.success) throw new Error(`refused: ${result.issues[0]?.message}`)
  return result.output
}
const reason = (field: QueryField, value: unknown) => {
  const result = parse(field, value)
  return result.success ? undefined : result.issues[0]?.message
}

describe('queryEntry: filters', () => {
  it('takes the column’s values, a list of them for `in`, and is optional', () => {
    expect(ok(Filter('views'), 3)).toBe(3)
    expect(ok(Filter('views'), undefined)).toBeUndefined()
    expect(reason(Filter('views'), 'three')).toBeDefined()
    expect(ok(Filter('views', 'in'), [1, 2])).toEqual([1, 2])
    expect(reason(Filter('views', 'in'), 1)).toBeDefined()
  })

  it('takes a boolean for isNull, text for the text operators, a number for an expression', () => {
    expect(ok(Filter('created', 'isNull'), true)).toBe(true)
    expect(ok(Filter('views', 'contains'), '12')).toBe('12')
    expect(ok(Filter('title', 'startsWith'), 'Intro')).toBe('Intro')
    expect(ok(Filter(Count('comments'), 'gte'), 2)).toBe(2)
    expect(reason(Filter(Count('comments'), 'gte'), 'many')).toBeDefined()
  })

  it('takes another library’s schema through the seam, and refuses what is no Standard Schema', () => {
    expect(ok(Filter('views', 'gte', z.number().int().min(1)), 5)).toBe(5)
    expect(reason(Filter('views', 'gte', z.number().int().min(1)), 0)).toBeDefined()
    expect(() => entry({ '~ormQuery': 'filter', path: 'views', op: 'eq', schema: { not: 'a schema' } } as never)).toThrow(ImproperlyConfigured)
  })

  it('names an unknown column at build', () => {
    expect(() => entry(Filter('viewz'))).toThrow("orm: no column 'viewz' to filter on")
  })

  it('bounds text and lists to maxLength (default 1000), items included', () => {
    expect(reason(Filter('title'), 'x'.repeat(1001))).toBe('at most 1000 characters (got 1001)')
    expect(ok(Filter('title'), 'x'.repeat(1000))).toHaveLength(1000)
    expect(reason(Filter('title', 'eq', { maxLength: 5 }), 'abcdef')).toBe('at most 5 characters (got 6)')
    expect(reason(Filter('views', 'in', { maxLength: 3 }), [1, 2, 3, 4])).toBe('at most 3 items (got 4)')
    expect(reason(Filter('title', 'in', { maxLength: 3 }), ['a', 'abcd'])).toBe('every item at most 3 characters (got 4)')
  })

  it('bounds dates to the years the database takes (1 to 9 999)', () => {
    expect(ok(Filter('created', 'gte'), new Date('2024-01-01'))).toEqual(new Date('2024-01-01'))
    expect(reason(Filter('created', 'gte'), new Date('+010000-01-01T00:00:00Z'))).toBe('a date from year 1 to 9999')
    expect(reason(Filter('created', 'in'), [new Date('2024-01-01'), new Date('0000-06-01T00:00:00Z')])).toBe('every item a date from year 1 to 9999')
  })

  it('refuses a NUL byte and a prototype key in a value', () => {
    expect(reason(Filter('title'), 'a\0b')).toBe('a NUL byte is not allowed')
    const custom = Filter('title', 'eq', v.any())
    expect(reason(custom, JSON.parse('{"__proto__":{"x":1}}'))).toBe("the key '__proto__' is not allowed")
  })

  it('is async when asked, for another library’s schema (it may answer with a promise); a column’s stays sync', async () => {
    const asyncEntry = entry(Filter('views', 'gte', z.number()), true)
    expect(asyncEntry.async).toBe(true)
    expect((await v.safeParseAsync(asyncEntry as v.GenericSchemaAsync, 4)).output).toBe(4)
    expect((await v.safeParseAsync(asyncEntry as v.GenericSchemaAsync, 'four')).success).toBe(false)
    const bounded = entry(Filter('title', 'eq', z.string()), true) as v.GenericSchemaAsync
    expect((await v.safeParseAsync(bounded, 'x'.repeat(2000))).issues?.[0]?.message).toBe('at most 1000 characters (got 2000)')
    expect(entry(Filter('views'), true).async).toBe(false)
  })
})

describe('queryEntry: search and scope', () => {
  it('are optional bounded text, without NUL', () => {
    for (const field of [Search(['title']), Scope()]) {
      expect(ok(field, 'intro, guide')).toBe('intro, guide')
      expect(ok(field, undefined)).toBeUndefined()
      expect(reason(field, 'x'.repeat(1001))).toBeDefined()
      expect(reason(field, 'a\0')).toBe('a NUL byte is not allowed')
      expect(reason(field, 5)).toBeDefined()
    }
  })
})

describe('queryEntry: paging', () => {
  it('bounds offset from 0, page from 1 and limit from 1 to their max, with their defaults', () => {
    expect(ok(Offset(), undefined)).toBe(0)
    expect(ok(Offset({ max: 50 }), 50)).toBe(50)
    expect(reason(Offset({ max: 50 }), 51)).toBeDefined()
    expect(reason(Offset(), -1)).toBeDefined()
    expect(ok(Page(), undefined)).toBe(1)
    expect(reason(Page(), 0)).toBeDefined()
    expect(ok(Page({ default: 3 }), undefined)).toBe(3)
    expect(ok(Limit(), undefined)).toBe(100) // the max by default
    expect(ok(Limit({ max: 20, default: 5 }), undefined)).toBe(5)
    expect(reason(Limit({ max: 20 }), 21)).toBeDefined()
    expect(reason(Limit(), 1.5)).toBeDefined()
    expect(reason(Limit(), Number.POSITIVE_INFINITY)).toBeDefined()
  })
})

describe('queryEntry: order', () => {
  it('takes allowed keys (`-` descending): one, a list, or comma-separated; with its default', () => {
    const order = OrderBy(['title', 'views'], { default: ['-views'] })
    expect(ok(order, 'title')).toEqual(['title'])
    expect(ok(order, '-views,title')).toEqual(['-views', 'title'])
    expect(ok(order, ['title', '-views'])).toEqual(['title', '-views'])
    expect(ok(order, 'title,,')).toEqual(['title'])
    expect(ok(order, undefined)).toEqual(['-views'])
    expect(ok(OrderBy(['title']), undefined)).toBeUndefined()
  })

  it('refuses keys it does not allow, and an order allowing none at build', () => {
    const order = OrderBy(['title'])
    expect(reason(order, 'views')).toBeDefined()
    expect(reason(order, '--title')).toBeDefined()
    expect(reason(order, 'title; DROP TABLE articles')).toBeDefined()
    expect(() => entry(OrderBy([]))).toThrow("orm.OrderBy for 'field' allows no column")
  })
})
