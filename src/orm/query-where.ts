import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { readContext, type Context } from './context'
import { expressionSql } from './expr'
import type { Ref } from './paths'
import type { FilterSpec, QueryField, SearchSpec } from './query'
import { columnsOf } from './relations'
import { compare, pathCondition, whereSql } from './sql'

/** The hidden key of a parsed query's value that holds its definition. */
export const QUERY = '~ormQueryDef'

/** What `orm.Query` was declared with: its table, database alias and fields. */
export interface QueryDef {
  table: PgTable
  db: string
  fields: Record<string, QueryField>
}

export function isQueryValue(
  value: unknown,
): value is Record<string, unknown> & { [QUERY]: QueryDef } {
  return typeof value === 'object' && value !== null && QUERY in value
}

export function isSqlWrapper(value: unknown): value is SQLWrapper {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getSQL?: unknown }).getSQL === 'function'
  )
}

export const rootRef = (table: PgTable): Ref => {
  const columns = columnsOf(table)
  return (key) => {
    const column = columns[key]
    if (!column)
      throw new ImproperlyConfigured(`orm: '${getTableConfig(table).name}' has no column '${key}'`)
    return sql`${column}`
  }
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

/** The condition of a parsed query's filters and search (no page, no order). */
export function whereOf(
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
