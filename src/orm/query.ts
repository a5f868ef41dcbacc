import { asc, desc, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { columnSchema, lazyPathSchema } from './columns'
import type { FilterOp } from './sql'

/**
 * `orm.Filter(path, op?)`: a query field that filters rows by a column, possibly through relations.
 *
 * @example
 * orm.Query(articles, { title: orm.Filter('title', 'icontains') })
 */
export interface FilterSpec<O = unknown> {
  readonly '~ormQuery': 'filter'
  readonly path: string
  readonly op: FilterOp
  readonly schema?: v.GenericSchema
  /** type-level only */
  readonly '~out'?: O
}
interface PagingSpec<Kind extends 'offset' | 'limit' | 'page'> {
  readonly '~ormQuery': Kind
  readonly max?: number
  readonly default?: number
}
/**
 * `orm.OrderBy(allowed)`: `?order=-createdAt,title`.
 *
 * @example
 * orm.Query(articles, { order: orm.OrderBy(['createdAt', 'title'], { default: ['-createdAt'] }) })
 */
export interface OrderSpec<K extends string = string> {
  readonly '~ormQuery': 'order'
  readonly allowed: readonly K[]
  readonly default?: readonly string[]
}
/**
 * Any field of `orm.Query`.
 *
 * @example
 * const fields = { tag: orm.Filter('tags.name'), limit: orm.Limit({ max: 100 }) } satisfies Record<string, orm.QueryField>
 */
export type QueryField = FilterSpec | PagingSpec<'offset' | 'limit' | 'page'> | OrderSpec

/**
 * Filter rows by `path` (a column, or through relations: `'author.username'`) with `op`
 * (`eq` by default; `ne gt gte lt lte in contains icontains startsWith isNull`).
 * The value is converted to the column's type; an absent value filters nothing.
 *
 * @example
 * const ArticleQuery = orm.Query(articles, { author: orm.Filter('author.username'), within: orm.Filter('createdAt', 'gte') })
 */
export function Filter<O = unknown>(path: string, op: FilterOp = 'eq', schema?: v.GenericSchema<unknown, O>): FilterSpec<O> {
  return { '~ormQuery': 'filter', path, op, schema }
}
/** Rows to skip (`?offset=20`), a non-negative integer. @example orm.Offset() */
export function Offset(options: { default?: number } = {}): PagingSpec<'offset'> {
  return { '~ormQuery': 'offset', ...options }
}
/** Rows to return (`?limit=10`), at most `max` (more is a 400); defaults to `max`. @example orm.Limit({ max: 100 }) */
export function Limit(options: { max?: number; default?: number } = {}): PagingSpec<'limit'> {
  return { '~ormQuery': 'limit', ...options }
}
/** 1-based page number (`?page=2`), with the query's `Limit` as page size. @example orm.Page() */
export function Page(options: { default?: number } = {}): PagingSpec<'page'> {
  return { '~ormQuery': 'page', ...options }
}
/** Sort by allowed columns: `?order=-createdAt` (descending), `?order=title,-id`. @example orm.OrderBy(['createdAt', 'title']) */
export function OrderBy<const K extends string>(allowed: readonly K[], options: { default?: readonly (K | `-${K}`)[] } = {}): OrderSpec<K> {
  return { '~ormQuery': 'order', allowed, default: options.default }
}

const integer = (min: number, max?: number) =>
  max === undefined ? v.pipe(v.number(), v.integer(), v.minValue(min)) : v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))

function filterSchema(table: PgTable, db: string, spec: FilterSpec): v.GenericSchema {
  if (spec.schema) return spec.schema
  if (spec.op === 'isNull') return v.boolean()
  if (spec.op === 'contains' || spec.op === 'icontains' || spec.op === 'startsWith') return v.string()
  const base = spec.path.includes('.') ? lazyPathSchema(table, db, spec.path) : columnSchema(table, spec.path)
  return spec.op === 'in' ? v.array(base) : base
}

/** The valibot entry of one query field. */
export function queryEntry(table: PgTable, db: string, name: string, field: QueryField): v.GenericSchema {
  switch (field['~ormQuery']) {
    case 'filter':
      return v.optional(filterSchema(table, db, field))
    case 'offset':
      return v.optional(integer(0), field.default ?? 0)
    case 'page':
      return v.optional(integer(1), field.default ?? 1)
    case 'limit':
      return field.default ?? field.max
        ? v.optional(integer(1, field.max), field.default ?? field.max)
        : v.optional(integer(1, field.max))
    case 'order': {
      const options = field.allowed.flatMap((key) => [key, `-${key}`])
      if (field.allowed.length === 0) throw new ImproperlyConfigured(`orm.OrderBy for '${name}' allows no column`)
      return v.optional(
        v.pipe(v.array(v.string()), v.transform((list) => list.flatMap((item) => item.split(',')).filter(Boolean)), v.array(v.picklist(options))),
        field.default ? [...field.default] : undefined,
      )
    }
  }
}

/** An `ORDER BY` list from `['-createdAt', 'title']`. */
export function orderSql(table: PgTable, columns: Record<string, unknown>, order: readonly string[]): SQL[] {
  void table
  return order.map((item) => {
    const key = item.startsWith('-') ? item.slice(1) : item
    const column = columns[key] as Parameters<typeof asc>[0]
    return item.startsWith('-') ? desc(column) : asc(column)
  })
}
