import type { PgTable } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import type { SchemaInput, SchemaOutput } from '../schema/adapter'
import type { StandardSchemaV1 } from '../types'
import type { Context, ExprFilter } from './context'
import type { Expression } from './expr'

/** `orm.Self`: the schema being declared, for self-referencing relations (`followers: orm.Field('userFollowers.user', { schema: [orm.Self], depth: 2 })`). @example orm.Self */
export const Self: unique symbol = Symbol.for('fw.orm.self') as never

/**
 * An ordering term: a column or expression, descending or not, nulls first or last.
 *
 * @example
 * orm.OrderBy({ followersNum: orm.Order(orm.Count('userFollowers')), signupTime: orm.Order() })
 */
export interface OrderTerm {
  readonly '~ormOrder': true
  readonly field?: Expression | string
  readonly desc?: boolean
  readonly nullsFirst?: boolean
}
/** An ordering term over `field` (a column of the table when absent: the OrderBy key). @example orm.Order(orm.Sum('contents.article.views'), { nullsFirst: true }) */
export function Order(
  field?: Expression | string,
  options: { desc?: boolean; nullsFirst?: boolean } = {},
): OrderTerm {
  return { '~ormOrder': true, field, ...options }
}

/** A batch function of the parent keys: `Map`/record of parent key → child keys (or rows, or plain values). @example const top: orm.BatchFn = async (keys) => new Map(keys.map((key) => [key, []])) */
export type BatchFn = (
  keys: unknown[],
  context: Context,
) =>
  | Promise<Map<unknown, unknown> | Record<string, unknown>>
  | Map<unknown, unknown>
  | Record<string, unknown>

/** A nested schema given to `orm.Field`: one row, a list, or `orm.Self`. */
export type NestedSpec = object | readonly [object] | typeof Self | readonly [typeof Self]

type NestedRow<S> = S extends { readonly '~ormOut'?: infer O }
  ? Exclude<O, undefined>
  : Record<string, unknown>
/** The output of a nested `schema`: `[S]` a list of its rows, `S` a row or null (`orm.Self`: plain records). */
export type NestedOutput<S> = S extends readonly [infer Item]
  ? NestedRow<Item>[]
  : NestedRow<S> | null

/**
 * Options of `orm.Field`.
 *
 * @example
 * orm.Field('contents.article', { schema: [ArticleBase], filter: { views: { gt: 0 } }, order: ['-views'], limit: 2 })
 */
export interface FieldOptions {
  /** the key in output and input (`'@views'`, `'author.name'`); the field's own key by default */
  alias?: string
  /** `r` read (output), `w` update input, `a` create input, combined: `'ra'`; columns default to `'rwa'`, others to `'r'` */
  mode?: string
  /** an input default (a value or a function giving one) */
  default?: unknown
  /** input only: never in the output */
  noOutput?: boolean
  /** the nested schema of a relation path: `Schema` (to-one), `[Schema]` (to-many), `orm.Self` */
  schema?: NestedSpec
  /** to-many relations: only rows matching this where-object */
  filter?: ExprFilter
  /** to-many relations: their order (`['-views']`, or `orm.Order(expr)` terms); the key by default */
  order?: readonly (string | OrderTerm)[]
  /** to-many relations: at most this many rows per parent */
  limit?: number
  /** `orm.Self` relations: how many levels deep (default 2) */
  depth?: number
  /**
   * the value schema (input and output), instead of the column's: any Standard Schema V1
   * (valibot, zod, arktype, …); a column whose type cannot become it is refused
   */
  type?: StandardSchemaV1
  /** a path through a to-many relation: one value (the first by `order`) instead of a list */
  first?: boolean
  /** a written relation (nested rows or a key list): at most this many items per input list (default 1 000); more is a 400/413 before any SQL */
  max?: number
}

/** The output type of `orm.Field('column')` / `orm.Field({ ... })`: the column `P` of the schema's table (`SameColumn`: the field's own key). */
export interface ColumnOutput<P = unknown> {
  readonly '~column': P
}

/** An `orm.Field` declaration; `O` is its output type (type-level only). @example const field: orm.FieldDecl = orm.Field('author.username') */
export interface FieldDecl<O = unknown> {
  /** type-level only: what the field outputs */
  readonly '~out'?: O
  readonly '~ormField': true
  readonly source?: string | Expression | BatchFn
  readonly get?: (row: Record<string, unknown>) => unknown
  readonly dependencies?: readonly string[]
  readonly options: FieldOptions
}

/**
 * `orm.Field({ type })`'s schema types (type-level only): what the field takes on the wire
 * (`in`, the schema's `~standard.types` input) and what its parsed value is (`out`).
 *
 * @example
 * type Title = orm.FieldDecl<string> & orm.TypedField<string | undefined, string> // z.string().default('…')
 */
export interface TypedField<I, O> {
  readonly '~typed'?: { readonly in: I; readonly out: O }
}

