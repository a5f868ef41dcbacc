import { and, or, sql, type InferSelectModel, type SQL, type SQLWrapper } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { orderSql, type Scope } from './build'
import { currentContext, databaseOf, declareCheck } from './database'
import { checkExpression } from './check'
import { readContext, type Context } from './context'
import { guarded } from './errors'
import { expressionSql } from './expr'
import { explain } from './fields'
import { resolvePath, type Ref } from './paths'
import {
  queryEntry,
  type FilterSpec,
  type OrderSpec,
  type QueryField,
  type SearchSpec,
} from './query'
import { keysProblem, knownKeys, queryKeysOf, valueOf } from './query-keys'
import { columnsOf, primaryKeysOf } from './relations'
import { assertSafe } from './safe'
import { compare, pathCondition, whereSql } from './sql'

const QUERY = '~ormQueryDef'

interface QueryDef {
  table: PgTable
  db: string
  fields: Record<string, QueryField>
}
/**
 * What `count()` and `serialize()` read from a parsed query.
 *
 * @example
 * const total = await query.count() // query: a parsed orm.Query
 */
export interface QueryMethods {
  /** the number of rows the filters match (offset/limit ignored), within `where` if given: the envelope's count */
  count(where?: SQLWrapper | Record<string, unknown>): Promise<number>
}

type FilterValue<T extends PgTable, S> =
  S extends FilterSpec<infer O>
    ? unknown extends O
      ? S extends { path: infer P; op: infer Op }
        ? Op extends 'isNull'
          ? boolean
          : Op extends 'contains' | 'icontains' | 'startsWith'
            ? string
            : P extends keyof InferSelectModel<T>
              ? Op extends 'in'
                ? NonNullable<InferSelectModel<T>[P]>[]
                : NonNullable<InferSelectModel<T>[P]>
              : unknown
        : unknown
      : O
    : never

type FieldValue<T extends PgTable, S> = S extends { '~ormQuery': 'offset' | 'page' }
  ? number
  : S extends { '~ormQuery': 'limit'; max: number }
    ? number
    : S extends { '~ormQuery': 'limit' }
      ? number | undefined
      : S extends OrderSpec<infer K>
        ? (K | `-${K}`)[] | undefined
        : S extends { '~ormQuery': 'search' | 'scope' }
          ? string | undefined
          : FilterValue<T, S> | undefined

/**
 * The parsed value of an `orm.Query`: its fields, plus `count()`.
 *
 * @example
 * @api.get({ query: request.Query(ArticleQuery) })
 * list({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) { return ArticleSchema.serialize(query) }
 */
export type QueryValue<T extends PgTable, F> = {
  -readonly [K in keyof F]: FieldValue<T, F[K]>
} & QueryMethods

/** A field's wire name: its alias when typed as a literal (`orm.Aliased`), else its key. */
type WireName<K, S> = S extends { readonly alias: infer A extends string }
  ? string extends A
    ? K
    : A
  : K

/**
 * What a client sends for an `orm.Query` (its input type, read by `api.Input`
 * and the typed client): every field optional, under its wire name.
 *
 * @example
 * type Sent = orm.QueryInput<typeof articles, { author: orm.FilterSpec; page: ReturnType<typeof orm.Page<'@page'>> }> // { author?: string; '@page'?: number }
 */
export type QueryInput<T extends PgTable, F> = {
  [K in keyof F as WireName<K, F[K]>]?: Exclude<FieldValue<T, F[K]>, undefined>
}

/**
 * The valibot schema `orm.Query` returns (use it in `request.Query(...)`).
 *
 * @example
 * const ArticleQuery = orm.Query(articles, { author: orm.Filter('author.username'), page: orm.Page() })
 */
export type QuerySchema<T extends PgTable, F> = v.GenericSchema<
  QueryInput<T, F> | undefined,
  QueryValue<T, F>
> & { readonly table: T }

