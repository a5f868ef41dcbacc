import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { chainOf, resolvePath, transformed, type Ref } from './paths'
import { primaryKeysOf } from './relations'
import { contextFilterSql, withFilter, type Context, type ExprFilter } from './context'

type AggregateKind = 'count' | 'sum' | 'avg' | 'max' | 'min' | 'exists'

/**
 * A SQL expression over a row: an aggregate over a (multi-hop) relation path,
 * or arithmetic between expressions. Usable as a schema field, in
 * `orm.Filter(expr, op)` and in `orm.Order(expr)`.
 *
 * @example
 * const combined = orm.Count('contents').times(orm.Count('userFollowers'))
 */
export interface Expression<Kind extends string = string> {
  readonly '~ormExpr': Kind
  readonly path?: string
  readonly filter?: ExprFilter
  readonly distinct?: boolean
  readonly round?: number
  readonly op?: '+' | '-' | '*' | '/'
  readonly args?: readonly (Expression | number)[]
  /** `this * other` */
  times(other: Expression | number): Expression<'arith'>
  /** `this + other` */
  plus(other: Expression | number): Expression<'arith'>
  /** `this - other` */
  minus(other: Expression | number): Expression<'arith'>
  /** `this / other` */
  div(other: Expression | number): Expression<'arith'>
}

/**
 * `orm.Count(rel)` / `orm.Exists(rel)` (and Sum/Avg/Max/Min): an aggregate over a relation path, computed in SQL.
 *
 * @example
 * orm.Schema(users, { id: true, followers: orm.Count('followers'), hasArticles: orm.Exists('articles') })
 */
export type Aggregate<Kind extends AggregateKind = AggregateKind> = Expression<Kind>

/** Options of the aggregates. @example orm.Avg('contents.article.views', { filter: { views: { gt: 0 } }, round: 2 }) */
export interface AggregateOptions {
  /** only the related rows matching this where-object (relative to the path's last table) */
  filter?: ExprFilter
  /** count / sum distinct values */
  distinct?: boolean
  /** round the result to this many decimals */
  round?: number
}

function make<K extends string>(kind: K, fields: Partial<Expression>): Expression<K> {
  const self: Expression<K> = {
    ...fields,
    '~ormExpr': kind,
    times: (other) => make('arith', { op: '*', args: [self, other] }),
    plus: (other) => make('arith', { op: '+', args: [self, other] }),
    minus: (other) => make('arith', { op: '-', args: [self, other] }),
    div: (other) => make('arith', { op: '/', args: [self, other] }),
  }
  return self
}

const aggregate =
  <K extends AggregateKind>(kind: K) =>
  (path: string, options: AggregateOptions = {}): Expression<K> =>
    make(kind, { path, ...options })

/** The number of related rows (`count(*)` in a subquery; never a client loop). @example orm.Count('comments', { filter: { type: 'article' } }) */
export const Count = aggregate('count')
/** Whether any related row exists (`exists (...)`). @example orm.Exists('likedBys', { filter: (ctx) => ({ userId: ctx.userId }) }) */
export const Exists = aggregate('exists')
/** The sum of a column over a relation path (0 when there is none). @example orm.Sum('contents.article.views') */
export const Sum = aggregate('sum')
/** The average of a column over a relation path (`round` decimals). @example orm.Avg('articles.views', { round: 2 }) */
export const Avg = aggregate('avg')
/** The largest value of a column over a relation path. @example orm.Max('articles.createdAt.year') */
export const Max = aggregate('max')
/** The smallest value of a column over a relation path. @example orm.Min('articles.views') */
export const Min = aggregate('min')

/** Is this value an orm expression (aggregate or arithmetic)? */
export function isExpression(value: unknown): value is Expression {
  return typeof value === 'object' && value !== null && '~ormExpr' in value
}

type Module = Record<string, unknown>

/** An expression as SQL over the row `ref` points at. */
export function expressionSql(
  module: Module,
  table: PgTable,
  expr: Expression,
  ref: Ref,
  context: Context,
): SQL {
  const kind = expr['~ormExpr']
  if (kind === 'arith') {
    const [left, right] = (expr.args ?? []).map((arg) =>
      isExpression(arg) ? expressionSql(module, table, arg, ref, context) : sql`${arg}`,
    )
    return sql`(${left}::float8 ${sql.raw(expr.op ?? '+')} ${right})`
  }
  const resolved = resolvePath(module, table, expr.path ?? '')
  const chain = chainOf(resolved.links, ref)
  const where = withFilter(
    chain.where,
    contextFilterSql(module, resolved.target, expr.filter, context, chain.last),
  )
  const from = sql`from ${chain.from} where ${where}`
  const value =
    resolved.key === undefined
      ? undefined
      : transformed(chain.last(resolved.key), resolved.transform)
  const distinct = expr.distinct ? sql`distinct ` : sql``
  switch (kind) {
    case 'exists':
      return sql`exists (select 1 ${from})`
    case 'count': {
      const keys = primaryKeysOf(resolved.target)
      const counted = value ?? (expr.distinct && keys[0] ? chain.last(keys[0]) : undefined)
      return counted
        ? sql`(select count(${distinct}${counted})::int ${from})`
        : sql`(select count(*)::int ${from})`
    }
    case 'sum':
      return sql`(select coalesce(sum(${distinct}${value}), 0)::float8 ${from})`
    case 'avg':
      return expr.round === undefined
        ? sql`(select avg(${value})::float8 ${from})`
        : sql`(select round(avg(${value})::numeric, ${sql.raw(String(expr.round))})::float8 ${from})`
    default:
      return sql`(select ${sql.raw(kind)}(${value}) ${from})`
  }
}
