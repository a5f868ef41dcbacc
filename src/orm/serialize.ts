import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { currentContext, databaseOf } from './database'
import type { Database, Db } from './connection'
import { guarded, mapDatabaseError } from './errors'
import type { Context } from './context'
import type { DefField, SchemaDef } from './fields'
import { decode } from './decode'
import { fieldsIn, hasBatch, objectSql, orderSql, PK, type Build, type Scope } from './build'
import { ImproperlyConfigured } from '../exceptions'
import { compiledFragment, scopeKey } from './compiled'
import type { OrderTerm } from './fields'
import { filtersOf, planFor, type Plan } from './plan'
import { isQueryValue, isSqlWrapper } from './query-where'
import { needsFinish, pageOf, plainColumns, selectionOf } from './plain'
import { boundQuery, preparedStatement, statementKey } from './statements'
import { columnsOf, primaryKeysOf } from './relations'

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
    const database = databaseOf(def.db)
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
  const columns = columnsOf(def.table)
  const ref = (key: string): SQL => sql`${columns[key]}`
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
  /** The query's plan, and its filters alone for the count: built per call, or once per statement (then over `bound`'s placeholders). */
  const planned = (
    data: unknown,
    where: SerializeOptions['where'],
  ): { plan: Plan; countWhere: SQL | undefined } => {
    const extra = where === undefined ? undefined : planFor(module, def.table, where, context).where
    const order =
      options.order &&
      [...options.order, ...primaryKeysOf(def.table)].map((term) =>
        orderSql(module, def.table, checkedOrder(def, term), ref, context),
      )
    const plan = planFor(
      module,
      def.table,
      ids ? { [primaryKeysOf(def.table)[0] ?? 'id']: ids } : data,
      context,
      extra,
      order,
    )
    // the count: the filters and `where` alone (no page), as `query.count(where)` counts
    const countWhere = counted
      ? and(filtersOf(module, def.table, ids ?? data, context), extra)
      : undefined
    return { plan, countWhere }
  }
  const unbound = () => planned(arg, options.where)
  let parts = dataKey === undefined ? unbound() : undefined
  const scope = options.scope ?? parts?.plan.scope
  const build: Build = { module, context, levels: new Map() }
  const withKey = ids !== undefined || hasBatch(def)
  const object = compiledFragment(
    module,
    def,
    `${withKey ? 'k' : ''}${scopeKey(scope)}`,
    context,
    () => objectSql(build, def, ref, scope, withKey),
  )
  // a schema of plain columns: selected as they are, no JSON per row (./plain)
  const plain = withKey ? undefined : plainColumns(def, scope)
  const select = () => {
    const { plan, countWhere } = (parts ??= bound ? planned(bound.arg, bound.where) : unbound())
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
  const statement =
    dataKey === undefined ? undefined : preparedStatement(db, object, dataKey, select)
  const raw = statement ? statement.execute(bound?.values) : (select().execute() as Promise<Row[]>)
  const answer = (rows: Row[], count: number | undefined): T | Promise<T> => {
    // an empty page (past the last row, or nothing matches): the count on its own; then `finish`
    const counting = counted && count === undefined
    const finishing = rows.length > 0 && needsFinish(def, scope)
    if (!counting && !finishing) return done({ rows, count })
    return (async () => {
      if (counting) {
        // over the values themselves: a bound plan's placeholders are filled only by its statement
        const { countWhere } = bound ? unbound() : (parts ??= unbound())
        const [row] = await guarded(
          def.table,
          () => db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(countWhere),
          'query',
        )
        count = row?.n ?? 0
      }
      if (finishing) await finish(def, rows, context, scope)
      return done({ rows, count })
    })()
  }
  return raw.then(
    (found) => {
      const page = pageOf(found, plain, counted)
      let rows = plain
        ? (page.objects as Row[])
        : page.objects.map((r) =>
            decode(module, def, typeof r === 'string' ? (JSON.parse(r) as Row) : (r as Row), scope),
          )
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

/** An order term of `serialize(..., { order })`: a column of the schema's table, else `ImproperlyConfigured` naming the schema. */
function checkedOrder(def: SchemaDef, term: string | OrderTerm): string | OrderTerm {
  const field = typeof term === 'string' ? term.replace(/^-/, '') : term.field
  if (typeof field === 'string' && !Object.hasOwn(columnsOf(def.table), field)) {
    throw new ImproperlyConfigured(
      `orm.Schema(${def.name}).serialize: order '${field}' is not a column of '${def.name}' (order terms are relative to the schema's table)`,
    )
  }
  return term
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
