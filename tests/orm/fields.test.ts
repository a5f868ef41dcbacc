/**
 * src/orm/fields.ts: the field declarations of an `orm.Schema` — `Field` (a column, a path, an
 * expression, a batch function or options), `Computed`, `Order`, `Self`, and build mistakes
 * explained with where they were made.
 */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Count } from '../../src/orm/expr'
import { Computed, explain, Field, isFieldDecl, Order, Self } from '../../src/orm/fields'

describe('Field', () => {
  it('declares a path, an expression or a batch function as its source, with options', () => {
    expect(Field('author.username', { alias: 'author' })).toEqual({ '~ormField': true, source: 'author.username', options: { alias: 'author' } })
    const count = Count('comments')
    expect(Field(count)).toEqual({ '~ormField': true, source: count, options: {} })
    const batch = async () => new Map()
    expect(Field(batch).source).toBe(batch)
  })

  it('takes options alone for a column of the same name', () => {
    expect(Field({ alias: 'name' })).toEqual({ '~ormField': true, options: { alias: 'name' } })
    expect(Field()).toEqual({ '~ormField': true, source: undefined, options: {} })
  })
})

describe('Computed / isFieldDecl / Self', () => {
  it('declares a value computed from the row and the columns it reads', () => {
    const full = Computed((row) => `${String(row.first)} ${String(row.last)}`, ['first', 'last'])
    expect(full.dependencies).toEqual(['first', 'last'])
    expect(full.get?.({ first: 'a', last: 'b' })).toBe('a b')
  })

  it('tells declarations from other values', () => {
    expect(isFieldDecl(Field())).toBe(true)
    expect(isFieldDecl(Computed(() => 1))).toBe(true)
    expect(isFieldDecl({ source: 'x' })).toBe(false)
    expect(isFieldDecl(null)).toBe(false)
  })

  it('names the schema itself with one shared symbol', () => {
    expect(Self).toBe(Symbol.for('fw.orm.self'))
  })
})

describe('Order', () => {
  it('declares an ordering term over a field or an expression', () => {
    expect(Order(Count('comments'), { desc: true, nullsFirst: true })).toMatchObject({ '~ormOrder': true, field: { '~ormExpr': 'count' }, desc: true, nullsFirst: true })
    expect(Order()).toMatchObject({ '~ormOrder': true })
  })
})

describe('explain', () => {
  it('prefixes a build mistake with where it was made, dropping the `orm:` tag', () => {
    expect(() =>
      explain('ArticleSchema.author', () => {
        throw new ImproperlyConfigured("orm: 'articles' has no relation 'writer'")
      }),
    ).toThrow("ArticleSchema.author: 'articles' has no relation 'writer'")
  })

  it('lets other errors through unchanged, and gives back what the work returns', () => {
    const failure = new TypeError('bug')
    expect(() => explain('x', () => { throw failure })).toThrow(failure)
    expect(explain('x', () => 42)).toBe(42)
  })
})
