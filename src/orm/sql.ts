import { and, sql, type Column, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { chainOf, resolvePath, transformed, type Ref } from './paths'

/**
 * Filter operators of `orm.Filter(path, op)` and of `{ path: { op: value } }` where-objects.
 *
 * @example
 * orm.Filter('views', 'gte') // FilterOp: eq, ne, gt, gte, lt, lte, in, contains, icontains, startsWith, isNull
 */
export type FilterOp =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'in'
  | 'contains'
  | 'icontains'
  | 'startsWith'
  | 'isNull'
/** The filter operators a where-object may name (also checked at declaration: orm/check.ts). */
export const OPS: ReadonlySet<string> = new Set([
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'contains',
  'icontains',
  'startsWith',
  'isNull',
])

type Module = Record<string, unknown>

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** `target <op> value`, the value bound as a parameter of `column`'s type. */
export function compare(
  column: Column | undefined,
  target: SQL,
  op: FilterOp,
  value: unknown,
): SQL {
  const param = (item: unknown): SQL => (column ? sql`${sql.param(item, column)}` : sql`${item}`)
  switch (op) {
    case 'eq':
      return value === null || value === undefined
        ? sql`${target} is null`
        : sql`${target} = ${param(value)}`
    case 'ne':
      return value === null
        ? sql`${target} is not null`
        : sql`${target} is distinct from ${param(value)}`
    case 'gt':
      return sql`${target} > ${param(value)}`
    case 'gte':
      return sql`${target} >= ${param(value)}`
    case 'lt':
      return sql`${target} < ${param(value)}`
    case 'lte':
      return sql`${target} <= ${param(value)}`
    case 'in': {
      const list = Array.isArray(value) ? value : [value]
      return list.length === 0
        ? sql`false`
        : sql`${target} in (${sql.join(list.map(param), sql`, `)})`
    }
    case 'contains':
      return sql`${target}::text like ${`%${escapeLike(String(value))}%`}`
    case 'icontains':
      return sql`${target}::text ilike ${`%${escapeLike(String(value))}%`}`
    case 'startsWith':
      return sql`${target}::text like ${`${escapeLike(String(value))}%`}`
    case 'isNull':
      return value ? sql`${target} is null` : sql`${target} is not null`
  }
}

/** The column a dotted path ends at, and the relations it goes through (a column is required). */
export function pathTarget(
  module: Module,
  table: PgTable,
  path: string,
): ReturnType<typeof resolvePath> & { column: Column; key: string } {
  const resolved = resolvePath(module, table, path)
  if (!resolved.column || resolved.key === undefined)
    throw new ImproperlyConfigured(`orm: path '${path}' ends at a relation, not a column`)
  return resolved as ReturnType<typeof resolvePath> & { column: Column; key: string }
}

/**
 * A condition on a path from the row `ref` points at (`'title'`, `'author.username'`,
 * `'comments.author.username'`): relation hops become one `exists` subquery, so a
 * to-many path never duplicates rows.
 */
export function pathCondition(
  module: Module,
  table: PgTable,
  path: string,
  op: FilterOp,
  value: unknown,
  ref: Ref,
): SQL {
  const target = pathTarget(module, table, path)
  // a transformed value (`createdAt.year`) is no longer the column's type: bound as given
  const column = target.transform === undefined ? target.column : undefined
  if (target.links.length === 0)
    return compare(column, transformed(ref(target.key), target.transform), op, value)
  const chain = chainOf(target.links, ref)
  return sql`exists (select 1 from ${chain.from} where ${chain.where} and ${compare(column, transformed(chain.last(target.key), target.transform), op, value)})`
}

function isOpObject(value: unknown): value is Partial<Record<FilterOp, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date)
    return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => OPS.has(key))
}

/**
 * A where-object as SQL: `{ path: value }` (an array means `in`),
 * `{ path: { gte: 1, lt: 5 } }`, `{ $or: [where, where] }`, every entry joined with `and`.
 */
export function whereSql(
  module: Module,
  table: PgTable,
  where: Record<string, unknown>,
  ref: Ref,
): SQL | undefined {
  const parts: SQL[] = []
  for (const [path, value] of Object.entries(where)) {
    if (value === undefined) continue
    if (path === '$or' && Array.isArray(value)) {
      const branches = value.map(
        (branch) => whereSql(module, table, branch as Record<string, unknown>, ref) ?? sql`true`,
      )
      parts.push(branches.length ? sql`(${sql.join(branches, sql` or `)})` : sql`false`)
      continue
    }
    if (isOpObject(value))
      for (const [op, operand] of Object.entries(value))
        parts.push(pathCondition(module, table, path, op as FilterOp, operand, ref))
    else
      parts.push(pathCondition(module, table, path, Array.isArray(value) ? 'in' : 'eq', value, ref))
  }
  return parts.length ? and(...parts) : undefined
}
