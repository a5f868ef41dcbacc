/**
 * src/orm/entries.ts: the valibot schemas of an `orm.Schema` — `entriesOf`, the serialised row
 * (output keys; a column's value schema or the field's declared type; counts nullable numbers,
 * `Exists` booleans; nested rows objects or lists; relation paths resolved lazily against the
 * database's schema module: a list, or one value with `first`), and `inputSchema`, what `input()`
 * parses (the fields of a mode, defaults, aliases mapped back to columns, `validate`, `$onUpdate`
 * stamped on updates, relation lists bounded by `max`, a nested row's key to its parent left out).
 * Driven directly; the database is declared, never opened.
 */
import { relations } from 'drizzle-orm'
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Database, DatabaseConnections } from '../../src/orm/database'
import { defOf } from '../../src/orm/defs'
import { entriesOf, inputSchema } from '../../src/orm/entries'
import { Count, Exists } from '../../src/orm/expr'
import { Computed, Field, Self } from '../../src/orm/fields'
import { Schema } from '../../src/orm/schema'

const stamp = new Date('2030-01-01T00:00:00Z')
const authors = pgTable('en_authors', { id: serial('id').primaryKey(), name: text('name').notNull(), bio: text('bio') })
const books = pgTable('en_books', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  authorId: integer('author_id')
    .notNull()
    .references(() => authors.id),
  edited: timestamp('edited').$onUpdate(() => stamp),
})
const module = {
  authors,
  books,
  authorsRelations: relations(authors, ({ many }) => ({ books: many(books) })),
  booksRelations: relations(books, ({ one }) => ({ author: one(authors, { fields: [books.authorId], references: [authors.id] }) })),
}

let connections: DatabaseConnections
beforeAll(() => {
  connections = new DatabaseConnections({ default: new Database({ name: 'entries', schema: module }) }).activate()
})
afterAll(() => connections.close())

const object = (entries: Record<string, v.GenericSchema>) => v.object(entries)
const accepts = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success

describe('entriesOf: the serialised row', () => {
  it('has the readable fields under their output keys: not noOutput, not write-only', () => {
    const def = defOf(authors, { id: true, name: Field({ alias: 'fullName' }), bio: Field({ noOutput: true }), secret: Field({ type: v.string(), mode: 'a' }) }, 'default')
    expect(Object.keys(entriesOf(def))).toEqual(['id', 'fullName'])
  })

  it('checks a column by its type, a field by its declared type', () => {
    const entries = entriesOf(defOf(authors, { id: true, bio: true, name: Field({ type: v.picklist(['ann', 'bob']) }) }, 'default'))
    const row = object(entries)
    expect(accepts(row, { id: 1, bio: null, name: 'ann' })).toBe(true)
    expect(accepts(row, { id: 'one', bio: null, name: 'ann' })).toBe(false)
    expect(accepts(row, { id: 1, bio: null, name: 'carl' })).toBe(false)
  })

  it('has counts as nullable numbers, Exists as booleans, computed values as anything', () => {
    const row = object(entriesOf(defOf(authors, { books: Count('books'), hasBooks: Exists('books'), label: Computed((r) => String(r.name), ['name']) }, 'default')))
    expect(accepts(row, { books: 2, hasBooks: true, label: { any: 1 } })).toBe(true)
    expect(accepts(row, { books: null, hasBooks: false, label: null })).toBe(true)
    expect(accepts(row, { books: 2, hasBooks: 'yes', label: 1 })).toBe(false)
  })

  it('has nested rows: one nullable object, many a list, orm.Self items of any shape', () => {
    const AuthorOut = Schema(authors, { id: true, name: true })
    const row = object(entriesOf(defOf(books, { author: AuthorOut, id: true }, 'default')))
    expect(accepts(row, { author: { id: 1, name: 'ann' }, id: 1 })).toBe(true)
    expect(accepts(row, { author: null, id: 1 })).toBe(true)
    expect(accepts(row, { author: { id: 'x', name: 'ann' }, id: 1 })).toBe(false)
    const many = object(entriesOf(defOf(authors, { books: Field('books', { schema: [Schema(books, { id: true })] }), peers: Field('books.author', { schema: [Self] }) }, 'default')))
    expect(accepts(many, { books: [{ id: 1 }], peers: [{ whatever: true }] })).toBe(true)
    expect(accepts(many, { books: { id: 1 }, peers: [] })).toBe(false)
  })

  it('resolves a relation path lazily: to-many a list of the column’s values, with first one nullable value', () => {
    const row = object(entriesOf(defOf(authors, { titles: Field('books.title'), firstTitle: Field('books.title', { first: true }) }, 'default')))
    expect(accepts(row, { titles: ['a', 'b'], firstTitle: 'a' })).toBe(true)
    expect(accepts(row, { titles: [], firstTitle: null })).toBe(true)
    expect(accepts(row, { titles: 'a', firstTitle: 'a' })).toBe(false)
    expect(accepts(row, { titles: [1], firstTitle: null })).toBe(false)
    const toOne = object(entriesOf(defOf(books, { writer: Field('author.name') }, 'default')))
    expect(accepts(toOne, { writer: 'ann' })).toBe(true)
    expect(accepts(toOne, { writer: null })).toBe(true)
  })
})

