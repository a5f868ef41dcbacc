/**
 * Statements built once (docs/orm.md, "Statements compiled once"): a `serialize()` of plain data —
 * no parsed query, no drizzle condition, no `where` or `scope` option, order terms that are
 * column names — sends the same SQL with the same values every time it gets the same data under
 * the same compiled fragment (compiled.ts: the schema's output, per context variant). Its drizzle
 * query is built and rendered once per database, fragment and data, then executed as it is
 * (prepared on drizzle's session, its rows taken as the driver makes them, not mapped by drizzle
 * row by row): `GET /api/tags` renders no SQL per request. The rendered statement runs on the
 * session's driver client itself (postgres.js's `unsafe`, PGlite's `query`, with the options
 * drizzle's prepared query holds): one promise, not drizzle's nine wrappers (`execute`, its
 * tracer spans, its cache check) — the same client drizzle calls, so `fw-api/otel`'s statement
 * spans (orm/observed.ts), prepared names and `onQuery` stay as they were.
 *
 * A parsed query, plain data `{ path: value }` of single values (`init({ slug })`) and a `where`
 * of plain values are built once per SHAPE instead: which fields or paths are present, the order,
 * and the values as placeholders bound at each call (orm/read-plan.ts's `boundQuery`; plain values by
 * `boundPlain` here) — `?tag=a` and `?tag=b`, or
 * two slugs, run one statement with different values. A field whose SQL depends on more than its
 * value (a `query` or `expr` filter, which may read the context; `search`, `scope`, `page`, an
 * `in` list, a `like` pattern; in plain data a list, an operator object, `null`) leaves the call
 * unbound: plain data is then keyed by its values as above.
 */
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm'
import { QUERY } from './query-where'
import { NUL, PROTOTYPE_KEYS } from './safe'

/** A rendered statement: run it (with its placeholders' values), get its rows as the driver made them. */
export interface Statement {
  execute(values?: Record<string, unknown>): Promise<Record<string, unknown>[]>
}

/** What renders a statement once: a drizzle query builder (its SQL, placeholders kept as such). */
export interface Preparable {
  toSQL(): { sql: string; params: unknown[] }
}

/** A drizzle database (or transaction), as far as preparing a statement on its session goes. */
export interface PreparingDb {
  readonly _: {
    readonly session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        isResponseInArrayMode: boolean,
      ): { execute(values?: Record<string, unknown>): Promise<unknown> }
    }
  }
}

/** Statements per fragment: beyond this many data keys, new ones are built per call. */
const MAX_STATEMENTS = 256
const statementsByDb = new WeakMap<object, WeakMap<SQL, Map<string, Statement>>>()
/** drizzle's statement names (a driver that names prepared statements gets one per text) */
const names = { next: 0 }

/** A driver's answer as its rows: postgres.js answers an array of them, PGlite `{ rows }`. */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? [])

/**
 * The key of a `serialize()`'s data when its statement depends on nothing else (see the file
 * comment); undefined when it may (a value with no faithful key, an `orm.Order` term).
 *
 * @example
 * statementKey({}, ['name'], false) // '{}|name'
 */
export function statementKey(
  arg: unknown,
  order: readonly unknown[] | undefined,
  counted: boolean,
): string | undefined {
  const data = valueKey(arg)
  if (data === undefined) return undefined
  if (order?.some((term) => typeof term !== 'string')) return undefined
  return `${counted ? 'n' : ''}${data}|${order?.join(',') ?? ''}`
}

/**
 * The statement of `key` under `fragment` on `db`: rendered once by `build()` (then kept while
 * the fragment is), or, past `MAX_STATEMENTS` per fragment, built for this call alone. Prepared
 * on drizzle's session with no field list: its rows come as the driver made them, keyed by the
 * select's aliases, without drizzle's mapping of each row (serialize decodes them itself).
 *
 * @example
 * const statement = preparedStatement(db, object, key, () => db.select({ r: object.as('r') }).from(table))
 * const rows = await statement.execute()
 */
export function preparedStatement(
  db: PreparingDb,
  fragment: SQL,
  key: string,
  build: () => Preparable,
): Statement {
  let byFragment = statementsByDb.get(db)
  if (byFragment === undefined) statementsByDb.set(db, (byFragment = new WeakMap()))
  let statements = byFragment.get(fragment)
  if (statements === undefined) byFragment.set(fragment, (statements = new Map()))
  const known = statements.get(key)
  if (known !== undefined) return known
  const query = build().toSQL()
  const prepared = db._.session.prepareQuery(query, undefined, `fw_s${++names.next}`, false)
  const statement: Statement = directStatement(prepared) ?? {
    execute: (values) => prepared.execute(values).then(rowsOf),
  }
  if (statements.size < MAX_STATEMENTS) statements.set(key, statement)
  return statement
}

/**
 * What drizzle's prepared query holds (postgres.js's and PGlite's alike, drizzle-orm 0.45): the
 * session's driver client, the SQL, its parameters (placeholders among them), the logger, and the
 * driver's options — `prepare` (postgres.js) or `rawQueryConfig` (PGlite: its type parsers).
 */