/**
 * A query-string schema over a table: filters (columns, paths, expressions, functions),
 * search, scope, offset/limit/page and order (columns or expressions), each under its
 * name or `alias` (`'@page'`), parsed into a value that `Schema.serialize(query)` runs
 * and `query.count()` counts.
 *
 * @example
 * const ArticleQuery = orm.Query(articles, {
 *   author: orm.Filter('author.username'), within: orm.Filter('createdAt', 'gte'),
 *   offset: orm.Offset(), limit: orm.Limit({ max: 100 }), order: orm.OrderBy(['createdAt', 'title']),
 * })
 * // @api.get({ query: request.Query(ArticleQuery) })
 */
export function Query<T extends PgTable, const F extends Record<string, QueryField>>(
  table: T,
  fields: F,
  options: { db?: string } = {},
): QuerySchema<T, F> {
  const def: QueryDef = { table, db: options.db ?? 'default', fields }
  const columns = columnsOf(table)
  const name = getTableConfig(table).name
  const kinds = Object.values(fields).map((field) => field['~ormQuery'])
  if (kinds.includes('page') && !kinds.includes('limit'))
    throw new ImproperlyConfigured(
      `orm.Query(${name}): orm.Page needs an orm.Limit in the same query (the page size, bounded by its max)`,
    )
  const check = (what: string, run: (module: Record<string, unknown>) => unknown) =>
    declareCheck(def.db, table, (module) => void explain(what, () => run(module)))
  for (const [key, field] of Object.entries(fields)) {
    const what = `orm.Query(${name}): ${field['~ormQuery'] === 'order' ? 'OrderBy' : field['~ormQuery'] === 'search' ? 'Search' : 'Filter'} '${key}'`
    const paths =
      field['~ormQuery'] === 'search'
        ? field.fields
        : field['~ormQuery'] === 'filter' && field.path !== undefined
          ? [field.path]
          : []
    for (const path of paths) {
      if (/\.|__/.test(path)) check(what, (module) => resolvePath(module, table, path))
      else if (!Object.hasOwn(columns, path))
        throw new ImproperlyConfigured(`${what}: no column '${path}'`)
    }
    const exprs = field['~ormQuery'] === 'filter' && field.expr ? [field.expr] : []
    if (field['~ormQuery'] === 'order') {
      for (const spec of Object.values(field.terms)) {
        if (typeof spec.field === 'string' && !Object.hasOwn(columns, spec.field))
          throw new ImproperlyConfigured(`${what}: no column '${spec.field}'`)
        if (typeof spec.field === 'object') exprs.push(spec.field)
      }
    }
    for (const expr of exprs) check(what, (module) => checkExpression(module, table, expr))
  }
  const keys = queryKeysOf(`orm.Query(${name})`, fields)
  const known = knownKeys(keys)
  const entries: Record<string, v.GenericSchema> = {}
  for (const { field, wire, typed } of keys) {
    const entry = queryEntry(table, def.db, field, fields[field] as QueryField)
    entries[wire] = entry
    if (typed !== undefined)
      entries[typed] = v.pipe(
        entry,
        v.description(`'${wire}' as a browser sends '?${wire}…' (the key ends at its first '=')`),
      )
  }
  const schema = v.pipe(
    v.looseObject(entries),
    v.check(
      (input: Record<string, unknown>) => keysProblem(input, keys, known) === undefined,
      (issue) =>
        keysProblem(issue.input as Record<string, unknown>, keys, known) ?? 'invalid query keys',
    ),
    v.transform((input: Record<string, unknown>) => {
      const values: Record<string, unknown> = {}
      for (const entry of keys) values[entry.field] = valueOf(input, entry)
      Object.defineProperty(values, QUERY, { value: def, enumerable: false })
      Object.defineProperty(values, 'count', {
        value: (where?: unknown) => countRows(def, values, where),
        enumerable: false,
      })
      return values
    }),
  )
  return Object.assign(schema, { table }) as unknown as QuerySchema<T, F>
}

function isQueryValue(value: unknown): value is Record<string, unknown> & { [QUERY]: QueryDef } {
  return typeof value === 'object' && value !== null && QUERY in value
}

function isSqlWrapper(value: unknown): value is SQLWrapper {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getSQL?: unknown }).getSQL === 'function'
  )
}

