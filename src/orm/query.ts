import type { SQL } from 'drizzle-orm'
import { ImproperlyConfigured } from '../exceptions'
import type { StandardSchemaV1 } from '../types'
import type { Context } from './context'
import type { Expression } from './expr'
import { Order, type OrderTerm } from './fields'
import type { FilterOp } from './sql'

/** What a `query` filter function returns: a where-object (`{ path: value | { op: value } }`) or a drizzle condition. @example const where: orm.QueryWhere = { username: { icontains: 'al' } } */
export type QueryWhere = Record<string, unknown> | SQL | undefined

/**
 * `orm.Filter(path, op?)`: a query field that filters rows by a column (possibly through
 * relations), by an expression (`orm.Filter(orm.Count('followers'), 'gte')`), or by a
 * function of the value (`orm.Filter({ query: (v) => ({ username: { icontains: v } }) })`).
 *
 * @example
 * orm.Query(articles, { title: orm.Filter('title', 'icontains') })
 */
export interface FilterSpec<O = unknown, I = O> {
  readonly '~ormQuery': 'filter'
  readonly path?: string
  readonly expr?: Expression
  readonly query?: (value: never, context: Context) => QueryWhere
  readonly op: FilterOp
  /** the value's schema: any Standard Schema V1 (valibot, zod, arktype, …), converted and checked as a param is */
  readonly schema?: StandardSchemaV1
  readonly alias?: string
  /** the longest value (characters of a string; items, and characters of each, of a list); `DEFAULT_MAX_LENGTH` (1 000) when absent */
  readonly maxLength?: number
  /** type-level only: the parsed value (the schema's output) */
  readonly '~out'?: O
  /** type-level only: what a client sends (the schema's input, `~standard.types.input`) */
  readonly '~in'?: I
}
interface PagingSpec<Kind extends 'offset' | 'limit' | 'page'> {
  readonly '~ormQuery': Kind
  readonly max?: number
  readonly default?: number
  readonly alias?: string
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
  readonly terms: Readonly<Record<string, OrderTerm>>
  readonly default?: readonly string[]
  readonly alias?: string
}
/** `orm.Search(fields, { mode })`: `?search=big news`. @example orm.Search(['title', 'content'], { mode: 'any' }) */
export interface SearchSpec {
  readonly '~ormQuery': 'search'
  readonly fields: readonly string[]
  readonly mode: 'field' | 'all' | 'any'
  readonly alias?: string
}
/** `orm.Scope()`: `?scope=username,articles(title)` picks output fields; `{ excluded: true }` drops them. @example orm.Scope({ excluded: true }) */
export interface ScopeSpec {
  readonly '~ormQuery': 'scope'
  readonly excluded: boolean
  readonly alias?: string
}
/**
 * Any field of `orm.Query`.
 *
 * @example
 * const fields = { tag: orm.Filter('tags.name'), limit: orm.Limit({ max: 100 }) } satisfies Record<string, orm.QueryField>
 */
export type QueryField =
  | FilterSpec
  | PagingSpec<'offset' | 'limit' | 'page'>
  | OrderSpec
  | SearchSpec
  | ScopeSpec

type FilterOptions<O, A extends string = string, I = O> = {
  schema?: StandardSchemaV1<I, O>
  alias?: A
  maxLength?: number
}

/** The longest filter, `orm.Search` or `orm.Scope` value: 1 000 characters (a list: 1 000 items of 1 000 characters). */
export const DEFAULT_MAX_LENGTH = 1000

function checkedMaxLength(maxLength: number | undefined): number | undefined {
  if (maxLength !== undefined && !(Number.isSafeInteger(maxLength) && maxLength >= 1))
    throw new ImproperlyConfigured(
      `orm.Filter: maxLength must be a positive integer (got ${String(maxLength)})`,
    )
  return maxLength
}

/**
 * A query field's wire name at the type level, when given as a literal (`{ alias: '@page' }`):
 * `orm.Query`'s input type (what the typed client sends) is keyed by it.
 *
 * @example
 * type Page = orm.Aliased<'@page'> // { readonly alias: '@page' }
 */
