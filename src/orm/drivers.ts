/**
 * Where each engine's driver runs (docs/orm.md, "Engines and runtimes"):
 * PGlite (WASM, one connection on the JavaScript thread) on Node, Bun and
 * Deno; postgres.js everywhere, Cloudflare Workers included, where it
 * connects through Workers sockets (its `workerd` export, `cloudflare:sockets`;
 * the Worker needs the `nodejs_compat` flag for its `node:buffer` and
 * `node:stream` imports).
 */
import { ImproperlyConfigured } from '../exceptions'

/** Running in workerd (Cloudflare Workers, `wrangler dev`, miniflare): its `navigator.userAgent`. */
export const ON_WORKERS =
  (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent ===
  'Cloudflare-Workers'

/**
 * Refuse an engine that cannot run here, at `orm.Database(...)` (the Worker's
 * start), instead of workerd's `No such module "@electric-sql/pglite"` on the
 * first request: PGlite loads its WASM and data files from the file system.
 */
export function refuseEngineHere(
  engine: 'pglite' | 'postgres',
  name: string | undefined,
  onWorkers: boolean = ON_WORKERS,
): void {
  if (engine !== 'pglite' || !onWorkers) return
  throw new ImproperlyConfigured(
    `orm.Database${name ? ` '${name}'` : ''}: engine 'pglite' does not run on Cloudflare Workers (PGlite loads WASM and data files from a file system). ` +
      "Use engine: 'postgres' with a url: postgres.js connects through Workers sockets (compatibility flag nodejs_compat); " +
      "with Hyperdrive, url: env.HYPERDRIVE.connectionString (import { env } from 'cloudflare:workers')",
  )
}

/**
 * postgres.js client options on Workers: a Worker must not use one request's
 * socket from another request ("Cannot perform I/O on behalf of a different
 * request"), so each use opens its own client of one connection, which
 * closes itself once idle (`idle_timeout`, seconds; a late statement of the
 * same use reconnects) — or with the request, whichever comes first.
 * Hyperdrive pools the connections behind it, which makes this cheap.
 */
export const WORKERS_CLIENT = { max: 1, idle_timeout: 0.5 } as const

/** What `postgres(url, options)` returns, as far as fw uses it. */
export interface PostgresClient {
  unsafe(sql: string): { simple(): Promise<unknown> }
  end(options: { timeout: number }): Promise<void>
}

/** The `postgres` default export (postgres.js). */
export type PostgresFactory = (
  url: string,
  options: {
    max: number
    idle_timeout?: number
    onnotice: () => void
    connection: Record<string, number | string>
  },
) => PostgresClient

/** The `drizzle` export of a drizzle driver module. */
export type DrizzleFactory<Db> = (
  client: unknown,
  config: {
    schema: Record<string, unknown>
    logger?: { logQuery(sql: string, params: unknown[]): void }
  },
) => Db

/**
 * postgres.js and drizzle's adapter for it. Literal specifiers, so a Worker's
 * bundler (wrangler, esbuild) follows them and picks postgres.js's `workerd`
 * build; PGlite's stay computed in database.ts, so its WASM never enters a
 * bundle.
 */
export async function loadPostgres<Db>(): Promise<{
  postgres: PostgresFactory
  drizzle: DrizzleFactory<Db>
}> {
  const [driver, adapter] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
  ])
  return {
    postgres: driver.default as unknown as PostgresFactory,
    drizzle: adapter.drizzle as unknown as DrizzleFactory<Db>,
  }
}

/**
 * postgres.js prepares only the statements drizzle names (`.prepare(name)`):
 * every other one goes unnamed and Postgres plans it on every call (39–53 % of
 * the database time of examples/realworld). This client prepares every
 * statement with bound values — postgres.js keeps them per connection, by
 * text and parameter types — in transactions and savepoints too.
 */
export function preparingClient<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      if (key === 'unsafe')
        return (query: string, args?: unknown, options?: Record<string, unknown>) =>
          Array.isArray(args) && args.length > 0
            ? value.call(target, query, args, { ...options, prepare: true })
            : value.call(target, query, args, options)
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const run = args.at(-1)
          if (typeof run === 'function')
            args[args.length - 1] = (inner: object) => run(preparingClient(inner))
          return value.apply(target, args)
        }
      return value
    },
  })
}
