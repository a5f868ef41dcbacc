import { sql, type SQLWrapper } from 'drizzle-orm'
import { activeDatabases, databaseOf } from './database'
import type { Database, Db } from './connection'
import { guarded, mapDatabaseError } from './errors'
import { currentContext, type Context } from './context'
import type { DefField, SchemaDef } from './fields'
import { fieldsIn, hasBatch, objectSql, PK, type Build, type Scope } from './build'
import { compiledFragment, fragmentFilters, scopeKey } from './compiled'
import type { OrderTerm } from './fields'
import { columnRef, serializePlan } from './plan'
import { isQueryValue, isSqlWrapper } from './query-where'
import { needsFinish, plainColumns } from './plain'
import {
  boundQuery,
  keepReadPlan,
  pageOf,
  plannedRead,
  selectionOf,
  type Selection,
} from './read-plan'
import { preparedStatement, statementKey } from './statements'
import { primaryKeysOf } from './relations'

type Row = Record<string, unknown>

/**
 * Options of `serialize()`.
 *
 * @example
 * await ArticleSchema.serialize(query, { context: { userId: 1 } })
 */
export interface SerializeOptions {
  /** what context filters and batch functions read (e.g. the current user) */
  context?: Context
  /** only these output fields (`orm.Scope` does this from the query) */
  scope?: Scope
  /** a further condition (a where-object or a drizzle condition), joined with `and` */
  where?: Record<string, unknown> | SQLWrapper
  /**
   * the rows' order (a query's `?order=` comes first when given): columns of the
   * schema's table, `-` for descending (`['-createdAt']`), or `orm.Order(expr)` terms;
   * the primary key breaks ties
   */
  order?: readonly (string | OrderTerm)[]
}

/** Serialise the rows `arg` selects: ONE statement for columns, paths, aggregates and nested relations; one more per batch-function field. */
export function serializeRows(
  def: SchemaDef,
  arg: unknown,
  options: SerializeOptions = {},
): Promise<Row[]> {
  return serializePage(def, arg, options, false, rowsOfPage)
}
/**
 * The rows `arg` selects (its page) and how many rows its filters and `where` select
 * (without the page): the count is a subquery of the page's statement, ONE statement
 * for both; a second `count(*)` only when the page is empty.
 */
export function serializeCounted(
  def: SchemaDef,
  arg: unknown,
  options: SerializeOptions = {},
): Promise<{ rows: Row[]; count: number }> {
  return serializePage(def, arg, options, true, countedPage)
}

type Page = { rows: Row[]; count?: number }
const rowsOfPage = (page: Page): Row[] => page.rows
const countedPage = ({ rows, count }: Page) => ({ rows, count: count ?? 0 })

/**
 * The page, given to `done`: on an open connection, synchronous up to the driver's promise and one
 * `then` after it (each promise costs on the request path); a failure before it is a rejection too.
 */
function serializePage<T>(
  def: SchemaDef,
  arg: unknown,
  options: SerializeOptions,
  counted: boolean,
  done: (page: Page) => T,
): Promise<T> {
  try {
    // the active database of the alias, a lookup with no call (databaseOf names a miss)
    const database = activeDatabases.get(def.db) ?? databaseOf(def.db)
    const ready = database.readyDb
    const run = (db: Db) => pageOn(database, db, def, arg, options, counted, done)
    return ready === undefined ? database.db().then(run) : run(ready)
  } catch (error) {
    return Promise.reject(error)
  }
}

function pageOn<T>(
  database: Database,
  db: Db,
  def: SchemaDef,
  arg: unknown,
  options: SerializeOptions,
  counted: boolean,
  done: (page: Page) => T,
): Promise<T> {
  const module = database.options.schema
  const context = options.context ?? currentContext()
  const ids = Array.isArray(arg) ? arg : undefined
  // a shape read before: its plan (orm/read-plan.ts), else the statement built (and planned)
  const known = ids ? undefined : plannedRead(db, def, arg, options, counted, context)
  const sent = known
    ? {
        raw: known.statement.execute(known.values),
        plain: known.plan.plain,
        scope: undefined,
        finishes: known.plan.finishes,
      }
    : builtRead(database, db, def, arg, options, counted, context)
  const answer = (rows: Row[], count: number | undefined): T | Promise<T> => {
    // an empty page (past the last row, or nothing matches): the count on its own; then `finish`
    const counting = counted && count === undefined
    const finishing = rows.length > 0 && sent.finishes
    if (!counting && !finishing) return done({ rows, count })
    return (async () => {
      if (counting) {
        // over the values themselves: a bound plan's placeholders are filled only by its statement
        const { countWhere } = serializePlan(module, def, arg, options, counted, context)
        const [row] = await guarded(
          def.table,
          () => db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(countWhere),
          'query',
        )
        count = row?.n ?? 0
      }
      if (finishing) await finish(def, rows, context, sent.scope)
      return done({ rows, count })
    })()
  }
  return sent.raw.then(
    (found) => {
      const page = pageOf(module, def, found, sent.plain, counted, sent.scope)
      let rows = page.rows
      if (ids) {
        const byKey = new Map(rows.map((row) => [String(row[PK]), row]))
        rows = ids.map((id) => byKey.get(String(id))).filter((row) => row !== undefined)
      }
      return answer(rows, page.count)
    },
    (error: unknown) => {
      throw mapDatabaseError(error, def.table, 'query') // as `guarded` maps it, without its promises
    },
  )
}