describe('inputSchema: what input() parses', () => {
  const def = defOf(
    books,
    { id: Field({ mode: 'r' }), title: Field({ alias: 'heading' }), authorId: true, edited: true, note: Field({ type: v.pipe(v.string(), v.maxLength(5)) }) },
    'default',
  )

  it('create (`a`): the fields that add, required unless defaulted; aliases mapped back to their columns', () => {
    const create = inputSchema(def, { mode: 'a' })
    expect(v.parse(create, { heading: 'Dune', authorId: 1, edited: null, note: 'hi' })).toEqual({ title: 'Dune', authorId: 1, edited: null, note: 'hi' })
    expect(accepts(create, { authorId: 1, edited: null, note: 'hi' })).toBe(false) // heading is required
    expect(accepts(create, { heading: 'Dune', authorId: 1, edited: null, note: 'too long' })).toBe(false)
    expect(v.parse(create, { heading: 'Dune', authorId: 1, edited: null, note: 'x', id: 5 })).not.toHaveProperty('id')
  })

  it('update (`w`): every field optional, an $onUpdate column stamped', () => {
    const update = inputSchema(def, { mode: 'w' })
    expect(v.parse(update, { heading: 'New' })).toEqual({ title: 'New', edited: stamp })
  })

  it('without a mode: the declared columns, with omit and partial; no virtual field', () => {
    const typed = defOf(authors, { name: true, bio: true, password: Field({ type: v.string() }) }, 'default')
    expect(Object.keys((inputSchema(typed) as v.ObjectSchema<v.ObjectEntries, undefined>).entries)).toEqual(['name', 'bio'])
    const partial = inputSchema(typed, { omit: ['bio'], partial: true })
    expect(v.parse(partial, {})).toEqual({})
    expect(accepts(inputSchema(typed), {})).toBe(false)
    expect(Object.keys((inputSchema(typed, { mode: 'a' }) as v.ObjectSchema<v.ObjectEntries, undefined>).entries)).toEqual(['name', 'bio', 'password'])
  })

  it('runs the schema’s validate on the parsed row (its return replaces the row)', () => {
    const validated = defOf(authors, { name: true }, 'default')
    validated.validate = (row) => ({ ...row, name: String(row.name).trim() })
    expect(v.parse(inputSchema(validated, { mode: 'a' }), { name: '  ann ' })).toEqual({ name: 'ann' })
  })

  it('takes nested rows of a relation, at most max of them, without their key to the parent', () => {
    const withBooks = defOf(authors, { name: true, books: Field('books', { schema: [Schema(books, { title: true, authorId: true })], mode: 'rwa', max: 2 }) }, 'default')
    const create = inputSchema(withBooks, { mode: 'a' })
    expect(v.parse(create, { name: 'ann', books: [{ title: 'A' }] })).toEqual({ name: 'ann', books: [{ title: 'A' }] })
    const tooMany = v.safeParse(create, { name: 'ann', books: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] })
    expect(tooMany.issues?.[0]?.message).toBe('at most 2 items')
    expect(accepts(create, { name: 'ann', books: [{}] })).toBe(false) // a nested row's own required fields
  })

  it('adds the foreign key of a to-one nested schema', () => {
    const withAuthor = defOf(books, { title: true, author: Schema(authors, { id: true, name: true }) }, 'default')
    const create = inputSchema(withAuthor, { mode: 'a' }) as v.ObjectSchema<v.ObjectEntries, undefined>
    expect(Object.keys(create.entries)).toContain('authorId')
    expect(accepts(create, { title: 'Dune' })).toBe(false)
    expect(accepts(inputSchema(withAuthor, { mode: 'w' }), { title: 'Dune' })).toBe(true)
  })
})
