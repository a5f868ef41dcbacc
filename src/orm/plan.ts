import { and, sql, type InferSelectModel, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { databaseOf } from './database'
import { guarded } from './errors'
import { orderSql, queryEntry, type FilterSpec, type OrderSpec, type QueryField } from './query'
import { columnsOf } from './relations'
import { pathCondition } from './sql'

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
  /** the number of rows the filters match (offset/limit ignored): the envelope's count */
  count(): Promise<number>
}

type FilterValue<T extends PgTable, S> = S extends FilterSpec<infer O>
  ? unknown extends O
    ? S extends { path: infer P; op: infer Op }
      ? Op extends 'isNull' ? boolean
        : Op extends 'contains' | 'icontains' | 'startsWith' ? string
        : P extends keyof InferSelectModel<T> ? (Op extends 'in' ? NonNullable<InferSelectModel<T>[P]>[] : NonNullable<InferSelectModel<T>[P]>)
        : unknown
      : unknown
    : O
  : never

type FieldValue<T extends PgTable, S> = S extends { '~ormQuery': 'offset' | 'page' } ? number
  : S extends { '~ormQuery': 'limit'; max: number } ? number
  : S extends { '~ormQuery': 'limit' } ? number | undefined
  : S extends OrderSpec<infer K> ? (K | `-${K}`)[] | undefined
  : FilterValue<T, S> | undefined

/**
 * The parsed value of an `orm.Query`: its fields, plus `count()`.
 *
 * @example
 * @api.get({ query: request.Query(ArticleQuery) })
 * list({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) { return ArticleSchema.serialize(query) }
 */
export type QueryValue<T extends PgTable, F> = { -readonly [K in keyof F]: FieldValue<T, F[K]> } & QueryMethods

/**
 * The valibot schema `orm.Query` returns (use it in `request.Query(...)`).
 *
 * @example
 * const ArticleQuery = orm.Query(articles, { author: orm.Filter('author.username'), page: orm.Page() })
 */
export type QuerySchema<T extends PgTable, F> = v.GenericSchema<unknown, QueryValue<T, F>> & { readonly table: T }

/**
 * A query-string schema over a table: filters, offset/limit/page and order, parsed
 * into a value that `Schema.serialize(query)` runs and `query.count()` counts.
 *
 * @example
 * const ArticleQuery = orm.Query(articles, {
 *   author: orm.Filter('author.username'), within: orm.Filter('createdAt', 'gte'),
 *   offset: orm.Offset(), limit: orm.Limit({ max: 100 }), order: orm.OrderBy(['createdAt', 'title']),
 * })
 * // @api.get({ query: request.Query(ArticleQuery) })
 */
export function Query<T extends PgTable, const F extends Record<string, QueryField>>(table: T, fields: F, options: { db?: string } = {}): QuerySchema<T, F> {
  const def: QueryDef = { table, db: options.db ?? 'default', fields }
  const columns = columnsOf(table)
  for (const [name, field] of Object.entries(fields)) {
    if (field['~ormQuery'] === 'order') for (const key of field.allowed) if (!(key in columns)) throw new ImproperlyConfigured(`orm.OrderBy '${name}': no column '${key}'`)
  }
  const entries = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, queryEntry(table, def.db, name, field)]))
  const schema = v.pipe(
    v.object(entries),
    v.transform((values: Record<string, unknown>) => {
      Object.defineProperty(values, QUERY, { value: def, enumerable: false })
      Object.defineProperty(values, 'count', { value: () => countRows(def, values), enumerable: false })
      return values
    }),
  )
  return Object.assign(schema, { table }) as unknown as QuerySchema<T, F>
}

function isQueryValue(value: unknown): value is Record<string, unknown> & { [QUERY]: QueryDef } {
  return typeof value === 'object' && value !== null && QUERY in value
}

function isSqlWrapper(value: unknown): value is SQLWrapper {
  return typeof value === 'object' && value !== null && typeof (value as { getSQL?: unknown }).getSQL === 'function'
}

/** The relational query's `where`, `orderBy`, `limit`, `offset` for what `serialize()` was given. */
export interface Plan {
  where?: SQL
  orderBy?: SQL[]
  limit?: number
  offset?: number
}

/** Turn a parsed query, a drizzle condition or `{ path: value }` into a plan over `table`. */
export function planFor(schema: Record<string, unknown>, table: PgTable, arg: unknown): Plan {
  if (arg === undefined || arg === null) return {}
  const columns = columnsOf(table)
  const ref = (key: string) => columns[key] as PgColumn
  if (isSqlWrapper(arg)) return { where: arg.getSQL() }
  if (isQueryValue(arg)) {
    const def = arg[QUERY]
    if (def.table !== table) throw new ImproperlyConfigured('orm: serialize() got a query over another table')
    const plan: Plan = { where: whereOf(schema, def, arg) }
    let page: number | undefined
    for (const [name, field] of Object.entries(def.fields)) {
      const value = arg[name]
      if (value === undefined) continue
      if (field['~ormQuery'] === 'offset') plan.offset = value as number
      else if (field['~ormQuery'] === 'limit') plan.limit = value as number
      else if (field['~ormQuery'] === 'page') page = value as number
      else if (field['~ormQuery'] === 'order' && (value as string[]).length > 0) plan.orderBy = orderSql(table, columns, value as string[])
    }
    if (page !== undefined) {
      if (plan.limit === undefined) throw new ImproperlyConfigured('orm.Page needs an orm.Limit in the same query (the page size)')
      plan.offset = (plan.offset ?? 0) + (page - 1) * plan.limit
    }
    return plan
  }
  const conditions = Object.entries(arg as Record<string, unknown>).map(([path, value]) => pathCondition(schema, table, path, Array.isArray(value) ? 'in' : 'eq', value, ref))
  return { where: and(...conditions) }
}

function whereOf(schema: Record<string, unknown>, def: QueryDef, values: Record<string, unknown>): SQL | undefined {
  const columns = columnsOf(def.table)
  const ref = (key: string) => columns[key] as PgColumn
  const conditions: SQL[] = []
  for (const [name, field] of Object.entries(def.fields)) {
    if (field['~ormQuery'] !== 'filter' || values[name] === undefined) continue
    conditions.push(pathCondition(schema, def.table, field.path, field.op, values[name], ref))
  }
  return conditions.length ? and(...conditions) : undefined
}

async function countRows(def: QueryDef, values: Record<string, unknown>): Promise<number> {
  const database = databaseOf(def.db)
  const db = await database.db()
  const where = whereOf(database.options.schema, def, values)
  const [row] = await guarded(def.table, () => db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(where))
  return row?.n ?? 0
}