/** The query's `where`, `orderBy`, `limit`, `offset` (and the client's scope) for what `serialize()` was given. */
export interface Plan {
  where?: SQL
  orderBy?: SQL[]
  limit?: number
  offset?: number
  scope?: Scope
}

const rootRef = (table: PgTable): Ref => {
  const columns = columnsOf(table)
  return (key) => {
    const column = columns[key]
    if (!column)
      throw new ImproperlyConfigured(`orm: '${getTableConfig(table).name}' has no column '${key}'`)
    return sql`${column}`
  }
}

/** Turn a parsed query, a drizzle condition or `{ path: value }` into a plan over `table`. */
export function planFor(
  module: Record<string, unknown>,
  table: PgTable,
  arg: unknown,
  context: Context = {},
  extra?: SQL,
  order?: SQL[],
): Plan {
  if (arg === undefined || arg === null) return { where: extra, orderBy: order }
  if (isSqlWrapper(arg)) return { where: and(arg.getSQL(), extra), orderBy: order }
  const ref = rootRef(table)
  if (isQueryValue(arg)) {
    const def = arg[QUERY]
    if (def.table !== table)
      throw new ImproperlyConfigured('orm: serialize() got a query over another table')
    const plan: Plan = { where: and(whereOf(module, def, arg, context), extra) }
    let page: number | undefined
    for (const [name, field] of Object.entries(def.fields)) {
      const value = arg[name]
      if (value === undefined) continue
      if (field['~ormQuery'] === 'offset') plan.offset = value as number
      else if (field['~ormQuery'] === 'limit') plan.limit = value as number
      else if (field['~ormQuery'] === 'page') page = value as number
      else if (field['~ormQuery'] === 'order' && (value as string[]).length > 0)
        plan.orderBy = orderOf(module, table, field, value as string[], ref, context)
      else if (field['~ormQuery'] === 'scope')
        plan.scope = {
          ...plan.scope,
          ...(field.excluded
            ? { excluded: new Set(parseScope(String(value)).keys()) }
            : { only: parseScope(String(value)) }),
        }
    }
    if (page !== undefined && plan.limit !== undefined)
      plan.offset = (plan.offset ?? 0) + (page - 1) * plan.limit
    // `serialize(query, { order })`: the order when the client asked for none
    plan.orderBy ??= order
    return pagedFirst(table, plan)
  }
  assertSafe(arg, 'query', getTableConfig(table).name)
  return {
    where: and(whereSql(module, table, arg as Record<string, unknown>, ref), extra),
    orderBy: order,
  }
}

/** The condition of a parsed query's filters alone (no page), as `count()` counts; other arguments as `planFor`'s `where`. */
export function filtersOf(
  module: Record<string, unknown>,
  table: PgTable,
  arg: unknown,
  context: Context,
): SQL | undefined {
  if (!isQueryValue(arg)) return planFor(module, table, arg, context).where
  if (arg[QUERY].table !== table)
    throw new ImproperlyConfigured('orm: got a query over another table')
  return whereOf(module, arg[QUERY], arg, context)
}

function orderOf(
  module: Record<string, unknown>,
  table: PgTable,
  field: OrderSpec,
  value: readonly string[],
  ref: Ref,
  context: Context,
): SQL[] {
  return value.map((item) => {
    const key = item.replace(/^-/, '')
    const term = field.terms[key] ?? { '~ormOrder': true as const, field: key }
    const desc = item.startsWith('-') !== Boolean(term.desc)
    return orderSql(module, table, { ...term, desc }, ref, context)
  })
}

/** `a,b(c,d(e)),f` → a tree of names. */
export function parseScope(text: string): Map<string, Scope | true> {
  let position = 0
  const level = (depth: number): Map<string, Scope | true> => {
    const names = new Map<string, Scope | true>()
    let name = ''
    const flush = (sub?: Scope) => {
      if (name.trim()) names.set(name.trim(), sub ?? true)
      name = ''
    }
    while (position < text.length) {
      const char = text[position++] as string
      if (char === ',') flush()
      else if (char === '(' && depth < 8) flush({ only: level(depth + 1) })
      else if (char === ')') break
      else name += char
    }
    flush()
    return names
  }
  return level(0)
}

