/**
 * src/orm/delete.ts: `Schema.delete(...)` — the rows a key, a list of keys, a where-object, a
 * drizzle condition or a parsed `orm.Query` (its filters, never its page) select, deleted, and how
 * many; a condition selecting every row (`{}`, an absent value, an empty query) a 400 before any
 * connection opens (every row is `delete(sql\`true\`)`, said on purpose); no condition a 400; a key
 * or keys on a table without a primary key the same 400; a row others still refer to a 409. On PGlite (in-process
 * PostgreSQL; the same on a PostgreSQL server: tests/orm/writes.test.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BadRequest, Conflict } from '../../src/exceptions'
import { Database, DatabaseConnections } from '../../src/orm/database'
import { Filter, Limit } from '../../src/orm/query'
import { Query } from '../../src/orm/query-schema'
import { Schema } from '../../src/orm/schema'

const shelves = pgTable('del_shelves', { id: serial('id').primaryKey(), name: text('name').notNull() })
const books = pgTable('del_books', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  shelfId: integer('shelf_id').references(() => shelves.id),
})
const labels = pgTable('del_labels', { name: text('name').notNull(), color: text('color') }) // no primary key
const tables = { shelves, books, labels }

const Shelf = Schema(shelves, { id: true, name: true })
const Book = Schema(books, { id: true, title: true, shelfId: true })
const Label = Schema(labels, { name: true, color: true })
const BookQuery = Query(books, { title: Filter('title', 'startsWith'), limit: Limit({ max: 10 }) })

let database: Database
let connections: DatabaseConnections
beforeAll(async () => {
  database = new Database({ engine: 'pglite', schema: tables })
  connections = new DatabaseConnections({ default: database }).activate()
  // the tables in plain SQL: `create: true` would load drizzle-kit (seconds) for three tables
  await database.execute(`
    CREATE TABLE del_shelves (id serial PRIMARY KEY, name text NOT NULL);
    CREATE TABLE del_books (id serial PRIMARY KEY, title text NOT NULL, shelf_id integer REFERENCES del_shelves (id));
    CREATE TABLE del_labels (name text NOT NULL, color text);
  `)
})
afterAll(() => connections.close())

let ids: number[] = []
beforeEach(async () => {
  const db = await database.db()
  await db.delete(books)
  await db.delete(shelves)
  await db.delete(labels)
  ids = (await Book.bulkSave(['A1', 'A2', 'B1', 'B2', 'C1'].map((title) => ({ title })))) as number[]
})

describe('Schema.delete: what it deletes, and how many', () => {
  it('a key, then nothing more', async () => {
    expect(await Book.delete(ids[0] as number)).toBe(1)
    expect(await Book.delete(ids[0] as number)).toBe(0)
  })

  it('a list of keys: those that exist; an empty list deletes nothing', async () => {
    expect(await Book.delete([ids[1] as number, ids[2] as number, 999_999])).toBe(2)
    expect(await Book.delete([])).toBe(0)
  })

  it('a where-object, a drizzle condition, and everything when said on purpose', async () => {
    expect(await Book.delete({ title: { in: ['A1', 'A2'] } })).toBe(2)
    expect(await Book.delete(eq(books.title, 'B1'))).toBe(1)
    expect(await Book.delete(sql`true`)).toBe(2)
    expect(await Book.serialize()).toEqual([])
  })

  it('a parsed query: its filters, never its page', async () => {
    expect(await Book.delete(v.parse(BookQuery, { title: 'B', limit: 1 }))).toBe(2)
    expect((await Book.serialize()).map((row) => row.title).sort()).toEqual(['A1', 'A2', 'C1'])
  })

  it('rows of a table without a primary key, by a where-object', async () => {
    // saved through the schema: a table without a primary key inserts with no RETURNING, each
    // key `{}` (tests/orm/save.test.ts; it was a RETURNING of no column, a 42601 syntax error)
    expect(await Label.bulkSave([{ name: 'red', color: '#f00' }, { name: 'red', color: '#e00' }])).toEqual([{}, {}])
    expect(await Label.save({ name: 'blue' })).toEqual({})
    expect(await Label.delete({ name: 'red' })).toBe(2)
  })
})

describe('Schema.delete: refusals', () => {
  it('a condition selecting every row is a 400, before any connection opens', async () => {
    const idle = new Database({ name: 'idle', schema: tables }) // declared, never opened
    new DatabaseConnections({ default: idle }).activate()
    try {
      for (const condition of [{}, { title: undefined }, v.parse(BookQuery, {})]) {
        const refused = await Book.delete(condition as never).catch((error: unknown) => error)
        expect(refused).toBeInstanceOf(BadRequest)
        expect((refused as Error).message).toBe('del_books: delete() got a condition that selects every row')
      }
      expect(idle.opened).toBe(false)
    } finally {
      connections.activate()
    }
  })

  it('no condition is a 400 naming what it takes', async () => {
    for (const missing of [null, undefined]) {
      await expect(Book.delete(missing as never)).rejects.toThrow('del_books: delete() needs a condition (a key, keys, a where-object or a query)')
    }
  })

  it('keys on a table without a primary key are a 400: a list of keys and one key alike', async () => {
    await expect(Label.delete(['red'] as never)).rejects.toThrow('del_labels has no primary key to delete by')
    const one = await Label.delete('red' as never).catch((error: unknown) => error)
    expect(one).toBeInstanceOf(BadRequest)
    expect((one as Error).message).toBe('del_labels has no primary key to delete by')
    await expect(Label.delete([] as never)).rejects.toThrow('del_labels has no primary key to delete by')
  })

  it('a row other rows still refer to is a 409, and stays', async () => {
    const shelf = (await Shelf.save({ name: 'top' })) as number
    await Book.save({ title: 'On the shelf', shelfId: shelf })
    const refused = await Shelf.delete(shelf).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Conflict)
    expect(await Shelf.serialize()).toHaveLength(1)
  })
})
