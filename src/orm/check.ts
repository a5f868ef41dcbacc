import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import type { ExprFilter } from './context'
import { isExpression, type Expression } from './expr'
import type { OrderTerm } from './fields'
import { resolvePath } from './paths'
import { columnsOf } from './relations'
import { OPS } from './sql'

type Module = Record<string, unknown>

/**
 * Check a where-object's paths (an aggregate's or a relation's `filter`),
 * relative to `table` — the last table of the path it filters — at
 * declaration or build, never per request. A function of the request context
 * is checked when it runs (its paths depend on nothing else it is given).
 */
export function checkWhere(module: Module, table: PgTable, filter: ExprFilter | undefined): void {
  if (filter === undefined || typeof filter === 'function') return
  for (const [path, value] of Object.entries(filter)) {
    if (path === '$or') {
      if (!Array.isArray(value))
        throw new ImproperlyConfigured(`filter: '$or' must be a list of where-objects`)
      for (const branch of value) checkWhere(module, table, branch as Record<string, unknown>)
      continue
    }
    const resolved = resolvePath(module, table, path)
    if (resolved.key === undefined)
      throw new ImproperlyConfigured(
        `filter '${path}' ends at a relation, not a column of '${getTableConfig(resolved.target).name}' (filter paths are relative to '${getTableConfig(table).name}')`,
      )
    if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      !(value instanceof Date)
    ) {
      for (const op of Object.keys(value))
        if (!OPS.has(op))
          throw new ImproperlyConfigured(
            `filter '${path}': unknown operator '${op}' (${[...OPS].join(', ')})`,
          )
    }
  }
}

/** Check order terms relative to `table` (the last table of the path they order): columns, or expressions over it. */
export function checkOrder(
  module: Module,
  table: PgTable,
  order: readonly (string | OrderTerm)[] | undefined,
): void {
  const name = getTableConfig(table).name
  for (const term of order ?? []) {
    const field = typeof term === 'string' ? term.replace(/^-/, '') : term.field
    if (isExpression(field)) checkExpression(module, table, field)
    else if (typeof field !== 'string' || !Object.hasOwn(columnsOf(table), field)) {
      throw new ImproperlyConfigured(
        `order '${String(field)}' is not a column of '${name}' (order paths are relative to the relation's last table, '${name}')`,
      )
    }
  }
}

/** A nested relation's `limit`: a positive integer. */
export function checkLimit(limit: number | undefined): void {
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1))
    throw new ImproperlyConfigured(`limit must be a positive integer (got ${String(limit)})`)
}

/** Check an expression's paths against the schema module (declaration checks). */
export function checkExpression(module: Module, table: PgTable, expr: Expression): void {
  if (expr['~ormExpr'] === 'arith') {
    for (const arg of expr.args ?? []) if (isExpression(arg)) checkExpression(module, table, arg)
    return
  }
  const resolved = resolvePath(module, table, expr.path ?? '')
  if (resolved.links.length === 0)
    throw new ImproperlyConfigured(`orm: ${expr['~ormExpr']}('${expr.path}') needs a relation`)
  if (expr['~ormExpr'] !== 'count' && expr['~ormExpr'] !== 'exists' && !resolved.column)
    throw new ImproperlyConfigured(
      `orm: ${expr['~ormExpr']}('${expr.path}') needs a column at the end of its path`,
    )
  checkWhere(module, resolved.target, expr.filter)
}
