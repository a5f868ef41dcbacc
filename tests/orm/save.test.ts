/**
 * src/orm/save.ts: one row inserted (no key) or updated (its key given), many rows inserted in
 * chunks or saved in one transaction, and the key helpers — driven directly with a drizzle
 * database, below the schema's declared row (orm/write-plan.ts) and its relations
 * (orm/relsave.ts: tests/orm/relsave.test.ts). What each returns (the key, `{}` on a table without
 * a primary key), its refusals (404, 400, 409) and the rollback. On PGlite (in-process
 * PostgreSQL); through `Schema.save` on a PostgreSQL server too: tests/orm/writes.test.ts.
 */
import { sql } from 'drizzle-orm'
import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BadRequest, Conflict, NotFound } from '../../src/exceptions'
import { Database, type Db } from '../../src/orm/database'
import {
  bulkSave,
  existingKey,
  insertMany,
  keyCondition,
  keyOnly,
  MissingPrimaryKey,
  save,
} from '../../src/orm/save'

const notes = pgTable('sv_notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  ownerId: integer('owner_id'),
  updatedAt: timestamp('updated_at').defaultNow().$onUpdate(() => new Date('2030-01-01T00:00:00Z')),
})
const follows = pgTable(
  'sv_follows',
  { userId: integer('user_id').notNull(), targetId: integer('target_id').notNull() },
  (table) => [primaryKey({ columns: [table.userId, table.targetId] })],
)
const events = pgTable('sv_events', { kind: text('kind').notNull(), detail: text('detail') }) // no primary key

let database: Database
let db: Db
beforeAll(async () => {
  database = new Database({ engine: 'pglite', schema: { notes, follows, events } })
  await database.execute(`
    CREATE TABLE sv_notes (id serial PRIMARY KEY, title text NOT NULL UNIQUE, owner_id integer,
      updated_at timestamp DEFAULT now());
    CREATE TABLE sv_follows (user_id integer NOT NULL, target_id integer NOT NULL, PRIMARY KEY (user_id, target_id));
    CREATE TABLE sv_events (kind text NOT NULL, detail text);
  `)
  db = await database.db()
})
afterAll(() => database.close())
beforeEach(async () => {
  await database.execute('TRUNCATE sv_notes RESTART IDENTITY; TRUNCATE sv_follows; TRUNCATE sv_events')
})

const titles = async () => (await db.select().from(notes).orderBy(notes.id)).map((row) => row.title)

describe('save: one row', () => {
  it('inserts a value without its key and returns the new key; only the table columns are written', async () => {
    const key = await save(db, notes, { title: 'a', comments: [{ body: 'x' }], extra: 1, ownerId: undefined })
    expect(key).toBe(1)
    const [row] = await db.select().from(notes)
    expect(row).toMatchObject({ id: 1, title: 'a', ownerId: null })
    // an `$onUpdate` column not given takes its database default on insert, as createdAt would
    expect(row?.updatedAt).toBeInstanceOf(Date)
    expect(row?.updatedAt?.getUTCFullYear()).not.toBe(2030)
  })

  it('updates by key (stamping `$onUpdate`), a missing key is a 404 and a scope that does not match too', async () => {
    await save(db, notes, { title: 'a', ownerId: 7 })
    expect(await save(db, notes, { id: 1, title: 'b' })).toBe(1)
    const [row] = await db.select().from(notes)
    expect(row?.title).toBe('b')
    expect(row?.updatedAt?.toISOString()).toBe('2030-01-01T00:00:00.000Z')
    await expect(save(db, notes, { id: 99, title: 'c' })).rejects.toThrow(new NotFound('sv_notes 99 does not exist'))
    const scoped = await save(db, notes, { id: 1, title: 'mine' }, {}, sql`${notes.ownerId} = 8`).catch((error: unknown) => error)
    expect(scoped).toBeInstanceOf(NotFound)
    expect(await titles()).toEqual(['b'])
  })

  it('a row that is only its (composite) key is inserted when absent, never twice', async () => {
    expect(await save(db, follows, { userId: 1, targetId: 2 })).toEqual({ userId: 1, targetId: 2 })
    expect(await save(db, follows, { userId: 1, targetId: 2 })).toEqual({ userId: 1, targetId: 2 })
    expect(await db.select().from(follows)).toHaveLength(1)
  })

  it('mustUpdate without the key is a MissingPrimaryKey (400), before any SQL', () => {
    expect(() => save(db, notes, { title: 'x' }, { mustUpdate: true })).toThrow(MissingPrimaryKey)
    expect(new MissingPrimaryKey('x')).toBeInstanceOf(BadRequest)
  })

  it('mustCreate inserts even with a key: a taken key is a 400, a taken unique value on a plain insert a 409', async () => {
    expect(await save(db, notes, { id: 5, title: 'five' }, { mustCreate: true })).toBe(5)
    const again = await save(db, notes, { id: 5, title: 'other' }, { mustCreate: true }).catch((error: unknown) => error)
    expect(again).toBeInstanceOf(BadRequest)
    expect(again).not.toBeInstanceOf(Conflict)
    const taken = await save(db, notes, { title: 'five' }).catch((error: unknown) => error)
    expect(taken).toBeInstanceOf(Conflict)
    expect((taken as Error).message).toContain('sv_notes')
  })

  it('a table without a primary key: inserted with no RETURNING, its key `{}` (was a 42601 syntax error)', async () => {
    expect(await save(db, events, { kind: 'login', detail: 'x' })).toEqual({})
    expect(await save(db, events, { kind: 'login' }, { mustCreate: true })).toEqual({})
    expect(await db.select().from(events)).toEqual([
      { kind: 'login', detail: 'x' },
      { kind: 'login', detail: null },
    ])
    expect(() => save(db, events, { kind: 'x' }, { mustUpdate: true })).toThrow(MissingPrimaryKey)
  })
})

