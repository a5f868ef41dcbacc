/**
 * Statements built once (docs/orm.md, "Statements compiled once"): a `serialize()` of plain data —
 * no parsed query, no drizzle condition, no `where` or `scope` option, order terms that are
 * column names — sends the same SQL with the same values every time it gets the same data under
 * the same compiled fragment (compiled.ts: the schema's output, per context variant). Its drizzle
 * query is built and rendered once per database, fragment and data, then executed as it is
 * (drizzle's `prepare`): `GET /api/tags` renders no SQL per request.
 */
import type { SQL } from 'drizzle-orm'
import { valueKey } from './compiled'

/** A rendered statement: run it, get its rows. */
export interface Statement {
  execute(): Promise<unknown>
}

/** What renders a statement once: a drizzle query builder. */
export interface Preparable {
  prepare(name: string): Statement
}

/** Statements per fragment: beyond this many data keys, new ones are built per call. */
const MAX_STATEMENTS = 256
const statementsByDb = new WeakMap<object, WeakMap<SQL, Map<string, Statement>>>()
/** drizzle's statement names (a driver that names prepared statements gets one per text) */
const names = { next: 0 }

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
 * the fragment is), or, past `MAX_STATEMENTS` per fragment, built for this call alone.
 *
 * @example
 * const statement = preparedStatement(db, object, key, () => db.select({ r: object }).from(table))
 * const rows = await statement.execute()
 */
export function preparedStatement(
  db: object,
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
  const statement = build().prepare(`fw_s${++names.next}`)
  if (statements.size < MAX_STATEMENTS) statements.set(key, statement)
  return statement
}
