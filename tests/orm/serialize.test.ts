/**
 * src/orm/serialize.ts: `serializeRows` and `serializeCounted` — the rows a list of keys, a
 * where-object, a drizzle condition or nothing selects, with `where`, `order` (a column of the
 * schema's table, else ImproperlyConfigured) and `scope`; the count of every row the filters select
 * (the page's statement, and a second `count(*)` only when the page is empty); batch-function and
 * computed fields filled after the query, one call per field; a failure a rejection, never a throw.
 * On PGlite (in-process PostgreSQL); through HTTP and a PostgreSQL server: tests/orm/orm.test.ts,
 * tests/orm/counted.test.ts.
 */
import { eq } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BadRequest, ImproperlyConfigured } from '../../src/exceptions'
import { Database, DatabaseConnections } from '../../src/orm/database'
import { serializeCounted, serializeRows } from '../../src/orm/serialize'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'

const writers = pgTable('ser_writers', { id: serial('id').primaryKey(), name: text('name').notNull() })
const books = pgTable('ser_books', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  pages: integer('pages').notNull(),
  writerId: integer('writer_id').references(() => writers.id),
})
const tables = { writers, books }

const batchCalls: unknown[][] = []
const Book = orm.Schema(books, { id: true, title: true, pages: true })
const Writer = orm.Schema(writers, {
  id: true,
  name: true,
  shout: orm.Computed((row) => String(row.name).toUpperCase(), ['name']),
  lucky: orm.Field(async (keys: unknown[]) => {
    batchCalls.push(keys)
    return new Map(keys.filter((key) => key === 1).map((key) => [key, 7]))
  }, { default: 0 }),
})
const defOf = (declared: unknown) => (declared as AnyOrmSchema)[DEF]
const book = defOf(Book)
const writer = defOf(Writer)

let database: Database
let connections: DatabaseConnections
const statements: string[] = []
beforeAll(async () => {
  database = new Database({ engine: 'pglite', schema: tables, onQuery: (text) => statements.push(text) })
  connections = new DatabaseConnections({ default: database }).activate()
  await database.execute(`
    CREATE TABLE ser_writers (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE ser_books (id serial PRIMARY KEY, title text NOT NULL, pages integer NOT NULL, writer_id integer REFERENCES ser_writers (id));
    INSERT INTO ser_writers (name) VALUES ('ann'), ('bo');
    INSERT INTO ser_books (title, pages, writer_id) VALUES ('c', 30, 1), ('a', 10, 1), ('b', 20, 2), ('d', 10, NULL);
  `)
})
afterAll(() => connections.close())

const titles = (rows: Record<string, unknown>[]) => rows.map((row) => row.title)

describe('serializeRows: what it selects', () => {
  it('everything by key order; a list of keys in its order (the absent ones skipped); a where-object; a drizzle condition', async () => {
    expect(titles(await serializeRows(book, undefined))).toEqual(['c', 'a', 'b', 'd'])
    expect(titles(await serializeRows(book, [3, 1, 99]))).toEqual(['b', 'c'])
    expect(titles(await serializeRows(book, [1, 3]))).toEqual(['c', 'b'])
    expect(titles(await serializeRows(book, { pages: 10 }))).toEqual(['a', 'd'])
    expect(titles(await serializeRows(book, eq(books.title, 'b')))).toEqual(['b'])
    expect(await serializeRows(book, [])).toEqual([])
  })

  it('`where` joins the filters with and; `order` sorts, the key breaking ties', async () => {
    expect(titles(await serializeRows(book, { pages: 10 }, { where: { title: 'd' } }))).toEqual(['d'])
    expect(titles(await serializeRows(book, null, { order: ['pages'] }))).toEqual(['a', 'd', 'b', 'c'])
    expect(titles(await serializeRows(book, null, { order: ['-pages', '-title'] }))).toEqual(['c', 'b', 'd', 'a'])
  })

  it('an order term that is not a column of the table is ImproperlyConfigured naming the schema, as a rejection', async () => {
    const refused = serializeRows(book, null, { order: ['writer.name'] })
    await expect(refused).rejects.toBeInstanceOf(ImproperlyConfigured)
    await expect(refused).rejects.toThrow("orm.Schema(ser_books).serialize: order 'writer.name' is not a column of 'ser_books'")
  })

  it('`scope` keeps only the fields it names', async () => {
    const rows = await serializeRows(book, [1], { scope: { only: new Map([['title', true]]) } })
    expect(rows).toEqual([{ title: 'c' }])
  })

  it('a where-object over an unknown field is a declaration mistake (ImproperlyConfigured), as a rejection', async () => {
    await expect(serializeRows(book, { nope: 1 })).rejects.toBeInstanceOf(ImproperlyConfigured)
  })

  it('a value the column cannot take is a 400 from the database', async () => {
    await expect(serializeRows(book, { pages: 'many' })).rejects.toBeInstanceOf(BadRequest)
  })
})

describe('serializeRows: batch and computed fields', () => {
  it('one batch call for all the rows (their keys), the default for a key it leaves out; computed after', async () => {
    batchCalls.length = 0
    expect(await serializeRows(writer, undefined)).toEqual([
      { id: 1, name: 'ann', shout: 'ANN', lucky: 7 },
      { id: 2, name: 'bo', shout: 'BO', lucky: 0 },
    ])
    expect(batchCalls).toEqual([[1, 2]])
  })

  it('no rows: the batch function is not called', async () => {
    batchCalls.length = 0
    expect(await serializeRows(writer, { name: 'nobody' })).toEqual([])
    expect(batchCalls).toEqual([])
  })
})

describe('serializeCounted', () => {
  it('the page and the count of every row its filters select, in one statement', async () => {
    const query = orm.Query(books, { pages: orm.Filter('pages'), limit: orm.Limit({ max: 2 }), offset: orm.Offset() })
    const parsed = (await import('valibot')).parse(query, { pages: 10, limit: 1 })
    statements.length = 0
    const { rows, count } = await serializeCounted(book, parsed)
    expect(titles(rows)).toEqual(['a'])
    expect(count).toBe(2)
    expect(statements).toHaveLength(1)
  })

  it('an empty page (past the end) still counts, with a second statement', async () => {
    const query = orm.Query(books, { limit: orm.Limit({ max: 2 }), offset: orm.Offset() })
    const parsed = (await import('valibot')).parse(query, { limit: 2, offset: 10 })
    statements.length = 0
    expect(await serializeCounted(book, parsed)).toEqual({ rows: [], count: 4 })
    expect(statements).toHaveLength(2)
    expect(await serializeCounted(book, { title: 'none' })).toEqual({ rows: [], count: 0 })
  })

  it('no connections active: a rejection naming the setup, not a throw', async () => {
    const orphan = defOf(orm.Schema(books, { id: true }, { db: 'ser_missing' }))
    const result = serializeCounted(orphan, null)
    expect(result).toBeInstanceOf(Promise)
    await expect(result).rejects.toBeInstanceOf(ImproperlyConfigured)
  })
})
