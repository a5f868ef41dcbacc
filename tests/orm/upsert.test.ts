/**
 * src/orm/upsert.ts: `upsert` — one `INSERT … ON CONFLICT` on the first unique key the value gives
 * in full, `'ignore'` keeping the row and `'update'` setting the given (updatable) columns, the
 * key returned either way; scoped (SPEC §10.2): a conflicting row of another owner, or one outside
 * `where`, is a 409 and stays — and `upsertTree`'s refusal of an unknown `onConflict`. Driven
 * directly with a drizzle database on PGlite (in-process PostgreSQL); through `Schema.save` and
 * over HTTP: tests/orm/writes.test.ts, tests/orm/declared-writes.test.ts.
 */
import { sql } from 'drizzle-orm'
import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BadRequest, Conflict } from '../../src/exceptions'
import { Database, type Db } from '../../src/orm/database'
import { upsert, upsertTree } from '../../src/orm/upsert'
import { writePlanOf } from '../../src/orm/write-plan'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'
import { Schema } from '../../src/orm/schema'

const owners = pgTable('up_owners', { id: serial('id').primaryKey() })
const tags = pgTable('up_tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  color: text('color'),
  ownerId: integer('owner_id').references(() => owners.id),
  touchedAt: timestamp('touched_at').$onUpdate(() => new Date('2030-01-01T00:00:00Z')),
})
const slots = pgTable(
  'up_slots',
  { id: serial('id').primaryKey(), day: text('day').notNull(), hour: integer('hour').notNull(), who: text('who') },
  (table) => [unique('up_slots_day_hour').on(table.day, table.hour)],
)
const codes = pgTable('up_codes', { code: text('code').notNull().unique(), note: text('note') }) // no primary key
const plain = pgTable('up_plain', { id: serial('id').primaryKey(), note: text('note') }) // no unique key but the primary key
const tables = { owners, tags, slots, codes, plain }

let database: Database
let db: Db
beforeAll(async () => {
  database = new Database({ engine: 'pglite', schema: tables })
  await database.execute(`
    CREATE TABLE up_owners (id serial PRIMARY KEY);
    INSERT INTO up_owners DEFAULT VALUES; INSERT INTO up_owners DEFAULT VALUES;
    CREATE TABLE up_tags (id serial PRIMARY KEY, name text NOT NULL UNIQUE, color text,
      owner_id integer REFERENCES up_owners (id), touched_at timestamp);
    CREATE TABLE up_slots (id serial PRIMARY KEY, day text NOT NULL, hour integer NOT NULL, who text,
      CONSTRAINT up_slots_day_hour UNIQUE (day, hour));
    CREATE TABLE up_codes (code text NOT NULL UNIQUE, note text);
    CREATE TABLE up_plain (id serial PRIMARY KEY, note text);
  `)
  db = await database.db()
})
afterAll(() => database.close())
beforeEach(async () => {
  await database.execute('TRUNCATE up_tags RESTART IDENTITY; TRUNCATE up_slots RESTART IDENTITY; TRUNCATE up_codes; TRUNCATE up_plain RESTART IDENTITY')
})

const tagRows = () => db.select().from(tags).orderBy(tags.id)

describe('upsert: the conflict key and what each mode does', () => {
  it("'ignore' inserts a new row, then returns the existing row's key untouched", async () => {
    expect(await upsert(db, tags, { name: 'ts', color: 'blue' }, 'ignore')).toBe(1)
    expect(await upsert(db, tags, { name: 'ts', color: 'red' }, 'ignore')).toBe(1)
    expect(await tagRows()).toMatchObject([{ id: 1, name: 'ts', color: 'blue' }])
  })

  it("'update' sets the given columns and stamps `$onUpdate`; the key is never set", async () => {
    await upsert(db, tags, { name: 'ts', color: 'blue' }, 'update')
    expect(await upsert(db, tags, { name: 'ts', color: 'red' }, 'update')).toBe(1)
    const [row] = await tagRows()
    expect(row).toMatchObject({ id: 1, color: 'red' })
    expect(row?.touchedAt?.toISOString()).toBe('2030-01-01T00:00:00.000Z')
  })

  it("'update' sets only the updatable columns (the schema's declared ones)", async () => {
    await upsert(db, tags, { name: 'ts', color: 'blue' }, 'ignore')
    await upsert(db, tags, { name: 'ts', color: 'red' }, 'update', { updatable: new Set(['name']) })
    expect((await tagRows())[0]?.color).toBe('blue')
  })

  it('the primary key first: a value giving its key conflicts on it, even with a new unique value', async () => {
    await upsert(db, tags, { name: 'ts' }, 'ignore')
    expect(await upsert(db, tags, { id: 1, name: 'renamed' }, 'update')).toBe(1)
    expect((await tagRows()).map((row) => row.name)).toEqual(['renamed'])
  })

  it('a composite unique constraint, given in full, is the conflict key', async () => {
    expect(await upsert(db, slots, { day: 'mon', hour: 9, who: 'a' }, 'update')).toBe(1)
    expect(await upsert(db, slots, { day: 'mon', hour: 9, who: 'b' }, 'update')).toBe(1)
    // the conflicting insert took a value of the sequence: the next row is 3
    expect(await upsert(db, slots, { day: 'mon', hour: 10, who: 'c' }, 'update')).toBe(3)
    expect((await db.select().from(slots).orderBy(slots.id)).map((row) => row.who)).toEqual(['b', 'c'])
  })
})

