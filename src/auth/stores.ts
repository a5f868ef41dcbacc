/** Session stores: one process (memory), any fw-api/orm database, Redis, Workers KV. */
import { and, eq, getTableColumns, gt } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { databaseOf } from '../orm/database'
import type { RequestContext } from '../request/context'

/**
 * What a session holds: the user's id (`uid`) and whatever else the app keeps (JSON).
 *
 * @example
 * const data: auth.SessionData = { uid: 1 }
 */
export type SessionData = Record<string, unknown>

/**
 * Where sessions live. Every method may be called by several processes at
 * once (Redis, a database): a key is written whole.
 *
 * @example
 * const store: auth.SessionStore = auth.MemoryStore()
 */
export interface SessionStore {
  /** the session, or undefined when unknown or expired (`context`: the request, e.g. for Workers bindings) */
  get(key: string, context?: RequestContext): Promise<SessionData | undefined>
  /** store (or replace) a session for `maxAge` seconds */
  set(key: string, data: SessionData, maxAge: number, context?: RequestContext): Promise<void>
  delete(key: string, context?: RequestContext): Promise<void>
}

/** JSON text back to session data; undefined for anything else (a store is never trusted to hold an object). */
function parsed(text: unknown): SessionData | undefined {
  if (typeof text !== 'string') return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as SessionData)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Options of `auth.MemoryStore`.
 *
 * @example
 * auth.MemoryStore({ maxEntries: 10_000 })
 */
export interface MemoryStoreOptions {
  /** most sessions kept (default 100 000): past it the oldest go first */
  maxEntries?: number
}

/**
 * Sessions in this process's memory: for tests and one-process services
 * (`run({ workers })` processes do not share them; use Redis or a database).
 *
 * @example
 * auth.Session({ store: auth.MemoryStore() })
 */
export function MemoryStore(options: MemoryStoreOptions = {}): SessionStore {
  const maxEntries = options.maxEntries ?? 100_000
  const sessions = new Map<string, { text: string; expires: number }>()
  return {
    async get(key) {
      const entry = sessions.get(key)
      if (!entry) return undefined
      if (entry.expires <= Date.now()) {
        sessions.delete(key)
        return undefined
      }
      return parsed(entry.text)
    },
    async set(key, data, maxAge) {
      sessions.delete(key)
      while (sessions.size >= maxEntries) {
        const oldest = sessions.keys().next().value
        if (oldest === undefined) break
        sessions.delete(oldest)
      }
      sessions.set(key, { text: JSON.stringify(data), expires: Date.now() + maxAge * 1000 })
    },
    async delete(key) {
      sessions.delete(key)
    },
  }
}

/**
 * Options of `auth.DatabaseStore`: the database alias and the table's column keys.
 *
 * @example
 * auth.DatabaseStore(sessions, { db: 'default', columns: { key: 'sessionKey', data: 'sessionData', expires: 'expireDate' } })
 */
export interface DatabaseStoreOptions {
  /** the `orm.DatabaseConnections` alias (default `default`) */
  db?: string
  /** the table's column keys (default `key`, `data`, `expires`) */
  columns?: { key?: string; data?: string; expires?: string }
}

/**
 * Sessions in a table of an fw-api/orm database (Postgres: shared by every
 * process and machine): `key text primary key, data jsonb, expires timestamptz`.
 *
 * @example
 * export const sessions = pgTable('sessions', { key: text('key').primaryKey(), data: jsonb('data'), expires: timestamp('expires', { withTimezone: true }) })
 * auth.Session({ store: auth.DatabaseStore(sessions) })
 */
