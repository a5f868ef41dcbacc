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
