import type { PgTable } from 'drizzle-orm/pg-core'
import { Conflict, ImproperlyConfigured, ServiceUnavailable } from '../exceptions'
import { INSTALL, type ServiceHooks } from '../api/install'
import { carriesRequests, requestPlugin, type ContextOf } from './context'
import { Database } from './connection'

export { Database, type DatabaseOptions, type Db } from './connection'

/** What `service.use(connections)` activated: configuration set at build (as Django's `DATABASES`), one entry, no client data. */
const activated: { connections?: DatabaseConnections } = {}

/** The active connections' databases by alias (own aliases only), set by `activate()`, emptied by `close()`. */
const databasesByAlias = new Map<string, Database>()

/**
 * The database behind each alias of the active connections, as `activate()` set them: what the
 * request path reads (a schema's write and read, `auth.User`'s row) with no call; an alias not in
 * it goes to `databaseOf`, which names the miss.
 *
 * @example
 * const database = activeDatabases.get('default') ?? databaseOf('default')
 */
export const activeDatabases: ReadonlyMap<string, Database> = databasesByAlias

/**
 * Database aliases for a service: `default` is used by schemas without `{ db }`.
 * `service.use(connections)` activates them and closes them when the service closes.
 *
 * @example
 * service.use(orm.DatabaseConnections({
 *   default: orm.Database({ name: 'blog', engine: 'pglite', schema: tables }),
 * }))
 */
export class DatabaseConnections {
  readonly databases: Readonly<Record<string, Database>>
  readonly #contextOf?: ContextOf

  /**
   * @param options.context what schemas read as the request context inside an endpoint
   *   (default: the request's `state`, e.g. `{ userId }` set by an auth hook)
   */
  constructor(databases: Record<string, Database>, options: { context?: ContextOf } = {}) {
    for (const [alias, database] of Object.entries(databases)) {
      if (!(database instanceof Database))
        throw new ImproperlyConfigured(
          `orm.DatabaseConnections: '${alias}' must be an orm.Database`,
        )
    }
    this.databases = { ...databases }
    this.#contextOf = options.context
  }

  /**
   * Make these the connections schemas use (what `service.use(this)` does).
   * Every schema and query declared for these aliases is checked against the
   * databases' schema modules now: an unknown path or relation throws
   * `ImproperlyConfigured` here, at build, never on a request.
   */
  activate(): this {
    for (const check of checks) runCheck(check, this)
    activated.connections = this
    databasesByAlias.clear()
    for (const [alias, database] of Object.entries(this.databases))
      databasesByAlias.set(alias, database)
    return this
  }

  /** Close every opened database. */
  async close(): Promise<void> {
    await Promise.all(Object.values(this.databases).map((database) => database.close()))
    if (activated.connections !== this) return
    activated.connections = undefined
    databasesByAlias.clear()
  }

  /** Called by `service.use(connections)`. */
  [INSTALL](service: ServiceHooks): void {
    this.activate()
    if (carriesRequests) service.addPlugin(requestPlugin(this.#contextOf))
    service.onClose(() => this.close())
    // What mapDatabaseError answers on any route of the service, in its document.
    service.documentErrors?.([
      { error: ServiceUnavailable, by: 'the database (statement timeout)' },
      {
        error: Conflict,
        methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
        by: 'the database (a unique or reference constraint)',
      },
    ])
  }
}

/** A declaration's check against the schema module of the database it uses. */
interface Check {
  db: string
  run(schema: Record<string, unknown>): void
  done: WeakSet<object>
}
const checks: Check[] = []

function runCheck(check: Check, connections: DatabaseConnections): void {
  const database = Object.hasOwn(connections.databases, check.db)
    ? connections.databases[check.db]
    : undefined
  if (!database || check.done.has(database.options.schema)) return
  check.run(database.options.schema)
  check.done.add(database.options.schema)
}

/** Does the drizzle schema module hold `table` itself (not a namesake of another module)? */
function holdsTable(schema: Record<string, unknown>, table: PgTable): boolean {
  return Object.values(schema).includes(table)
}

/**
 * Check a declaration (a schema's relations, a query's paths) against the
 * schema module of its database: now if connections are active, else when
 * they are activated (`service.use(connections)`).
 */
export function declareCheck(
  db: string,
  table: PgTable,
  run: (schema: Record<string, unknown>) => void,
): void {
  // a module without this very table belongs to other declarations: checked where the table is
  // (a namesake table of another module, two apps' `users` in one process, is not this one)
  const check: Check = {
    db,
    run: (schema) => void (holdsTable(schema, table) && run(schema)),
    done: new WeakSet(),
  }
  if (activated.connections) runCheck(check, activated.connections)
  checks.push(check)
}

/** The database behind an alias of the active connections. */
export function databaseOf(alias: string): Database {
  const active = activated.connections
  if (!active)
    throw new ImproperlyConfigured(
      'orm: no databases configured: service.use(orm.DatabaseConnections({ default: orm.Database(...) }))',
    )
  // an own alias only: `{ db: 'toString' }` is no database of Object.prototype's
  const database = Object.hasOwn(active.databases, alias) ? active.databases[alias] : undefined
  if (!database)
    throw new ImproperlyConfigured(
      `orm: no database '${alias}' in DatabaseConnections (have: ${Object.keys(active.databases).join(', ')})`,
    )
  return database
}