export function DatabaseStore(table: PgTable, options: DatabaseStoreOptions = {}): SessionStore {
  const columns: Record<string, PgColumn> = getTableColumns(table)
  const column = (role: 'key' | 'data' | 'expires'): { name: string; column: PgColumn } => {
    const name = options.columns?.[role] ?? role
    const found = columns[name]
    if (!found)
      throw new ImproperlyConfigured(
        `auth.DatabaseStore: the table has no column '${name}' (the ${role}; have: ${Object.keys(columns).join(', ')})`,
      )
    return { name, column: found }
  }
  const key = column('key')
  const data = column('data')
  const expires = column('expires')
  const alias = options.db ?? 'default'
  const db = () => databaseOf(alias).db()
  return {
    async get(id) {
      const rows = await (await db())
        .select({ data: data.column })
        .from(table)
        .where(and(eq(key.column, id), gt(expires.column, new Date())))
        .limit(1)
      const value = rows[0]?.data
      // jsonb comes back parsed; a text column holds the JSON text
      return typeof value === 'string'
        ? parsed(value)
        : typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as SessionData)
          : undefined
    },
    async set(id, session, maxAge) {
      const until = new Date(Date.now() + maxAge * 1000)
      const values = { [key.name]: id, [data.name]: session, [expires.name]: until }
      await (await db())
        .insert(table)
        .values(values)
        .onConflictDoUpdate({
          target: key.column,
          set: { [data.name]: session, [expires.name]: until },
        })
    },
    async delete(id) {
      await (await db()).delete(table).where(eq(key.column, id))
    },
  }
}

/**
 * The part of a Redis client `auth.RedisStore` uses (node-redis v4/v5's `createClient()`).
 *
 * @example
 * const client: auth.RedisClient = createClient({ url: 'redis://127.0.0.1:6379' })
 */
export interface RedisClient {
  get(key: string): Promise<string | null | unknown>
  set(key: string, value: string, options: { EX: number }): Promise<unknown>
  del(key: string): Promise<unknown>
}

/**
 * Sessions in Redis (shared by every process and machine), expiring by
 * Redis's own TTL; keys are `prefix + id` (default `fw:session:`).
 *
 * @example
 * import { createClient } from 'redis'
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect()
 * auth.Session({ store: auth.RedisStore(redis) })
 */
export function RedisStore(client: RedisClient, options: { prefix?: string } = {}): SessionStore {
  const prefix = options.prefix ?? 'fw:session:'
  return {
    async get(key) {
      return parsed(await client.get(prefix + key))
    },
    async set(key, data, maxAge) {
      await client.set(prefix + key, JSON.stringify(data), { EX: maxAge })
    },
    async delete(key) {
      await client.del(prefix + key)
    },
  }
}

/**
 * The part of a Workers KV namespace binding `auth.KVStore` uses.
 *
 * @example
 * const binding: auth.KVNamespaceLike = env.SESSIONS
 */
export interface KVNamespaceLike {
  get(key: string): Promise<string | null>
  put(key: string, value: string, options: { expirationTtl: number }): Promise<void>
  delete(key: string): Promise<void>
}

/**
 * Sessions in Workers KV (eventually consistent: a logout may take up to a
 * minute to reach other locations; KV's shortest TTL is 60 s).
 *
 * @example
 * auth.Session({ store: auth.KVStore((env) => env.SESSIONS) })   // the binding, read from each request's env
 */
export function KVStore(
  binding: KVNamespaceLike | ((env: unknown) => KVNamespaceLike),
  options: { prefix?: string } = {},
): SessionStore {
  const prefix = options.prefix ?? 'fw:session:'
  const kv = (context: RequestContext | undefined): KVNamespaceLike => {
    if (typeof binding !== 'function') return binding
    const found = binding(context?.env)
    if (!found || typeof found.get !== 'function')
      throw new ImproperlyConfigured(
        'auth.KVStore: the binding function returned no KV namespace (is it bound in wrangler.toml?)',
      )
    return found
  }
  return {
    async get(key, context) {
      return parsed(await kv(context).get(prefix + key))
    },
    async set(key, data, maxAge, context) {
      await kv(context).put(prefix + key, JSON.stringify(data), {
        expirationTtl: Math.max(60, maxAge),
      })
    },
    async delete(key, context) {
      await kv(context).delete(prefix + key)
    },
  }
}
