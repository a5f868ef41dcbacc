import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { checkLimit } from './limits'
import { createMissingTables } from './create'
import { checkCreateOption, type GeneratedDdl } from './ddl'
import { PGLITE_MODULE, startFromSnapshot, type PgliteClass, type SnapshotSource } from './snapshot'
import {
  loadPostgres,
  ON_WORKERS,
  refuseEngineHere,
  preparingClient,
  WORKERS_CLIENT,
  type DrizzleFactory,
} from './drivers'
import { observedClient } from './observed'
import { telemetryHost } from '../request/telemetry'

/**
 * The drizzle database fw's orm runs on (PGlite and postgres.js both are one).
 *
 * @example
 * const rows = await (database.db as orm.Db).select().from(users)
 */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>

/**
 * Options of `orm.Database`.
 *
 * @example
 * orm.Database({ name: 'blog', engine: 'postgres', url: process.env.DATABASE_URL, schema })
 */
export interface DatabaseOptions {
  /** a name for messages (and the PGlite data directory's default label) */
  name?: string
  /** `pglite` (embedded WASM Postgres, the default) or `postgres` (a real server through postgres.js) */
  engine?: 'pglite' | 'postgres'
  /** the drizzle schema module: tables and `relations`, as `drizzle(client, { schema })` takes it */
  schema: Record<string, unknown>
  /** `postgres`: the connection URL (`postgres://user:pass@host:port/db`) */
  url?: string
  /** `pglite`: a directory to persist to (in memory when absent) */
  dataDir?: string
  /** `postgres`: pool size (default 10) */
  max?: number
  /**
   * `postgres`: cancel any statement running longer than this many ms (the
   * server's `statement_timeout`); the request answers 503. PGlite runs
   * statements on the JavaScript thread and cannot cancel them, so it refuses
   * this option.
   */
  statementTimeout?: number
  /**
   * A time bound in ms on every transaction of a `save` / `bulkSave` (the
   * statements a write with relations runs): past it, the next statement (or
   * the COMMIT) is not sent, the transaction rolls back and the request
   * answers 503 — a write is never committed past its bound. On
   * `postgres` it also caps the server's `statement_timeout` (the smaller of
   * the two), so the statement running when the time is up ends by it too.
   * On PGlite it is checked between statements (a statement cannot be
   * cancelled there; the row budget bounds each one).
   */
  transactionTimeout?: number
  /** the most rows one `save` / `bulkSave` writes: its rows, nested rows and key-list items (default 10 000); more is a 413 before any SQL */
  maxWriteRows?: number
  /**
   * `postgres`: allow the server's JIT compilation (default false: fw's
   * statements are correlated subqueries whose estimated cost triggers JIT,
   * which compiles for seconds to save milliseconds — 6.3 s vs 0.15 s for the
   * UtilMeta UserSchema on PostgreSQL 15)
   */
  jit?: boolean
  /**
   * `postgres`: prepare every statement with bound values (default true): the server plans each
   * statement text once per connection instead of on every call. Set false behind a pooler that
   * cannot keep prepared statements (PgBouncer in transaction mode before 1.21).
   */
  prepare?: boolean
  /** called with every SQL statement drizzle sends (logging, statement counts in tests) */
  onQuery?: (sql: string, params: unknown[]) => void
  /**
   * create the schema module's missing tables (with their indexes, constraints and enums)
   * on first connect; existing tables are never altered. `true`: from drizzle-kit's SQL
   * (drizzle-kit installed, loaded when a table is missing); `{ ddl }`: from the module
   * `npx fw-api db generate` wrote, without drizzle-kit (docs/orm.md); `{ ddl, snapshot }`
   * (in-memory PGlite): start from the data directory `db generate --snapshot` wrote (a path,
   * `file:` URL or Blob), tables included, instead of `initdb` — a stale or unreadable one falls
   * back to `{ ddl }` with a warning. For production, migrate with drizzle-kit instead.
   */
  create?: boolean | { ddl: GeneratedDdl; snapshot?: SnapshotSource }
}

// Computed specifiers: bundlers never follow them (PGlite's WASM stays out of
// bundles), and only the chosen engine loads. postgres.js: drivers.ts.
const modules = {
  pglite: PGLITE_MODULE,
  drizzlePglite: ['drizzle-orm', 'pglite'].join('/'),
}

interface Opened {
  db: Db
  close(): Promise<void>
  exec(sql: string): Promise<void>
}

/**
 * One database: opened lazily on first use, closed by `close()` (the service
 * closes it on shutdown). fw creates tables only when asked (`create`) and never migrates them.
 *
 * @example
 * import * as tables from './tables'
 * const db = orm.Database({ name: 'blog', engine: 'pglite', schema: tables })
 * const pg = orm.Database({ engine: 'postgres', url: process.env.DATABASE_URL, schema: tables })
 */
export class Database {
  readonly options: Readonly<DatabaseOptions>
  #opening?: Promise<Opened>
  /**
   * The drizzle database once its connection is open (never on Workers), else undefined: nothing
   * to wait for on the request path. A field the connection sets (not a getter): a schema's
   * write, its read and `auth.User`'s row read take it with no call per request.
   */
  readonly readyDb: Db | undefined = undefined

