/**
 * src/orm/check.ts: a query's filter, order, limit and expressions checked against the tables
 * when it is declared — a mistake is ImproperlyConfigured at build, never a 500 per request.
 */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { checkExpression, checkLimit, checkOrder, checkWhere } from '../../src/orm/check'
import { Count, Exists, Sum } from '../../src/orm/expr'
import * as schema from './fixtures/conduit-tables'

describe('checkWhere', () => {
  it('accepts columns, paths through relations, operators and $or branches', () => {
    expect(() => checkWhere(schema, schema.articles, { title: 'x', 'author.username': { eq: 'a' }, $or: [{ slug: 'a' }, { body: { ne: '' } }] })).not.toThrow()
    expect(() => checkWhere(schema, schema.articles, undefined)).not.toThrow()
    expect(() => checkWhere(schema, schema.articles, () => ({}))).not.toThrow()
  })

  it('refuses an unknown operator, listing the known ones', () => {
    expect(() => checkWhere(schema, schema.articles, { title: { like: 'x' } })).toThrow(/^filter 'title': unknown operator 'like' \(eq, ne, gt/)
  })

  it('refuses a path that ends at a relation, and a $or that is no list', () => {
    expect(() => checkWhere(schema, schema.articles, { author: 1 })).toThrow("filter 'author' ends at a relation, not a column of 'conduit_users' (filter paths are relative to 'conduit_articles')")
    expect(() => checkWhere(schema, schema.articles, { $or: { slug: 'a' } })).toThrow("filter: '$or' must be a list of where-objects")
  })

  it('refuses an unknown column (in a $or branch too)', () => {
    expect(() => checkWhere(schema, schema.articles, { nope: 1 })).toThrow(ImproperlyConfigured)
    expect(() => checkWhere(schema, schema.articles, { $or: [{ nope: 1 }] })).toThrow(ImproperlyConfigured)
  })
})

describe('checkOrder', () => {
  it('accepts columns, descending columns and expressions', () => {
    expect(() => checkOrder(schema, schema.articles, ['title', '-createdAt', { '~ormOrder': true, field: Count('comments') }])).not.toThrow()
    expect(() => checkOrder(schema, schema.articles, undefined)).not.toThrow()
  })

  it('refuses what is no column of the table (paths, prototype names)', () => {
    expect(() => checkOrder(schema, schema.articles, ['author.username'])).toThrow(
      "order 'author.username' is not a column of 'conduit_articles' (order paths are relative to the relation's last table, 'conduit_articles')",
    )
    expect(() => checkOrder(schema, schema.articles, ['constructor'])).toThrow(ImproperlyConfigured)
  })
})

describe('checkLimit', () => {
  it('accepts a positive safe integer or none', () => {
    expect(() => checkLimit(undefined)).not.toThrow()
    expect(() => checkLimit(1)).not.toThrow()
  })

  it('refuses zero, negatives, fractions and unsafe integers', () => {
    for (const limit of [0, -1, 1.5, 2 ** 53, Number.NaN]) expect(() => checkLimit(limit), String(limit)).toThrow(`limit must be a positive integer (got ${String(limit)})`)
  })
})

describe('checkExpression', () => {
  it('accepts aggregates over relations, their filters and arithmetic over them', () => {
    expect(() => checkExpression(schema, schema.users, Count('articles', { filter: { title: 'x' } }))).not.toThrow()
    expect(() => checkExpression(schema, schema.users, Exists('articles'))).not.toThrow()
    expect(() => checkExpression(schema, schema.tags, Sum('articleTags.article.authorId').plus(Count('articleTags')))).not.toThrow()
  })

  it('refuses an aggregate without a relation, a value aggregate without a column, a bad filter inside', () => {
    expect(() => checkExpression(schema, schema.users, Count('username'))).toThrow("orm: count('username') needs a relation")
    expect(() => checkExpression(schema, schema.users, Sum('articles'))).toThrow("orm: sum('articles') needs a column at the end of its path")
    expect(() => checkExpression(schema, schema.users, Count('articles', { filter: { title: { regex: 'x' } } }))).toThrow(/unknown operator 'regex'/)
    expect(() => checkExpression(schema, schema.users, Count('nope'))).toThrow(ImproperlyConfigured)
  })
})