describe('insertMany and bulkSave', () => {
  it('insertMany returns the keys in input order and calls beforeStatement before each statement', async () => {
    let statements = 0
    const keys = await insertMany(db, notes, ['a', 'b', 'c'].map((title) => ({ title })), () => statements++)
    expect(keys).toEqual([1, 2, 3])
    expect(statements).toBe(1)
    expect(await insertMany(db, events, [{ kind: 'a' }, { kind: 'b' }], () => {})).toEqual([{}, {}])
  })

  it('bulkSave inserts the rows without a key in one INSERT, updates the keyed ones, keys in input order', async () => {
    await save(db, notes, { title: 'old' })
    const keys = await bulkSave(db, notes, [{ title: 'n1' }, { id: 1, title: 'renamed' }, { title: 'n2' }])
    expect(keys).toEqual([2, 1, 3])
    expect(await titles()).toEqual(['renamed', 'n1', 'n2'])
    expect(await bulkSave(db, notes, [])).toEqual([])
  })

  it('bulkSave is all or nothing: a failing row rolls back the rows before it', async () => {
    await save(db, notes, { title: 'taken' })
    const refused = await bulkSave(db, notes, [{ title: 'fresh' }, { id: 99, title: 'missing' }]).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(NotFound)
    expect(await titles()).toEqual(['taken'])
    await expect(bulkSave(db, notes, [{ title: 'x' }, { title: 'taken' }])).rejects.toBeInstanceOf(Conflict)
    expect(await titles()).toEqual(['taken'])
  })

  it('bulkSave with mustCreate inserts keyed rows too; beforeStatement can stop it, rolling back', async () => {
    expect(await bulkSave(db, notes, [{ id: 10, title: 'ten' }], { mustCreate: true })).toEqual([10])
    let calls = 0
    const stop = () => {
      if (++calls === 2) throw new Error('deadline')
    }
    await expect(bulkSave(db, notes, [{ title: 'y' }], {}, stop)).rejects.toThrow('deadline')
    expect(await titles()).toEqual(['ten'])
  })

  it('bulkSave on a table without a primary key: one INSERT with no RETURNING, a `{}` per row', async () => {
    expect(await bulkSave(db, events, [{ kind: 'a' }, { kind: 'b', detail: 'd' }])).toEqual([{}, {}])
    expect(await db.select().from(events)).toHaveLength(2)
  })
})

describe('the key helpers', () => {
  it('keyCondition: the key (or every column of a composite key); a table without one is a 400', async () => {
    await save(db, notes, { title: 'a' })
    expect(await db.select().from(notes).where(keyCondition(notes, 1))).toHaveLength(1)
    await save(db, follows, { userId: 1, targetId: 2 })
    expect(await db.select().from(follows).where(keyCondition(follows, { userId: 1, targetId: 2 }))).toHaveLength(1)
    expect(await db.select().from(follows).where(keyCondition(follows, { userId: 1, targetId: 3 }))).toHaveLength(0)
    expect(() => keyCondition(events, 'x')).toThrow(new BadRequest('sv_events has no primary key: select its rows by a where-object'))
  })

  it('keyOnly: the value gives the whole key and no other column (undeclared keys ignored)', () => {
    expect(keyOnly(follows, { userId: 1, targetId: 2, note: 'x' })).toBe(true)
    expect(keyOnly(follows, { userId: 1 })).toBe(false)
    expect(keyOnly(notes, { id: 1 })).toBe(false) // `updatedAt` is stamped on every save: a column to set
    expect(keyOnly(events, { kind: 'a' })).toBe(false)
  })

  it('existingKey: the key when a row has it, else a 404 naming it', async () => {
    await save(db, notes, { title: 'a' })
    expect(await existingKey(db, notes, { id: 1, title: 'ignored' })).toBe(1)
    await expect(existingKey(db, notes, { id: 2 })).rejects.toThrow(new NotFound('sv_notes 2 does not exist'))
  })
})
