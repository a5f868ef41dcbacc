/**
 * src/orm/connection.ts: `Database` — its options checked when declared (ImproperlyConfigured
 * naming the option, never a failure on the first request), opened lazily and once however many
 * callers wait, `readyDb` only once open, `execute` of several statements, `onQuery` seeing every
 * statement, `close()` then a reopen, and a failed open leaving it closed (the next use tries again).
 * On PGlite in process; the engines on every runtime: tests/orm/drivers.test.ts; closing with the
 * service: tests/orm/shutdown.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Database, type DatabaseOptions } from '../../src/orm/connection'

const schema = {}
const opened: Database[] = []
const pglite = (options: Partial<DatabaseOptions> = {}) => {
  const database = new Database({ engine: 'pglite', schema, ...options })
  opened.push(database)
  return database
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()))
})

describe('Database options, checked when declared', () => {
  const refused = (options: DatabaseOptions): unknown => {
    try {
      new Database(options)
    } catch (error) {
      return error
    }
    return undefined
  }

  it.each([
    [{ engine: 'mysql' as never, schema }, "orm.Database: unknown engine 'mysql' (use 'pglite' or 'postgres')"],
    [{ engine: 'postgres' as const, name: 'main', schema }, "orm.Database 'main': engine 'postgres' needs a url"],
    [{ engine: 'postgres' as const, url: 'postgres://x', statementTimeout: 0, schema }, 'orm.Database: statementTimeout must be a positive integer of ms (got 0)'],
    [{ engine: 'postgres' as const, url: 'postgres://x', statementTimeout: 1.5, schema }, 'orm.Database: statementTimeout must be a positive integer of ms (got 1.5)'],
    [{ statementTimeout: 100, schema }, "orm.Database: statementTimeout needs engine 'postgres'"],
    [{ schema: null as never }, 'orm.Database: `schema` must be the drizzle schema module (tables and relations)'],
  ])('%j → ImproperlyConfigured', (options, message) => {
    const error = refused(options)
    expect(error).toBeInstanceOf(ImproperlyConfigured)
    expect((error as Error).message).toContain(message)
  })

  it('refuses bounds that are not positive numbers, naming them', () => {
    for (const bad of [0, -1, Number.NaN, '10' as never]) {
      expect(() => new Database({ schema, transactionTimeout: bad })).toThrow(/transactionTimeout/)
      expect(() => new Database({ schema, maxWriteRows: bad })).toThrow(/maxWriteRows/)
    }
  })

  it('defaults to PGlite and keeps its own copy of the options; nothing opens when declared', () => {
    const given: DatabaseOptions = { schema }
    const database = new Database(given)
    expect(database.engine).toBe('pglite')
    expect(database.options.engine).toBe('pglite')
    expect(database.options).not.toBe(given)
    expect(database.opened).toBe(false)
    expect(database.readyDb).toBeUndefined()
    expect(database.created).toEqual([])
  })
})

// Each case opens PGlite (a WASM Postgres, seconds on a loaded 2-core machine): a hang guard, not a budget.
describe('Database lifecycle (PGlite)', { timeout: 120_000 }, () => {
  it('opens once for concurrent callers; readyDb only once open; connect is idempotent', async () => {
    const database = pglite()
    const [first, second] = await Promise.all([database.db(), database.db()])
    expect(first).toBe(second)
    expect(database.opened).toBe(true)
    expect(database.readyDb).toBe(first)
    expect(await database.connect()).toBe(database)
    expect(await database.db()).toBe(first)
  })

  it('execute runs several statements; onQuery sees what drizzle sends', async () => {
    const seen: string[] = []
    const database = pglite({ onQuery: (text) => seen.push(text) })
    await database.execute('CREATE TABLE cn_t (id int); INSERT INTO cn_t VALUES (1), (2);')
    const db = await database.db()
    const result = (await db.execute('select count(*)::int as n from cn_t')) as unknown as { rows: { n: number }[] }
    expect(result.rows[0]?.n).toBe(2)
    expect(seen).toEqual(['select count(*)::int as n from cn_t'])
  })

  it('close() closes (twice is harmless); a later use opens a fresh database', async () => {
    const database = pglite()
    await database.execute('CREATE TABLE cn_gone (id int)')
    const before = await database.db()
    await database.close()
    await database.close()
    expect(database.opened).toBe(false)
    expect(database.readyDb).toBeUndefined()
    const after = await database.db()
    expect(after).not.toBe(before)
    // in memory: the reopened database is a new one, without the table
    await expect(database.execute('SELECT * FROM cn_gone')).rejects.toThrow(/cn_gone/)
  })

  it('a failed open (here: DDL generated from other tables) closes what it opened and leaves it closed', async () => {
    const stale = { fingerprint: 'stale', tables: ['other'], statements: [] }
    const database = pglite({ create: { ddl: stale } })
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await database.db().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ImproperlyConfigured)
      expect((error as Error).message).toContain('regenerate it with npx fw-api db generate')
      expect(database.opened).toBe(false)
      expect(database.readyDb).toBeUndefined()
    }
  })
})