interface DriverQuery {
  client: {
    unsafe?: (sql: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown>
    query?: (sql: string, params: unknown[], options: object) => Promise<unknown>
  }
  queryString: string
  params: unknown[]
  logger: { logQuery(sql: string, params: unknown[]): void }
  prepare?: unknown
  rawQueryConfig?: unknown
}

/** Is `prepared` a drizzle prepared query whose driver call fw knows (see DriverQuery)? */
function isDriverQuery(prepared: unknown): prepared is DriverQuery {
  const query = prepared as Partial<DriverQuery>
  const client = query.client
  // postgres.js's client is a function (its tagged template), PGlite's an object
  if ((typeof client !== 'object' && typeof client !== 'function') || client === null) return false
  if (typeof query.queryString !== 'string' || !Array.isArray(query.params)) return false
  if (typeof query.logger?.logQuery !== 'function') return false
  return (
    (typeof client.unsafe === 'function' && typeof query.prepare === 'boolean') ||
    (typeof client.query === 'function' && typeof query.rawQueryConfig === 'object')
  )
}

/**
 * `prepared` run on its driver client directly, as drizzle's `execute` would without a field list
 * (its values filled, the statement logged, the same client and options): one promise per call;
 * undefined for a prepared query of another shape (then drizzle's `execute` runs it).
 *
 * @example
 * const statement = directStatement(db._.session.prepareQuery(query, undefined, 'fw_s1', false))
 */
export function directStatement(prepared: unknown): Statement | undefined {
  if (!isDriverQuery(prepared)) return undefined
  const { client, queryString, params, logger } = prepared
  const filled = (values: Record<string, unknown> | undefined): unknown[] =>
    params.length ? fillPlaceholders(params, values ?? {}) : params
  const { unsafe, query } = client
  // called on the client (a proxy: orm/observed.ts, drivers.ts's preparingClient), as drizzle calls it
  if (typeof unsafe === 'function' && typeof prepared.prepare === 'boolean') {
    const options = { prepare: prepared.prepare }
    return {
      execute(values) {
        const bound = filled(values)
        logger.logQuery(queryString, bound)
        return unsafe.call(client, queryString, bound, options).then(rowsOf)
      },
    }
  }
  if (typeof query !== 'function') return undefined
  const config = prepared.rawQueryConfig as object
  return {
    execute(values) {
      const bound = filled(values)
      logger.logQuery(queryString, bound)
      return query.call(client, queryString, bound, config).then(rowsOf)
    },
  }
}

/**
 * A value as a cache key, its type included (`1` is not `'1'`, a Date is its time);
 * undefined for what has no faithful key (a function, a class instance, a cycle). The key of a
 * statement's data, of a compiled fragment's context variant (orm/read-plan.ts) and of a bulk
 * upsert's row identity.
 *
 * @example
 * valueKey({ slug: 'a', n: 1 }) // '{"slug":s"a","n":d1}'
 */
export function valueKey(value: unknown, depth = 0): string | undefined {
  if (depth > 8) return undefined
  if (value === null) return 'n'
  switch (typeof value) {
    case 'undefined':
      return 'u'
    case 'string':
      return `s${JSON.stringify(value)}`
    case 'number':
      return `d${Object.is(value, -0) ? '-0' : String(value)}`
    case 'boolean':
      return value ? 't' : 'f'
    case 'bigint':
      return `i${value}`
    case 'object': {
      if (value instanceof Date) return `D${value.getTime()}`
      const items: string[] = []
      if (Array.isArray(value)) {
        for (const item of value) {
          const key = valueKey(item, depth + 1)
          if (key === undefined) return undefined
          items.push(key)
        }
        return `[${items.join(',')}]`
      }
      const prototype = Object.getPrototypeOf(value)
      if (prototype !== Object.prototype && prototype !== null) return undefined
      for (const [name, item] of Object.entries(value)) {
        const key = valueKey(item, depth + 1)
        if (key === undefined) return undefined
        items.push(`${JSON.stringify(name)}:${key}`)
      }
      return `{${items.join(',')}}`
    }
    default:
      return undefined
  }
}

/**
 * A value one bound parameter carries as it is (no null: `= null` is `is null`, another SQL).
 *
 * @example
 * isBindable('a-title') // true; isBindable(null) // false
 */
export const isBindable = (value: unknown): value is string | number | boolean =>
  (typeof value === 'string' && !value.includes(NUL)) || // what `unsafeReason` refuses in a string
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean'

/**
 * A plain `{ path: value }` object with its values as placeholders named `prefix:path`, and its
 * shape (the paths, in order); undefined when it is not plain (a parsed query, a class instance)
 * or a value cannot be bound (a list, an operator object, `null`, a `$` key: its own SQL) — such
 * a call is built per call, where the usual checks refuse what is unsafe.
 *
 * @example
 * const values = {}
 * boundPlain({ slug: 'a' }, 'd', values) // { bound: { slug: sql.placeholder('d:slug') }, shape: ['slug'] }; values: { 'd:slug': 'a' }
 */
export function boundPlain(
  object: unknown,
  prefix: string,
  values: Record<string, unknown>,
): { bound: Record<string, unknown>; shape: string[] } | undefined {
  if (
    typeof object !== 'object' ||
    object === null ||
    Object.getPrototypeOf(object) !== Object.prototype ||
    QUERY in object
  )
    return undefined
  const bound: Record<string, unknown> = {}
  const shape: string[] = []
  for (const [path, value] of Object.entries(object)) {
    if (value === undefined) continue
    if (path.startsWith('$') || PROTOTYPE_KEYS.has(path) || !isBindable(value)) return undefined
    values[`${prefix}:${path}`] = value
    bound[path] = sql.placeholder(`${prefix}:${path}`)
    shape.push(path)
  }
  return { bound, shape }
}