export type Aliased<A extends string> = [A] extends [never] ? unknown : { readonly alias: A }

/** What a filter reads: a path, an expression, or a custom query with its own schema. */
type FilterSource<O, A extends string = string, I = O> =
  | string
  | Expression
  | {
      query: (value: O, context: Context) => QueryWhere
      schema?: StandardSchemaV1<I, O>
      alias?: A
      maxLength?: number
    }

/**
 * Filter rows by `path` (a column, or through relations: `'author.username'`), by an
 * expression, or by a `query` function of the value, with `op` (`eq` by default;
 * `ne gt gte lt lte in contains icontains startsWith isNull`). The value is
 * converted to the column's type; an absent value filters nothing. A value
 * longer than `maxLength` characters (default 1 000; a list: more items, or a
 * longer item), or a date outside years 1–9999, is a 400 before any SQL. An
 * alias ending in `=` (`'followers_num>='`) is also read under the key a
 * browser's `?followers_num>=2` arrives as (`followers_num>`). A `schema`
 * may be any Standard Schema V1 (valibot, zod, arktype, …), as for params.
 *
 * @example
 * const ArticleQuery = orm.Query(articles, { author: orm.Filter('author.username'), within: orm.Filter('createdAt', 'gte') })
 * const UserQuery = orm.Query(users, { followersMin: orm.Filter(orm.Count('userFollowers'), 'gte', { alias: 'followers_num>=' }) })
 * const Notes = orm.Query(articles, { body: orm.Filter('content', 'icontains', { maxLength: 200 }) })
 * const Recent = orm.Query(articles, { min: orm.Filter('id', 'gte', z.number().int().min(1)) })
 */
export function Filter<O = unknown, const A extends string = never, I = O>(
  source: FilterSource<O, A, I>,
  op: FilterOp = 'eq',
  options?: StandardSchemaV1<I, O> | FilterOptions<O, A, I>,
): FilterSpec<O, I> & Aliased<A> {
  const { schema, alias, maxLength } =
    options && '~standard' in options
      ? { schema: options, alias: undefined, maxLength: undefined }
      : ((options ?? {}) as FilterOptions<O, A, I>)
  return filterSpec<O>(source as FilterSource<O>, op, schema, alias, maxLength) as FilterSpec<
    O,
    I
  > &
    Aliased<A>
}

function filterSpec<O>(
  source: FilterSource<O>,
  op: FilterOp,
  schema: StandardSchemaV1 | undefined,
  alias: string | undefined,
  maxLength: number | undefined,
): FilterSpec<O> {
  if (typeof source === 'string')
    return {
      '~ormQuery': 'filter',
      path: source,
      op,
      schema,
      alias,
      maxLength: checkedMaxLength(maxLength),
    }
  if ('~ormExpr' in source)
    return {
      '~ormQuery': 'filter',
      expr: source,
      op,
      schema,
      alias,
      maxLength: checkedMaxLength(maxLength),
    }
  return {
    '~ormQuery': 'filter',
    query: source.query as FilterSpec['query'],
    op,
    schema: source.schema ?? schema,
    alias: source.alias ?? alias,
    maxLength: checkedMaxLength(source.maxLength ?? maxLength),
  }
}

/** The default bounds: `Limit` 100 rows, `Offset` 10 000 rows, `Page` 10 000 pages. */
export const DEFAULT_MAX = { limit: 100, offset: 10_000, page: 10_000 } as const
type PagingOptions<A extends string = string> = { max?: number; default?: number; alias?: A }

function paging<K extends 'offset' | 'limit' | 'page'>(
  kind: K,
  options: PagingOptions,
): PagingSpec<K> & { max: number } {
  const max = options.max ?? DEFAULT_MAX[kind]
  const name = `orm.${kind[0]?.toUpperCase()}${kind.slice(1)}`
  if (!Number.isSafeInteger(max) || max < 1)
    throw new ImproperlyConfigured(`${name}: max must be a positive integer (got ${String(max)})`)
  const low = kind === 'offset' ? 0 : 1
  if (
    options.default !== undefined &&
    !(Number.isSafeInteger(options.default) && options.default >= low && options.default <= max)
  ) {
    throw new ImproperlyConfigured(
      `${name}: default must be an integer from ${low} to ${max} (got ${String(options.default)})`,
    )
  }
  return { '~ormQuery': kind, ...options, max }
}

