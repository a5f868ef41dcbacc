import type { PgTable } from 'drizzle-orm/pg-core'
import type * as DrizzleValibot from 'drizzle-valibot'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { innerOf } from '../schema/walk'
import { databaseOf } from './database'
import type { Transform } from './paths'
import { pathTarget } from './sql'

/**
 * drizzle-valibot, an optional peer: loaded with fw-api/orm when installed (a
 * literal specifier, so bundlers include it; `orm.Schema` and `orm.Query` use
 * it synchronously when declared), and when it is not, fw-api/orm still loads
 * and the first `orm.Schema` / `orm.Query` says what to install — not Node's
 * bare `ERR_MODULE_NOT_FOUND` at import (issue 54 #8).
 */
const drizzleValibot: typeof DrizzleValibot | undefined = await import('drizzle-valibot').catch(
  (error: unknown) => {
    if (isModuleNotFound(error, 'drizzle-valibot')) return undefined
    throw error
  },
)

/** Is `error` the runtime's "cannot find package `name`" (Node, Bun, Deno, bundlers' stubs)? */
function isModuleNotFound(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return (
    (code === 'ERR_MODULE_NOT_FOUND' ||
      /cannot find|could not find|not found|failed to resolve|cannot resolve/i.test(
        String(message),
      )) &&
    String(message).includes(name)
  )
}

/** drizzle-valibot, or `ImproperlyConfigured` saying to install it. */
function drizzleValibotOrRefuse(): typeof DrizzleValibot {
  if (drizzleValibot) return drizzleValibot
  throw new ImproperlyConfigured(
    'fw-api/orm: orm.Schema and orm.Query need drizzle-valibot (the valibot schemas of the drizzle columns): npm install drizzle-valibot',
  )
}

type Entries = Record<string, v.GenericSchema>
const selects = new WeakMap<PgTable, Entries>()
const inserts = new WeakMap<PgTable, Entries>()
const nullProto = (entries: Entries): Entries =>
  Object.assign(Object.create(null) as Entries, entries)

/** drizzle-valibot's select schema entries of a table (cached). */
export function selectEntries(table: PgTable): Entries {
  return entriesOf(selects, table, (target) => drizzleValibotOrRefuse().createSelectSchema(target))
}

/** drizzle-valibot's insert schema entries of a table (cached): generated and defaulted columns are optional. */
export function insertEntries(table: PgTable): Entries {
  return entriesOf(inserts, table, (target) => drizzleValibotOrRefuse().createInsertSchema(target))
}

/** The entries of `create(table)`'s object schema, kept in `cache` per table (a null-prototype copy). */
function entriesOf(
  cache: WeakMap<PgTable, Entries>,
  table: PgTable,
  create: (table: PgTable) => unknown,
): Entries {
  let entries = cache.get(table)
  if (!entries)
    cache.set(table, (entries = nullProto((create(table) as { entries: Entries }).entries)))
  return entries
}

/** The value schema of one column (under drizzle-valibot's `v.nullable` of a nullable column), for filters. */
export function columnSchema(table: PgTable, key: string): v.GenericSchema {
  const entry = selectEntries(table)[key]
  if (!entry) throw new ImproperlyConfigured(`orm: no column '${key}' to filter on`)
  return innerOf(entry)
}

/** The value of a transformed column: a date part is an integer, `.date` an ISO date, a JSON list item text. */
function transformSchema(transform: Transform): v.GenericSchema {
  if (typeof transform === 'number') return v.string()
  return transform === 'date' ? v.pipe(v.string(), v.isoDate()) : v.pipe(v.number(), v.integer())
}

/**
 * The value schema of a column reached through relations (`'author.username'`).
 * Relations live in the database's schema module, so the column is found on
 * first use (lazily), then cached.
 */
export function lazyPathSchema(table: PgTable, db: string, path: string): v.GenericSchema {
  let resolved: v.GenericSchema | undefined
  return v.lazy(() => {
    if (!resolved) {
      const schema = databaseOf(db).options.schema
      const { key, target, transform } = pathTarget(schema, table, path)
      resolved = transform === undefined ? columnSchema(target, key) : transformSchema(transform)
    }
    return resolved
  })
}