/**
 * A schema field beyond a plain column: a path through relations
 * (`'author.username'`; a to-many path gives a list), an expression, a nested
 * relation with its own filter / order / limit, a batch function of the parent
 * keys, or the column of the same key with options (`orm.Field({ mode: 'ra' })`).
 *
 * @example
 * orm.Schema(articles, {
 *   authorName: orm.Field('author.username', { alias: 'author.name' }),
 *   likedSlugs: orm.Field('liked.article.slug'),
 *   topArticles: orm.Field('articles', { schema: [ArticleBase], order: ['-views'], limit: 2 }),
 *   password: orm.Field({ mode: 'wa', noOutput: true }),
 * })
 */
export function Field<S extends NestedSpec>(
  source: string,
  options: FieldOptions & { schema: S },
): FieldDecl<NestedOutput<S>>
export function Field<T extends StandardSchemaV1>(
  source: string | BatchFn,
  options: Omit<FieldOptions, 'type'> & { type: T },
): FieldDecl<SchemaOutput<T>>
export function Field<T extends StandardSchemaV1>(
  options: Omit<FieldOptions, 'type'> & { type: T },
): FieldDecl<SchemaOutput<T>> & TypedField<SchemaInput<T>, SchemaOutput<T>>
export function Field<const P extends string>(
  source: P,
  options?: FieldOptions,
): FieldDecl<P extends `${string}.${string}` | `${string}__${string}` ? unknown : ColumnOutput<P>>
export function Field<K extends string>(
  source: Expression<K>,
  options?: FieldOptions,
): FieldDecl<K extends 'exists' ? boolean : number | null>
export function Field(source: BatchFn, options?: FieldOptions): FieldDecl<unknown>
export function Field(options?: FieldOptions): FieldDecl<ColumnOutput>
export function Field(
  source?: string | Expression | BatchFn | FieldOptions,
  options?: FieldOptions,
): FieldDecl
export function Field(
  source?: string | Expression | BatchFn | FieldOptions,
  options: FieldOptions = {},
): FieldDecl {
  if (typeof source === 'object' && source !== null && !('~ormExpr' in source))
    return { '~ormField': true, options: source }
  return { '~ormField': true, source: source as string | Expression | BatchFn | undefined, options }
}

/**
 * A value computed from other fields of the row, after the query (dependencies
 * are fetched even when not declared as output).
 *
 * @example
 * authorTag: orm.Computed((row) => ({ name: row['author.name'] }), ['authorName'])
 */
export function Computed<R>(
  get: (row: Record<string, unknown>) => R,
  dependencies: readonly string[] = [],
  options: FieldOptions = {},
): FieldDecl<R> {
  return { '~ormField': true, get, dependencies, options }
}

/** Is this an `orm.Field` / `orm.Computed` declaration? */
export function isFieldDecl(value: unknown): value is FieldDecl {
  return typeof value === 'object' && value !== null && '~ormField' in value
}

/** One field of a schema, normalised (internal). */
export type DefField = {
  key: string
  out: string
  mode: string
  noOutput: boolean
  default?: unknown
  /** the value schema (`FieldOptions.type`), as a valibot schema standing for it (schema/valibot/embed.ts) */
  type?: v.GenericSchema
} & (
  | { kind: 'column'; column: string }
  | {
      kind: 'path'
      path: string
      filter?: ExprFilter
      order?: readonly (string | OrderTerm)[]
      first?: boolean
      max: number
    }
  | { kind: 'virtual' }
  | { kind: 'expr'; expr: Expression }
  | {
      kind: 'nested'
      path: string
      child: SchemaDef | typeof Self
      many?: boolean
      filter?: ExprFilter
      order?: readonly (string | OrderTerm)[]
      limit?: number
      depth: number
      max: number
    }
  | { kind: 'batch'; fn: BatchFn; child?: SchemaDef; many: boolean }
  | {
      kind: 'computed'
      get: (row: Record<string, unknown>) => unknown
      dependencies: readonly string[]
    }
)

/** What a schema declares, in the form serialize/save read (internal). */
export interface SchemaDef {
  table: PgTable
  /** database alias */
  db: string
  name: string
  fields: DefField[]
  /** columns declared with `true` (or `orm.Field({...})` on a column): what input and save use */
  columns: string[]
  /** to-one nested schemas by relation key (their foreign keys are input fields) */
  ones: { key: string; def: SchemaDef }[]
  validate?: (value: Record<string, unknown>) => Record<string, unknown> | void
  /** its component's name in the OpenAPI document (`orm.Schema(..., { name })`) */
  component?: string
}

/** Run a declaration check, prefixing its `ImproperlyConfigured` message with what was declared. */
export function explain<T>(what: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof ImproperlyConfigured)
      throw new ImproperlyConfigured(`${what}: ${error.message.replace(/^orm: /, '')}`)
    throw error
  }
}