/** Rows to skip (`?offset=20`), an integer from 0 to `max` (default 10 000; more is a 400). @example orm.Offset({ max: 5000, alias: '@offset' }) */
export function Offset<const A extends string = never>(
  options: PagingOptions<A> = {},
): PagingSpec<'offset'> & { max: number } & Aliased<A> {
  return paging('offset', options) as PagingSpec<'offset'> & { max: number } & Aliased<A>
}
/** Rows to return (`?limit=10`), at most `max` (default 100; more is a 400); defaults to `max`. @example orm.Limit({ max: 100, alias: '@rows' }) */
export function Limit<const A extends string = never>(
  options: PagingOptions<A> = {},
): PagingSpec<'limit'> & { max: number } & Aliased<A> {
  return paging('limit', options) as PagingSpec<'limit'> & { max: number } & Aliased<A>
}
/** 1-based page number (`?page=2`) up to `max` (default 10 000), with the query's `Limit` as page size. @example orm.Page({ alias: '@page' }) */
export function Page<const A extends string = never>(
  options: PagingOptions<A> = {},
): PagingSpec<'page'> & { max: number } & Aliased<A> {
  return paging('page', options) as PagingSpec<'page'> & { max: number } & Aliased<A>
}
/**
 * Sort by allowed columns (`?order=-createdAt`, `?order=title,-id`), or by named terms over
 * expressions: `orm.OrderBy({ followersNum: orm.Order(orm.Count('userFollowers')), signupTime: orm.Order() })`.
 *
 * @example orm.OrderBy(['createdAt', 'title'])
 */
export function OrderBy<const K extends string, const A extends string = never>(
  allowed: readonly K[] | Readonly<Record<K, OrderTerm>>,
  options: { default?: readonly (K | `-${K}`)[]; alias?: A } = {},
): OrderSpec<K> & Aliased<A> {
  const terms: Record<string, OrderTerm> = Array.isArray(allowed)
    ? Object.fromEntries(allowed.map((key) => [key, Order(key)]))
    : { ...(allowed as Record<K, OrderTerm>) }
  for (const [key, term] of Object.entries(terms))
    if (term.field === undefined) terms[key] = { ...term, field: key }
  return {
    '~ormQuery': 'order',
    allowed: Object.keys(terms) as K[],
    terms,
    default: options.default,
    alias: options.alias,
  } as OrderSpec<K> & Aliased<A>
}
/**
 * Case-insensitive search over several fields (columns, paths, JSON columns as text).
 * Terms are split on spaces and commas. `mode`: `'field'` (default: one field holds every
 * term), `'all'` (every term is in some field), `'any'` (some term is in some field).
 *
 * @example orm.Search(['title', 'content', 'tags'], { mode: 'all' })
 */
export function Search<const A extends string = never>(
  fields: readonly string[],
  options: { mode?: 'field' | 'all' | 'any'; alias?: A } = {},
): SearchSpec & Aliased<A> {
  if (fields.length === 0) throw new ImproperlyConfigured('orm.Search needs at least one field')
  return {
    '~ormQuery': 'search',
    fields,
    mode: options.mode ?? 'field',
    alias: options.alias,
  } as SearchSpec & Aliased<A>
}
/** The client picks result fields (`?scope=username,articles(title)`), or drops them with `{ excluded: true }`. @example orm.Scope() */
export function Scope<const A extends string = never>(
  options: { excluded?: boolean; alias?: A } = {},
): ScopeSpec & Aliased<A> {
  return {
    '~ormQuery': 'scope',
    excluded: options.excluded ?? false,
    alias: options.alias,
  } as ScopeSpec & Aliased<A>
}
