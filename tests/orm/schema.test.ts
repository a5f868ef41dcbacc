/**
 * src/orm/schema.ts: `orm.Schema` — a valibot schema of the serialised row carrying its methods:
 * `init` by a key, a composite key, a where-object or a condition (404 when absent; a key on a
 * table without a primary key a 400), `save` routed to an upsert with `onConflict`, `bulkSave`,
 * `delete`, `input` by mode, its `maxWriteRows` checked when declared and applied per write, the
 * `validate` hook, the `name` of its component. On PGlite (in-process PostgreSQL); the UtilMeta
 * schemas and serialisation over HTTP: tests/orm/utilmeta/orm-schemas.test.ts, tests/orm/orm.test.ts.
 */
import { eq } from 'drizzle-orm'
import { integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BadRequest, ImproperlyConfigured, NotFound, RequestEntityTooLarge } from '../../src/exceptions'
import { Database, DatabaseConnections } from '../../src/orm/database'
import { Schema } from '../../src/orm/schema'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'

const tags = pgTable('sch_tags', { id: serial('id').primaryKey(), name: text('name').notNull().unique(), uses: integer('uses') })
const pairs = pgTable(
  'sch_pairs',
  { left: integer('left').notNull(), right: integer('right').notNull(), note: text('note') },
  (table) => [primaryKey({ columns: [table.left, table.right] })],
)
const logs = pgTable('sch_logs', { line: text('line').notNull() }) // no primary key
const tables = { tags, pairs, logs }

const Tag = Schema(tags, { id: true, name: true, uses: true })
const Pair = Schema(pairs, { left: true, right: true, note: true })
const Log = Schema(logs, { line: true })

let connections: DatabaseConnections
beforeAll(async () => {
  const database = new Database({ engine: 'pglite', schema: tables, maxWriteRows: 50 })
  connections = new DatabaseConnections({ default: database }).activate()
  await database.execute(`
    CREATE TABLE sch_tags (id serial PRIMARY KEY, name text NOT NULL UNIQUE, uses integer);
    CREATE TABLE sch_pairs ("left" integer NOT NULL, "right" integer NOT NULL, note text, PRIMARY KEY ("left", "right"));
    CREATE TABLE sch_logs (line text NOT NULL);
  `)
})
afterAll(() => connections.close())

describe('the schema value', () => {
  it('is a valibot schema of the row, with its table, entries and definition', () => {
    expect(v.parse(Tag, { id: 1, name: 'ts', uses: null })).toEqual({ id: 1, name: 'ts', uses: null })
    expect(v.safeParse(Tag, { id: 'x', name: 'ts', uses: null }).success).toBe(false)
    expect(Tag.table).toBe(tags)
    expect(Object.keys(Tag.entries)).toEqual(['id', 'name', 'uses'])
    expect((Tag as unknown as AnyOrmSchema)[DEF].name).toBe('sch_tags')
  })

  it('its component name is options.name when given', () => {
    expect((Schema(tags, { id: true }, { name: 'Label' }) as unknown as AnyOrmSchema)[DEF].component).toBe('Label')
  })

  it('maxWriteRows is checked when declared', () => {
    expect(() => Schema(tags, { id: true }, { maxWriteRows: 0 })).toThrow(ImproperlyConfigured)
    expect(() => Schema(tags, { id: true }, { maxWriteRows: -5 })).toThrow(/maxWriteRows/)
  })
})

describe('init', () => {
  it('by key, by composite key, by where-object, by condition; 404 naming what was asked', async () => {
    const id = await Tag.save({ name: 'init' })
    expect(await Tag.init(id)).toEqual({ id, name: 'init', uses: null })
    expect(await Tag.init({ name: 'init' })).toMatchObject({ id })
    expect(await Tag.init(eq(tags.name, 'init'))).toMatchObject({ id })
    await Pair.save({ left: 1, right: 2, note: 'n' }, { mustCreate: true })
    expect(await Pair.init({ left: 1, right: 2 })).toEqual({ left: 1, right: 2, note: 'n' })
    // a composite key given partly is a where-object, not a key
    expect(await Pair.init({ left: 1 })).toMatchObject({ right: 2 })
    const missing = await Tag.init(999_999).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(NotFound)
    expect((missing as Error).message).toBe('sch_tags 999999 does not exist')
  })

  it('a key on a table without a primary key is a 400, not a 404', async () => {
    await expect(Log.init('x' as never)).rejects.toThrow(new BadRequest('sch_logs has no primary key: select its rows by a where-object'))
  })
})