/**
 * With a limit or offset, choose the page's keys first (`key in (select key ...
 * order by ... limit ... offset ...)`) and order only those rows: Postgres
 * would otherwise build every row's relations and counts before sorting and
 * cutting (3,000 rows: seconds instead of milliseconds). Still one statement.
 */
function pagedFirst(table: PgTable, plan: Plan): Plan {
  if (plan.limit === undefined && plan.offset === undefined) return plan
  const columns = columnsOf(table)
  const keys = primaryKeysOf(table).map((key) => columns[key] as PgColumn)
  if (keys.length === 0) return plan
  const orderBy = [...(plan.orderBy ?? []), ...keys.map((column) => sql`${column}`)]
  const key = keys.length === 1 ? sql`${keys[0]}` : sql`(${sql.join(keys, sql`, `)})`
  const page = sql`select ${sql.join(keys, sql`, `)} from ${table}${plan.where ? sql` where ${plan.where}` : sql``} order by ${sql.join(orderBy, sql`, `)}`
  if (plan.limit !== undefined) page.append(sql` limit ${plan.limit}`)
  if (plan.offset !== undefined) page.append(sql` offset ${plan.offset}`)
  return { where: sql`${key} in (${page})`, orderBy, scope: plan.scope }
}

function searchSql(
  module: Record<string, unknown>,
  table: PgTable,
  spec: SearchSpec,
  text: string,
  ref: Ref,
): SQL | undefined {
  const terms = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 20)
  if (terms.length === 0) return undefined
  const has = (path: string, term: string) =>
    pathCondition(module, table, path, 'icontains', term, ref)
  if (spec.mode === 'any')
    return or(...terms.flatMap((term) => spec.fields.map((path) => has(path, term))))
  if (spec.mode === 'all')
    return and(...terms.map((term) => or(...spec.fields.map((path) => has(path, term)))))
  return or(...spec.fields.map((path) => and(...terms.map((term) => has(path, term)))))
}

function whereOf(
  module: Record<string, unknown>,
  def: QueryDef,
  values: Record<string, unknown>,
  context: Context,
): SQL | undefined {
  const ref = rootRef(def.table)
  const conditions: SQL[] = []
  for (const [name, field] of Object.entries(def.fields)) {
    const value = values[name]
    if (value === undefined) continue
    if (field['~ormQuery'] === 'search') {
      const condition = searchSql(module, def.table, field, String(value), ref)
      if (condition) conditions.push(condition)
    }
    if (field['~ormQuery'] !== 'filter') continue
    const condition = filterSql(module, def.table, field, value, ref, context)
    if (condition) conditions.push(condition)
  }
  return conditions.length ? and(...conditions) : undefined
}

function filterSql(
  module: Record<string, unknown>,
  table: PgTable,
  field: FilterSpec,
  value: unknown,
  ref: Ref,
  context: Context,
): SQL | undefined {
  if (field.query) {
    const { value: where, missing } = readContext(context, (watched) =>
      field.query?.(value as never, watched),
    )
    // a context value the filter reads that is undefined matches nothing, never "no filter"
    if (missing) return sql`false`
    if (where === undefined) return undefined
    return isSqlWrapper(where)
      ? where.getSQL()
      : whereSql(module, table, where as Record<string, unknown>, ref)
  }
  if (field.expr)
    return compare(
      undefined,
      expressionSql(module, table, field.expr, ref, context),
      field.op,
      value,
    )
  return pathCondition(module, table, field.path as string, field.op, value, ref)
}

async function countRows(
  def: QueryDef,
  values: Record<string, unknown>,
  base?: unknown,
): Promise<number> {
  const database = databaseOf(def.db)
  const db = await database.db()
  const module = database.options.schema
  const where = whereOf(module, def, values, currentContext())
  const extra = base === undefined ? undefined : planFor(module, def.table, base).where
  const [row] = await guarded(
    def.table,
    () => db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(and(where, extra)),
    'query',
  )
  return row?.n ?? 0
}