describe('upsert: refusals', () => {
  it('a value with no complete unique key is a 400 naming the keys, before any SQL', async () => {
    const missing = await upsert(db, slots, { day: 'mon', who: 'x' }, 'update').catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(BadRequest)
    expect((missing as Error).message).toBe('up_slots: save with onConflict needs the values of a unique key (id, day + hour)')
    const nulls = await upsert(db, tags, { id: null, name: null }, 'ignore').catch((error: unknown) => error)
    expect(nulls).toBeInstanceOf(BadRequest)
  })

  it('a prototype key or a NUL byte is a 400', async () => {
    await expect(upsert(db, tags, JSON.parse('{"name":"x","__proto__":{"a":1}}'), 'ignore')).rejects.toBeInstanceOf(BadRequest)
    await expect(upsert(db, tags, { name: 'a\u0000b' }, 'ignore')).rejects.toBeInstanceOf(BadRequest)
    expect(await tagRows()).toEqual([])
  })

  it("another owner's conflicting row is a 409 and stays, for 'update' and 'ignore' alike", async () => {
    await upsert(db, tags, { name: 'ts', color: 'blue', ownerId: 1 }, 'ignore')
    for (const mode of ['update', 'ignore'] as const) {
      const taken = await upsert(db, tags, { name: 'ts', color: 'red', ownerId: 2 }, mode).catch((error: unknown) => error)
      expect(taken).toBeInstanceOf(Conflict)
      expect((taken as Conflict).message).toBe('up_tags.name must be unique: a row with this name already exists')
    }
    expect(await tagRows()).toMatchObject([{ color: 'blue', ownerId: 1 }])
    // the same owner's row is this write's
    expect(await upsert(db, tags, { name: 'ts', color: 'red', ownerId: 1 }, 'update')).toBe(1)
  })

  it("a conflicting row outside `scope.where` is a 409 and stays", async () => {
    await upsert(db, tags, { name: 'ts', color: 'blue' }, 'ignore')
    const outside = upsert(db, tags, { name: 'ts', color: 'red' }, 'update', { where: sql`${tags.color} = 'green'` })
    await expect(outside).rejects.toBeInstanceOf(Conflict)
    expect((await tagRows())[0]?.color).toBe('blue')
  })

  it('a table without a primary key: upserted on its unique column, its key `{}`', async () => {
    expect(await upsert(db, codes, { code: 'A', note: 'one' }, 'update')).toEqual({})
    expect(await upsert(db, codes, { code: 'A', note: 'two' }, 'update')).toEqual({})
    expect(await upsert(db, codes, { code: 'A', note: 'three' }, 'ignore')).toEqual({})
    expect(await db.select().from(codes)).toEqual([{ code: 'A', note: 'two' }])
  })
})

describe('upsertTree', () => {
  it("refuses an onConflict other than 'ignore' or 'update' with a 400", async () => {
    const Plain = Schema(plain, { id: true, note: true })
    const plan = writePlanOf(tables, (Plain as unknown as AnyOrmSchema)[DEF])
    for (const onConflict of ['replace', undefined, 'IGNORE'])
      await expect(upsertTree(db, plan, { note: 'x' }, { onConflict: onConflict as never })).rejects.toThrow(
        new BadRequest("save: onConflict must be 'ignore' or 'update'"),
      )
    expect(await upsertTree(db, plan, { id: 4, note: 'x' }, { onConflict: 'update' })).toBe(4)
    expect(await upsertTree(db, plan, { id: 4, note: 'y', extra: 1 }, { onConflict: 'update' })).toBe(4)
    expect(await db.select().from(plain)).toEqual([{ id: 4, note: 'y' }])
  })
})
