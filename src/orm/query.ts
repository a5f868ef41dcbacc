import { asc, desc, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { columnSchema, lazyPathSchema } from './columns'
import { unsafeReason } from './safe'
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
/** The default bounds: `Limit` 100 rows, `Offset` 10 000 rows, `Page` 10 000 pages. */
export const DEFAULT_MAX = { limit: 100, offset: 10_000, page: 10_000 } as const

function paging<K extends 'offset' | 'limit' | 'page'>(kind: K, options: { max?: number; default?: number }): PagingSpec<K> & { max: number } {
  const max = options.max ?? DEFAULT_MAX[kind]
  const name = `orm.${kind[0]?.toUpperCase()}${kind.slice(1)}`
  if (!Number.isSafeInteger(max) || max < 1) throw new ImproperlyConfigured(`${name}: max must be a positive integer (got ${String(max)})`)
  const low = kind === 'offset' ? 0 : 1
  if (options.default !== undefined && !(Number.isSafeInteger(options.default) && options.default >= low && options.default <= max)) {
    throw new ImproperlyConfigured(`${name}: default must be an integer from ${low} to ${max} (got ${String(options.default)})`)
  }
  return { '~ormQuery': kind, ...options, max }
}

/** Rows to skip (`?offset=20`), an integer from 0 to `max` (default 10 000; more is a 400). @example orm.Offset({ max: 5000 }) */
export function Offset(options: { max?: number; default?: number } = {}): PagingSpec<'offset'> & { max: number } {
  return paging('offset', options)
}
/** Rows to return (`?limit=10`), at most `max` (default 100; more is a 400); defaults to `max`. @example orm.Limit({ max: 100 }) */
export function Limit(options: { max?: number; default?: number } = {}): PagingSpec<'limit'> & { max: number } {
  return paging('limit', options)
}
/** 1-based page number (`?page=2`) up to `max` (default 10 000), with the query's `Limit` as page size. @example orm.Page() */
export function Page(options: { max?: number; default?: number } = {}): PagingSpec<'page'> & { max: number } {
  return paging('page', options)
}
/** Sort by allowed columns: `?order=-createdAt` (descending), `?order=title,-id`. @example orm.OrderBy(['createdAt', 'title']) */
export function OrderBy<const K extends string>(allowed: readonly K[], options: { default?: readonly (K | `-${K}`)[] } = {}): OrderSpec<K> {
  return { '~ormQuery': 'order', allowed, default: options.default }
}

const integer = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))

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
      return v.optional(v.pipe(filterSchema(table, db, field), v.check((value) => unsafeReason(value) === undefined, (issue) => unsafeReason(issue.input) ?? 'invalid value')))
    case 'offset':
      return v.optional(integer(0, field.max ?? DEFAULT_MAX.offset), field.default ?? 0)
    case 'page':
      return v.optional(integer(1, field.max ?? DEFAULT_MAX.page), field.default ?? 1)
    case 'limit': {
      const max = field.max ?? DEFAULT_MAX.limit
      return v.optional(integer(1, max), field.default ?? max)
    }
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