  constructor(options: DatabaseOptions) {
    const engine = options.engine ?? 'pglite'
    if (engine !== 'pglite' && engine !== 'postgres')
      throw new ImproperlyConfigured(
        `orm.Database: unknown engine '${String(engine)}' (use 'pglite' or 'postgres')`,
      )
    refuseEngineHere(engine, options.name)
    if (engine === 'postgres' && !options.url)
      throw new ImproperlyConfigured(
        `orm.Database${options.name ? ` '${options.name}'` : ''}: engine 'postgres' needs a url`,
      )
    const timeout = options.statementTimeout
    if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0))
      throw new ImproperlyConfigured(
        `orm.Database: statementTimeout must be a positive integer of ms (got ${String(timeout)})`,
      )
    if (timeout !== undefined && engine !== 'postgres')
      throw new ImproperlyConfigured(
        "orm.Database: statementTimeout needs engine 'postgres' (PGlite runs statements on the JavaScript thread and cannot cancel them)",
      )
    checkCreateOption(options.create, engine, options.dataDir)
    checkLimit('orm.Database', 'transactionTimeout', options.transactionTimeout)
    checkLimit('orm.Database', 'maxWriteRows', options.maxWriteRows)
    if (typeof options.schema !== 'object' || options.schema === null)
      throw new ImproperlyConfigured(
        'orm.Database: `schema` must be the drizzle schema module (tables and relations)',
      )
    this.options = { ...options, engine }
  }

  /** the tables `create` created when this database last connected */
  get created(): readonly string[] {
    return this.#created
  }
  #created: string[] = []

  get engine(): 'pglite' | 'postgres' {
    return this.options.engine ?? 'pglite'
  }

  /** Is the connection open (or opening)? */
  get opened(): boolean {
    return this.#opening !== undefined
  }

  /** Open now (and create missing tables) rather than on the first query; idempotent, a no-op on Workers. @example await database.connect() */
  async connect(): Promise<this> {
    return ON_WORKERS ? this : (await this.#connect(), this)
  }

  /** The drizzle database, opening the connection on first call. */
  async db(): Promise<Db> {
    return (await this.#connect()).db
  }

  /** what `#opening` gave is the open connection (`undefined`: none) */
  #setReady(opened: Opened | undefined): void {
    ;(this as { readyDb: Db | undefined }).readyDb = opened?.db
  }

  #connect(): Promise<Opened> {
    // Workers: no I/O object outlives its request, so every use opens its own client (drivers.ts).
    if (ON_WORKERS) return this.#open()
    if (this.#opening) return this.#opening
    const opening = this.#open()
      .then((opened) => this.#create(opened))
      .then((opened) => {
        if (this.#opening === opening) this.#setReady(opened)
        return opened
      })
      .catch((error: unknown) => {
        if (this.#opening === opening) this.#opening = undefined
        throw error
      })
    this.#opening = opening
    return opening
  }

  /**
   * Run plain SQL (several statements allowed), e.g. to create tables at startup.
   *
   * @example await db.execute('CREATE TABLE IF NOT EXISTS ...')
   */
  async execute(sqlText: string): Promise<void> {
    await (await this.#connect()).exec(sqlText)
  }

  /** Close the connection (a later use opens it again). */
  async close(): Promise<void> {
    const opening = this.#opening
    this.#opening = undefined
    this.#setReady(undefined)
    if (opening) await (await opening).close()
  }

  async #create(opened: Opened): Promise<Opened> {
    const { create, schema } = this.options
    if (!create) return opened
    try {
      this.#created = await createMissingTables(
        opened.db,
        schema,
        create === true ? undefined : create.ddl,
      )
      return opened
    } catch (error) {
      await opened.close().catch(() => {})
      throw error
    }
  }

  async #open(): Promise<Opened> {
    const { schema, onQuery } = this.options
    // fw-api/otel, when imported: a span and a duration per statement (orm/observed.ts)
    const observer = telemetryHost.telemetry
    const observed = <C extends object>(client: C): C =>
      observer ? observedClient(client, observer, 'postgresql') : client
    const config = { schema, ...(onQuery ? { logger: { logQuery: onQuery } } : {}) }
    if (this.engine === 'pglite') {
      const { PGlite } = (await import(/* @vite-ignore */ modules.pglite)) as {
        PGlite: PgliteClass
      }
      const { drizzle } = (await import(/* @vite-ignore */ modules.drizzlePglite)) as {
        drizzle: DrizzleFactory<Db>
      }
      const { create } = this.options
      const fromSnapshot =
        typeof create === 'object' && create.snapshot
          ? await startFromSnapshot(PGlite, create.snapshot, create.ddl)
          : undefined
      const client = fromSnapshot ?? new PGlite(this.options.dataDir)
      // PGlite starts (WASM, initdb or the data directory) in the background: opened means ready,
      // so `connect()` pays for it, not the first statement (issue 54 #7: 128 ms, then 15 s)
      await client.waitReady
      return {
        db: drizzle(observed(client), config),
        close: () => client.close(),
        exec: async (text) => void (await client.exec(text)),
      }
    }
    const { postgres, drizzle } = await loadPostgres<Db>()
    // every statement is in a transaction: none outlives the transaction's bound either
    const bounds = [this.options.statementTimeout, this.options.transactionTimeout].filter(
      (bound) => bound !== undefined,
    )
    const timeout = bounds.length ? Math.min(...bounds) : undefined
    const connection: Record<string, number | string> = {
      ...(timeout === undefined ? {} : { statement_timeout: timeout }),
      ...(this.options.jit ? {} : { jit: 'off' }),
    }
    const client = postgres(this.options.url as string, {
      max: this.options.max ?? 10,
      ...(ON_WORKERS ? WORKERS_CLIENT : {}),
      onnotice: () => {},
      connection,
    })
    return {
      db: drizzle(
        observed(this.options.prepare === false ? client : preparingClient(client)),
        config,
      ),
      close: () => client.end({ timeout: 5 }),
      exec: async (text) => void (await client.unsafe(text).simple()),
    }
  }
}
