/**
 * src/orm/query-schema.ts: `orm.Query(table, fields)`, a query-string schema — build mistakes
 * named at declaration (a page without a limit, an unknown column in a filter, search or order)
 * or when the database's schema module is known (an unknown relation path), values parsed under
 * their names or aliases (both forms of an operator alias, not twice), an operator key no field
 * declares refused, another library's filter schema making it async, and the parsed value
 * carrying `count()`. Driven directly with valibot; the databases are declared, never opened
 * (counting rows is tests/orm/query.test.ts, on PGlite).
 */
import { relations } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { z } from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Database, DatabaseConnections } from '../../src/orm/database'
import { Count } from '../../src/orm/expr'
import { Order } from '../../src/orm/fields'
import { Filter, Limit, Offset, OrderBy, Page, Search } from '../../src/orm/query'
import { Query } from '../../src/orm/query-schema'

const authors = pgTable('qs_authors', { id: serial('id').primaryKey(), name: text('name') })
const books = pgTable('qs_books', { id: serial('id').primaryKey(), title: text('title'), pages: integer('pages'), authorId: integer('author_id') })
const booksRelations = relations(books, ({ one }) => ({ author: one(authors, { fields: [books.authorId], references: [authors.id] }) }))
const authorsRelations = relations(authors, ({ many }) => ({ books: many(books) }))
const module = { authors, books, booksRelations, authorsRelations }

const active: DatabaseConnections[] = []
afterEach(async () => {
  for (const connections of active.splice(0)) await connections.close()
})
const activate = (schema: Record<string, unknown>) => {
  const connections = new DatabaseConnections({ default: new Database({ name: 'qs', schema }) })
  active.push(connections)
  return connections.activate()
}

const parse = (schema: unknown, input: Record<string, unknown>) => v.safeParse(schema as v.GenericSchema, input)

describe('orm.Query: build mistakes', () => {
  it('needs a Limit beside a Page', () => {
    expect(() => Query(books, { page: Page() })).toThrow('orm.Query(qs_books): orm.Page needs an orm.Limit in the same query')
    expect(() => Query(books, { page: Page(), limit: Limit() })).not.toThrow()
  })

  it('names an unknown column of a filter, a search or an order', () => {
    expect(() => Query(books, { t: Filter('titel') })).toThrow("orm.Query(qs_books): Filter 't': no column 'titel'")
    expect(() => Query(books, { q: Search(['title', 'sumary']) })).toThrow("Search 'q': no column 'sumary'")
    expect(() => Query(books, { order: OrderBy(['title', 'toString']) })).toThrow("OrderBy 'order': no column 'toString'")
  })

  it('checks a relation path when the database’s schema module becomes known: at activation', () => {
    const strays = pgTable('qs_strays', { id: serial('id').primaryKey() })
    expect(() => Query(strays, { owner: Filter('owner.name') })).not.toThrow() // no database known yet
    expect(() => activate({ strays })).toThrow(/orm.Query\(qs_strays\): Filter 'owner'/)
  })

  it('checks relation paths and expressions at once when it is already known', () => {
    activate(module)
    expect(() => Query(books, { author: Filter('author.name') })).not.toThrow()
    expect(() => Query(authors, { popular: Filter(Count('books'), 'gte') })).not.toThrow()
    expect(() => Query(books, { writer: Filter('writer.name') })).toThrow(/orm.Query\(qs_books\): Filter 'writer'/)
    expect(() => Query(authors, { popular: Filter(Count('novels'), 'gte') })).toThrow(/Filter 'popular'/)
    expect(() => Query(authors, { order: OrderBy({ books: Order(Count('novels')) }) })).toThrow(/OrderBy 'order'/)
  })
})

describe('orm.Query: parsing', () => {
  const BookQuery = Query(books, {
    title: Filter('title', 'icontains'),
    minPages: Filter('pages', 'gte', { alias: 'pages>=' }),
    offset: Offset(),
    limit: Limit({ max: 20 }),
    order: OrderBy(['title', 'pages'], { alias: '@order' }),
  })

  it('gives each field its value (under its name or alias) with the defaults, and keeps the table', () => {
    const parsed = parse(BookQuery, { title: 'dune', 'pages>=': 100, '@order': '-pages' })
    expect(parsed.success).toBe(true)
    expect(parsed.output).toEqual({ title: 'dune', minPages: 100, offset: 0, limit: 20, order: ['-pages'] })
    expect(BookQuery.table).toBe(books)
  })

  it('reads an operator alias in the form a browser sends it (the key cut at its first =)', () => {
    expect(parse(BookQuery, { 'pages>': 50 }).output).toMatchObject({ minPages: 50 })
    const twice = parse(BookQuery, { 'pages>': 50, 'pages>=': 60 })
    expect(twice.success).toBe(false)
    expect(twice.issues?.[0]?.message).toBe("the filter 'pages>=' is given twice (as 'pages>=' and as 'pages>')")
  })

  it('refuses an operator key no field declares, naming the operator filters there are; ignores other unknown keys', () => {
    const typo = parse(BookQuery, { 'page>=': 3 })
    expect(typo.issues?.[0]?.message).toBe("unknown filter 'page>=' (operator filters here: pages>=)")
    expect(parse(BookQuery, { utm_source: 'mail' }).success).toBe(true)
  })

  it('refuses values out of their bounds', () => {
    expect(parse(BookQuery, { limit: 21 }).success).toBe(false)
    expect(parse(BookQuery, { title: 'x'.repeat(1001) }).success).toBe(false)
    expect(parse(BookQuery, { '@order': 'author' }).success).toBe(false)
  })

  it('carries count() and the query’s def without showing them as values', () => {
    const parsed = parse(BookQuery, {}).output as Record<string, unknown> & { count: unknown }
    expect(typeof parsed.count).toBe('function')
    expect(Object.keys(parsed)).toEqual(['title', 'minPages', 'offset', 'limit', 'order'])
    expect(JSON.stringify(parsed)).not.toContain('count')
  })

  it('counts on the query’s database: with none configured, the setup to make is named', async () => {
    const parsed = parse(BookQuery, {}).output as { count: () => Promise<number> }
    await expect(parsed.count()).rejects.toThrow(/no databases configured/)
  })
})

describe('orm.Query: async filters', () => {
  it('is async with another library’s filter schema, sync with valibot’s', async () => {
    const zodQuery = Query(books, { pages: Filter('pages', 'gte', z.coerce.number().int().min(1)) })
    expect((zodQuery as { async?: boolean }).async).toBe(true)
    const parsed = await v.safeParseAsync(zodQuery as unknown as v.GenericSchemaAsync, { pages: '12' })
    expect(parsed.output).toEqual({ pages: 12 })
    expect((await v.safeParseAsync(zodQuery as unknown as v.GenericSchemaAsync, { pages: '0' })).success).toBe(false)
    const valibotQuery = Query(books, { pages: Filter('pages', 'gte', v.pipe(v.number(), v.minValue(1))) })
    expect((valibotQuery as { async?: boolean }).async).toBe(false)
  })
})