/** A `serialize()`'s statement built for this call (or taken from a known fragment and data), sent; a plain-data shape planned for the calls after it. */
function builtRead(
  database: Database,
  db: Db,
  def: SchemaDef,
  arg: unknown,
  options: SerializeOptions,
  counted: boolean,
  context: Context,
): {
  raw: Promise<Row[]>
  plain: Selection | undefined
  scope: Scope | undefined
  finishes: boolean
} {
  const module = database.options.schema
  const ids = Array.isArray(arg) ? arg : undefined
  // plain data: the same statement for the same data, built once (./statements); a database told
  // not to prepare (a pooler that cannot keep them) sends each statement unnamed, built per call
  const prepared = database.options.prepare !== false && options.scope === undefined
  // a parsed query: built once per shape, its values bound at each call
  const bound = prepared ? boundQuery(arg, options.where, options.order, counted) : undefined
  const dataKey =
    bound?.key ??
    (prepared && options.where === undefined && !isQueryValue(arg) && !isSqlWrapper(arg)
      ? statementKey(arg, options.order, counted)
      : undefined)
  const unbound = () => serializePlan(module, def, arg, options, counted, context)
  let parts = dataKey === undefined ? unbound() : undefined
  const scope = options.scope ?? parts?.plan.scope
  const build: Build = { module, context, levels: new Map() }
  const withKey = ids !== undefined || hasBatch(def)
  const shape = `${withKey ? 'k' : ''}${scopeKey(scope)}`
  const object = compiledFragment(module, def, shape, context, () =>
    objectSql(build, def, columnRef(def.table), scope, withKey),
  )
  // a schema of plain columns: selected as they are, no JSON per row (./plain)
  const plain = withKey ? undefined : plainColumns(def, scope)
  const finishes = needsFinish(def, scope)
  const select = () => {
    const boundArgs = bound && { ...options, where: bound.where }
    const { plan, countWhere } = (parts ??= bound
      ? serializePlan(module, def, bound.arg, boundArgs ?? options, counted, context)
      : unbound())
    const countSql = sql<number>`(select count(*)::int from ${def.table}${countWhere ? sql` where ${countWhere}` : sql``})`
    let query = db
      .select(selectionOf(plain, object, counted ? countSql : undefined))
      .from(def.table)
      .$dynamic()
    if (plan.where) query = query.where(plan.where)
    if (plan.orderBy?.length) query = query.orderBy(...plan.orderBy)
    if (plan.limit !== undefined) query = query.limit(plan.limit)
    if (plan.offset !== undefined) query = query.offset(plan.offset)
    return query
  }
  if (dataKey === undefined)
    return { raw: select().execute() as Promise<Row[]>, plain, scope, finishes }
  const statement = preparedStatement(db, object, dataKey, select)
  const filters = fragmentFilters(module, def, shape)
  // plain data of single values, no `where`: the calls of this shape after it run the plan
  if (bound?.key.startsWith('D') && options.where === undefined && !ids && filters)
    keepReadPlan(db, bound.key, { module, def, plain, finishes, filters }, context, statement)
  return { raw: statement.execute(bound?.values), plain, scope, finishes }
}

/** Batch-function and computed fields, level by level: one call per field for all rows. */
async function finish(
  def: SchemaDef,
  rows: Row[],
  context: Context,
  scope: Scope | undefined,
): Promise<void> {
  if (rows.length === 0) return
  for (const { field, output, sub } of fieldsIn(def, scope)) {
    if (field.kind === 'batch') await batch(field, rows, context, sub, output)
    if (field.kind === 'nested' && typeof field.child === 'object') {
      const child = field.child
      const nested = rows.flatMap((row) => {
        const value = row[field.out]
        return Array.isArray(value)
          ? (value as Row[])
          : value && typeof value === 'object'
            ? [value as Row]
            : []
      })
      await finish(child, nested, context, sub)
    }
  }
  for (const { field, output } of fieldsIn(def, scope)) {
    if (field.kind !== 'computed') continue
    for (const row of rows) {
      const value = field.get(row)
      if (output) row[field.out] = value
    }
  }
  // the schema's validate hook runs on every instance, serialised ones too (UtilMeta's __validate__)
  if (def.validate) for (const row of rows) Object.assign(row, def.validate(row) ?? {})
}

async function batch(
  field: Extract<DefField, { kind: 'batch' }>,
  rows: Row[],
  context: Context,
  scope: Scope | undefined,
  output: boolean,
): Promise<void> {
  const keys = rows.map((row) => row[PK])
  const result = await field.fn(keys, context)
  const get = (key: unknown): unknown =>
    result instanceof Map
      ? (result.get(key) ?? result.get(String(key)))
      : (result as Record<string, unknown>)[String(key)]
  let children: Map<string, Row> | undefined
  const child = field.child
  if (child) {
    const childKey = primaryKeysOf(child.table)[0] ?? 'id'
    const idOf = (item: unknown): unknown =>
      typeof item === 'object' && item !== null ? (item as Row)[childKey] : item
    const wanted = [
      ...new Set(
        keys.flatMap((key) =>
          [get(key)]
            .flat()
            .filter((item) => item !== undefined && item !== null)
            .map(idOf),
        ),
      ),
    ]
    const serialized = wanted.length ? await serializeRows(child, wanted, { context, scope }) : []
    children = new Map(serialized.map((row) => [String(row[PK]), row]))
    for (const row of rows) {
      const value = get(row[PK])
      const list = [value]
        .flat()
        .filter((item) => item !== undefined && item !== null)
        .flatMap((item) => children?.get(String(idOf(item))) ?? [])
      if (output) row[field.out] = field.many ? list : (list[0] ?? null)
    }
    return
  }
  for (const row of rows) {
    const value = get(row[PK])
    // a key the function leaves out: the declared default, else an empty list (UtilMeta's answer)
    if (output)
      row[field.out] =
        value instanceof Set ? [...value] : (value ?? field.default ?? (field.many ? [] : null))
  }
}
