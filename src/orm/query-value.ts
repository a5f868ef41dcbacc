import type { InferSelectModel, SQLWrapper } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import type { FilterSpec, OrderSpec } from './query'

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
  S extends FilterSpec<infer O, infer _Sent>
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
  [K in keyof F as WireName<K, F[K]>]?: Exclude<SentValue<T, F[K]>, undefined>
}

/** What a client sends for one field: a filter's schema input (`~standard.types.input`), else its parsed value. */
type SentValue<T extends PgTable, S> =
  S extends FilterSpec<infer O, infer I>
    ? unknown extends O
      ? FieldValue<T, S>
      : I
    : FieldValue<T, S>

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
