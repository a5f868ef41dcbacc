import { and, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { orderSql, type Scope } from './build'
import type { Context } from './context'
import type { OrderTerm, SchemaDef } from './fields'
import type { Ref } from './paths'
import type { OrderSpec } from './query'
import { isQueryValue, isSqlWrapper, QUERY, rootRef, whereOf } from './query-where'
import { columnsOf, primaryKeysOf } from './relations'
import { assertSafe } from './safe'
import { whereSql } from './sql'

/** The query's `where`, `orderBy`, `limit`, `offset` (and the client's scope) for what `serialize()` was given; a statement built once binds `limit` and `offset` (./statements). */
export interface Plan {
  where?: SQL
  orderBy?: SQL[]
  limit?: number | Placeholder
  offset?: number | Placeholder
  scope?: Scope
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
      if (field['~ormQuery'] === 'offset') plan.offset = value as number | Placeholder
      else if (field['~ormQuery'] === 'limit') plan.limit = value as number | Placeholder
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
    // a page is never bound (./statements): its offset is computed here
    if (page !== undefined && typeof plan.limit === 'number' && typeof plan.offset !== 'object')
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
 * With a limit or offset, choose the page's keys first (`key = any(array(select key ...
 * order by ... limit ... offset ...))`) and order only those rows: Postgres
 * would otherwise build every row's relations and counts before sorting and
 * cutting (3,000 rows: seconds instead of milliseconds). Still one statement.
 */
function pagedFirst(table: PgTable, plan: Plan): Plan {
  if (plan.limit === undefined && plan.offset === undefined) return plan
  const columns = columnsOf(table)
  const keys = primaryKeysOf(table).map((key) => columns[key] as PgColumn)
  if (keys.length === 0) return plan
  const orderBy = [...(plan.orderBy ?? []), ...keys.map((column) => sql`${column}`)]
  const page = sql`select ${sql.join(keys, sql`, `)} from ${table}${plan.where ? sql` where ${plan.where}` : sql``} order by ${sql.join(orderBy, sql`, `)}`
  if (plan.limit !== undefined) page.append(sql` limit ${plan.limit}`)
  if (plan.offset !== undefined) page.append(sql` offset ${plan.offset}`)
  // one key: `= any(array(...))`, the page's keys as one array looked up by the key's index. A
  // prepared statement's generic plan (its limit a placeholder, guessed at 10% of the table) made
  // `in (...)` a hash semi-join over a scan of the whole table on every request.
  if (keys.length === 1)
    return { where: sql`${keys[0]} = any(array(${page}))`, orderBy, scope: plan.scope }
  return { where: sql`(${sql.join(keys, sql`, `)}) in (${page})`, orderBy, scope: plan.scope }
}

/**
 * The SQL of a column of `table`'s row, by key (what a schema's compiled object reads).
 *
 * @example
 * objectSql(build, def, columnRef(def.table), scope)
 */
export function columnRef(table: PgTable): Ref {
  const columns = columnsOf(table)
  return (key) => sql`${columns[key]}`
}

/**
 * A `serialize()`'s plan over `data` (a bound plan's placeholders, or the values themselves; a
 * list of keys), its `where` and `order` (the primary key breaking ties), and its filters and
 * `where` alone for the count (the page left out, as `query.count(where)` counts).
 *
 * @example
 * const { plan, countWhere } = serializePlan(module, def, { slug }, {}, false, context)
 */
export function serializePlan(
  module: Record<string, unknown>,
  def: SchemaDef,
  data: unknown,
  options: {
    where?: Record<string, unknown> | SQLWrapper
    order?: readonly (string | OrderTerm)[]
  },
  counted: boolean,
  context: Context,
): { plan: Plan; countWhere: SQL | undefined } {
  const ids = Array.isArray(data) ? data : undefined
  const where = options.where
  const extra = where === undefined ? undefined : planFor(module, def.table, where, context).where
  const ref = columnRef(def.table)
  const order =
    options.order &&
    [...options.order, ...primaryKeysOf(def.table)].map((term) =>
      orderSql(module, def.table, checkedOrder(def, term), ref, context),
    )
  const keyed = ids ? { [primaryKeysOf(def.table)[0] ?? 'id']: ids } : data
  const plan = planFor(module, def.table, keyed, context, extra, order)
  const countWhere = counted
    ? and(filtersOf(module, def.table, ids ?? data, context), extra)
    : undefined
  return { plan, countWhere }
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