describe('save, bulkSave, delete', () => {
  it('save without onConflict inserts or updates; with onConflict upserts on a unique key', async () => {
    const id = await Tag.save({ name: 'up' })
    expect(await Tag.save({ name: 'up', uses: 3 }, { onConflict: 'update' })).toBe(id)
    expect(await Tag.save({ name: 'up', uses: 9 }, { onConflict: 'ignore' })).toBe(id)
    expect(await Tag.init(id)).toMatchObject({ uses: 3 })
    await expect(Tag.save({ name: 'up' })).rejects.toThrow(/must be unique/)
  })

  it('bulkSave returns the keys in order, with or without onConflict; empty is empty', async () => {
    const [a, b] = await Tag.bulkSave([{ name: 'b1' }, { name: 'b2' }])
    expect(await Tag.bulkSave([{ name: 'b2' }, { name: 'b1' }], { onConflict: 'ignore' })).toEqual([b, a])
    expect(await Tag.bulkSave([])).toEqual([])
  })

  it("the database's maxWriteRows bounds a write (413, before any SQL); the schema's own bound wins", async () => {
    const many = Array.from({ length: 51 }, (_, index) => ({ name: `m${index}` }))
    await expect(Tag.bulkSave(many)).rejects.toBeInstanceOf(RequestEntityTooLarge)
    const Roomy = Schema(tags, { id: true, name: true }, { maxWriteRows: 100 })
    expect(await Roomy.bulkSave(many)).toHaveLength(51)
    const Tight = Schema(tags, { id: true, name: true }, { maxWriteRows: 1 })
    await expect(Tight.bulkSave([{ name: 't1' }, { name: 't2' }])).rejects.toBeInstanceOf(RequestEntityTooLarge)
  })

  it('a table without a primary key saves (its key {}) and deletes by a where-object', async () => {
    expect(await Log.save({ line: 'one' })).toEqual({})
    expect(await Log.bulkSave([{ line: 'two' }, { line: 'two' }])).toEqual([{}, {}])
    expect(await Log.delete({ line: 'two' })).toBe(2)
    expect(await Log.serialize()).toEqual([{ line: 'one' }])
  })

  it('delete by key and by keys', async () => {
    const [a, b] = await Tag.bulkSave([{ name: 'd1' }, { name: 'd2' }])
    expect(await Tag.delete(a as number)).toBe(1)
    expect(await Tag.delete([a as number, b as number])).toBe(1)
  })
})

describe('input', () => {
  it("'a' takes the create input, 'w' the update input (every field optional), options pick fields", () => {
    expect(v.safeParse(Tag.input('a'), { id: 1, uses: 2 }).success).toBe(false) // name is required
    expect(v.parse(Tag.input('w'), { uses: 2 })).toEqual({ uses: 2 })
    expect(v.parse(Tag.input({ omit: ['id'] }), { name: 'x', uses: 1 })).toEqual({ name: 'x', uses: 1 })
    expect(v.safeParse(Tag.input({ omit: ['id'] }), { name: 5 }).success).toBe(false)
  })
})

describe('the validate hook', () => {
  it('runs on serialised rows too, and may add to them', async () => {
    const Shouting = Schema(tags, { id: true, name: true }, { validate: (row) => ({ loud: String(row.name).toUpperCase() }) })
    await Tag.save({ name: 'quiet' })
    const [row] = await Shouting.serialize({ name: 'quiet' })
    expect(row).toMatchObject({ name: 'quiet', loud: 'QUIET' })
  })
})
