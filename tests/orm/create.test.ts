/**
 * SPEC §10.2 "Tables from the drizzle schema": `orm.Database({ create: true })`
 * creates the missing tables — indexes, unique / foreign-key constraints and
 * enums — from drizzle-kit's SQL on first connect; a second connect creates
 * nothing and never alters a table that exists. `create: { ddl }` runs the
 * statements `npx fw-api db generate` wrote instead, and refuses stale ones.
 * On PGlite (persisted in a data directory, so it can be reopened) and on a
 * real PostgreSQL server.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as tables from './fixtures/conduit-tables'
import { engines, startPostgres, type PostgresServer } from './engines'

const ALL = ['conduit_users', 'conduit_articles', 'conduit_comments', 'conduit_tags', 'conduit_article_tags', 'conduit_follows']
const UserSchema = orm.Schema(tables.users, { id: true, username: true, email: true, role: true })
const ArticleSchema = orm.Schema(tables.articles, { id: true, slug: true, title: true, authorId: true })

type Rows = Record<string, unknown>[]
const rowsOf = (result: unknown): Rows => (Array.isArray(result) ? (result as Rows) : ((result as { rows: Rows }).rows))

describe.each(engines)('orm.Database({ create: true }) on %s', (engine) => {
  let pg: PostgresServer | undefined
  let dataDir = ''
  const open = () => orm.Database({ name: 'create', engine, schema: tables, create: true, ...(pg ? { url: pg.url } : { dataDir }) })
  const names = async (database: orm.Database, query: ReturnType<typeof sql>) => rowsOf(await (await database.db()).execute(query)).map((row) => String(row.name)).sort()

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    dataDir = await mkdtemp(join(tmpdir(), 'fw-create-'))
  })
  afterAll(async () => {
    await pg?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  // PGlite's first open and drizzle-kit's import take seconds on a busy shared machine: a wide bound
  it('creates every table with its indexes, constraints and enum on first connect, then nothing', { timeout: 300_000 }, async () => {
    const database = open()
    const connections = orm.DatabaseConnections({ default: database }).activate()
    const alice = await UserSchema.save({ username: 'alice', email: 'a@x' })
    expect([...database.created].sort()).toEqual([...ALL].sort())
    expect(await names(database, sql`select tablename as name from pg_tables where tablename like 'conduit%'`)).toEqual([...ALL].sort())
    expect(await names(database, sql`select indexname as name from pg_indexes where indexname in ('conduit_articles_slug_idx', 'conduit_articles_author_idx', 'conduit_comments_article_idx')`)).toEqual(['conduit_articles_author_idx', 'conduit_articles_slug_idx', 'conduit_comments_article_idx'])
    expect((await UserSchema.serialize({ id: alice }))[0]).toMatchObject({ username: 'alice', role: 'reader' })
    // the constraints are there: unique (409), foreign key (400), unique index (409)
    await expect(UserSchema.save({ username: 'alice', email: 'b@x' })).rejects.toBeInstanceOf(exceptions.Conflict)
    await expect(ArticleSchema.save({ slug: 's', title: 't', authorId: 999 })).rejects.toBeInstanceOf(exceptions.BadRequest)
    await ArticleSchema.save({ slug: 's', title: 't', authorId: alice })
    await expect(ArticleSchema.save({ slug: 's', title: 'u', authorId: alice })).rejects.toBeInstanceOf(exceptions.Conflict)
    // an app's own change to an existing table, and a table gone
    await database.execute('ALTER TABLE conduit_tags ADD COLUMN extra text; DROP TABLE conduit_follows;')
    await connections.close()

    const again = open()
    const reconnected = orm.DatabaseConnections({ default: again }).activate()
    try {
      expect(await UserSchema.serialize({ username: 'alice' })).toHaveLength(1) // existing rows kept
      expect(again.created).toEqual(['conduit_follows']) // only the missing table
      expect(await names(again, sql`select column_name as name from information_schema.columns where table_name = 'conduit_tags' and column_name = 'extra'`)).toEqual(['extra'])
      await again.close()
      await again.db()
      expect(again.created).toEqual([]) // a third connect: nothing to create
    } finally {
      await reconnected.close()
    }
  })

  it('connect() opens the connection and creates the missing tables before any query', { timeout: 300_000 }, async () => {
    const previous = open()
    await previous.execute('DROP TABLE IF EXISTS conduit_tags CASCADE')
    await previous.close()
    const database = open()
    expect(database.opened).toBe(false)
    expect(await database.connect()).toBe(database)
    expect(database.opened).toBe(true)
    expect(database.created).toEqual(['conduit_tags'])
    await database.connect() // idempotent: nothing more to create, the same connection
    expect(database.created).toEqual(['conduit_tags'])
    await database.close()
  })
})

describe.each(engines)('orm.Database({ create: { ddl } }) on %s (the module npx fw-api db generate writes)', (engine) => {
  let pg: PostgresServer | undefined
  let dataDir = ''
  let ddl: orm.GeneratedDdl
  const open = (create: { ddl: orm.GeneratedDdl }) => orm.Database({ name: 'create-ddl', engine, schema: tables, create, ...(pg ? { url: pg.url } : { dataDir }) })
  const names = async (database: orm.Database, query: ReturnType<typeof sql>) => rowsOf(await (await database.db()).execute(query)).map((row) => String(row.name)).sort()

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    dataDir = await mkdtemp(join(tmpdir(), 'fw-create-ddl-'))
    const generated = await orm.generateDdl(tables)
    // a statement of the generated module only: shows its statements ran, not drizzle-kit's
    ddl = { ...generated, statements: [...generated.statements, "COMMENT ON TABLE conduit_users IS 'from the generated ddl'"] }
  }, 300_000)
  afterAll(async () => {
    await pg?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('creates every table of an empty database from the statements, then nothing; a table dropped since comes back', { timeout: 300_000 }, async () => {
    expect([...ddl.tables].sort()).toEqual([...ALL].map((name) => `public.${name}`).sort())
    const database = open({ ddl })
    const connections = orm.DatabaseConnections({ default: database }).activate()
    try {
      await database.connect()
      expect([...database.created].sort()).toEqual([...ALL].sort())
      expect(await names(database, sql`select obj_description('conduit_users'::regclass) as name`)).toEqual(['from the generated ddl'])
      expect(await names(database, sql`select indexname as name from pg_indexes where indexname in ('conduit_articles_slug_idx', 'conduit_comments_article_idx')`)).toEqual(['conduit_articles_slug_idx', 'conduit_comments_article_idx'])
      const alice = await UserSchema.save({ username: 'alice', email: 'a@x' })
      await expect(UserSchema.save({ username: 'alice', email: 'b@x' })).rejects.toBeInstanceOf(exceptions.Conflict)
      await expect(ArticleSchema.save({ slug: 's', title: 't', authorId: alice + 1 })).rejects.toBeInstanceOf(exceptions.BadRequest)
      await database.execute('DROP TABLE conduit_follows')
    } finally {
      await connections.close()
    }
    const again = open({ ddl })
    try {
      await again.connect()
      expect(again.created).toEqual(['conduit_follows']) // some present: drizzle-kit creates the missing one
      await again.close()
      await again.connect()
      expect(again.created).toEqual([])
      expect(await names(again, sql`select username as name from conduit_users`)).toEqual(['alice'])
    } finally {
      await again.close()
    }
  })

  it('refuses, before any DDL, statements generated from other tables (tables.ts changed, not regenerated)', { timeout: 300_000 }, async () => {
    const { pgTable, serial } = await import('drizzle-orm/pg-core')
    const changed = { ...tables, extra: pgTable('conduit_extra', { id: serial('id').primaryKey() }) }
    const stale = orm.Database({ name: 'stale', engine, schema: changed, create: { ddl }, ...(pg ? { url: pg.url } : {}) })
    try {
      await expect(stale.connect()).rejects.toThrow(/the generated DDL \(tables public\.conduit_\w+, .*\) was made from other tables than the schema module's: regenerate it with npx fw-api db generate/)
      await expect(stale.connect()).rejects.toBeInstanceOf(exceptions.ImproperlyConfigured)
      if (pg) expect(await names(stale, sql`select tablename as name from pg_tables where tablename = 'conduit_extra'`).catch(() => [])).toEqual([])
    } finally {
      await stale.close()
    }
    expect(() => orm.Database({ schema: tables, create: { ddl: { statements: 'DROP TABLE x' } } as never })).toThrow(exceptions.ImproperlyConfigured)
  })
})

describe('orm.Database({ create: true }) and names drizzle-kit would not escape (D12)', () => {
  it('a table, column, index or enum name holding a double quote is refused before any DDL runs, naming it', { timeout: 300_000 }, async () => {
    const { pgEnum, pgTable, integer, index } = await import('drizzle-orm/pg-core')
    const hostile = 'x" (id int); DROP TABLE victims; --'
    const victims = pgTable('victims', { id: integer('id').primaryKey() })
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['table', { t: pgTable(hostile, { id: integer('id').primaryKey() }) }, /the table "x\\" \(id int\); DROP TABLE victims; --" holds a double quote/],
      ['column', { t: pgTable('quoted_column', { id: integer(hostile).primaryKey() }) }, /the column of quoted_column "x\\" .* holds a double quote/],
      ['index', { t: pgTable('quoted_index', { id: integer('id').primaryKey() }, (table) => [index(hostile).on(table.id)]) }, /the index of quoted_index .* holds a double quote/],
      ['enum', { e: pgEnum('mo"od', ['a']) }, /the enum "mo\\"od" holds a double quote/],
    ]
    for (const [what, schema, message] of cases) {
      const database = orm.Database({ schema: { victims, ...schema }, create: true })
      try {
        await expect(database.connect(), what).rejects.toThrow(message)
        await expect(database.connect(), what).rejects.toBeInstanceOf(exceptions.ImproperlyConfigured)
      } finally {
        await database.close()
      }
    }
  })
})

describe('connect() opens PGlite before it returns (issue 54 #7)', () => {
  it('without create: the first statement after connect() does not pay for PGlite\'s start', { timeout: 300_000 }, async () => {
    const database = orm.Database({ schema: tables })
    try {
      const connecting = performance.now()
      await database.connect()
      const connected = performance.now() - connecting
      const started = performance.now()
      await database.execute('select 1')
      const first = performance.now() - started
      // PGlite's start is 1–15 s on this shared machine; a statement on a started PGlite is milliseconds
      console.log(`[connect] pglite connect() ${connected.toFixed(0)} ms, first statement ${first.toFixed(1)} ms`)
      expect(first).toBeLessThan(Math.max(500, connected / 4))
    } finally {
      await database.close()
    }
  })
})
