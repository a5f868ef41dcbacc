import type { InferInsertModel, InferSelectModel, SQLWrapper } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type * as v from 'valibot'
import type { Expression } from './expr'
import type { ColumnOutput, FieldDecl, SchemaDef, Self } from './fields'

/** The phantom/marker key every orm schema carries. */
export const DEF = '~ormSchema'

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** Any orm schema, whatever its table and fields. */
export interface AnyOrmSchema {
  readonly [DEF]: SchemaDef
  /** type-level only: the serialised row */
  readonly '~ormOut'?: unknown
}

/** One entry of `orm.Schema(table, fields)`: a column, a nested to-one schema, a to-many list, or an aggregate. */
export type FieldSpec =
  | true
  | AnyOrmSchema
  | readonly [AnyOrmSchema]
  | readonly [typeof Self]
  | Expression
  | FieldDecl

/** `true` is only allowed for the table's columns. */
export type ValidFields<T extends PgTable, F> = {
  [K in keyof F]: F[K] extends true ? (K extends keyof InferSelectModel<T> ? true : never) : F[K]
}

type ColumnType<T extends PgTable, P> = P extends keyof InferSelectModel<T>
  ? InferSelectModel<T>[P]
  : unknown

type OutOf<S> = S extends { readonly '~ormOut'?: infer O } ? Exclude<O, undefined> : never

type FieldOutput<T extends PgTable, K, F> = F extends true
  ? K extends keyof InferSelectModel<T>
    ? InferSelectModel<T>[K]
    : never
  : F extends Expression<'exists'>
    ? boolean
    : F extends Expression
      ? number
      : F extends FieldDecl<infer O>
        ? O extends ColumnOutput<infer P>
          ? ColumnType<T, unknown extends P ? K : P>
          : O
        : F extends readonly [infer S]
          ? OutOf<S>[]
          : F extends AnyOrmSchema
            ? OutOf<F> | null
            : never

/**
 * The serialised row of a schema: column types come from the table.
 *
 * @example
 * type User = orm.OutputOf<typeof UserSchema> // the SchemaOutput of its fields
 */
export type SchemaOutput<T extends PgTable, F> = Simplify<{
  -readonly [K in keyof F]: FieldOutput<T, K, F[K]>
}>

/** The table's columns a schema declares with `true`. */
export type ColumnKeys<F> = { [K in keyof F]: F[K] extends true ? K : never }[keyof F]

type PrimaryKeys<T extends PgTable> = {
  [K in keyof T['_']['columns']]: T['_']['columns'][K]['_']['isPrimaryKey'] extends true ? K : never
}[keyof T['_']['columns']]

/**
 * The key of a row: the primary-key value (or an object of the key columns for a composite key).
 *
 * @example
 * await ArticleSchema.init(1) // the key: an orm.KeyOf<typeof articles>
 */
export type KeyOf<T extends PgTable> = [PrimaryKeys<T>] extends [never]
  ? Partial<InferSelectModel<T>>
  : InferSelectModel<T>[PrimaryKeys<T> & keyof InferSelectModel<T>]

/**
 * What `save()` takes: any subset of the table's insert model (with the key: an update).
 *
 * @example
 * await UserSchema.save({ username: 'bob' })
 */
export type SaveValue<T extends PgTable> = Partial<InferInsertModel<T>>

/** A nested row as `save()` takes it: any of its fields, its own nested lists likewise (keys are optional: new rows have none). */
type NestedInput<Row> = {
  [K in keyof Row]?: Row[K] extends readonly (infer Item)[]
    ? Item extends object
      ? readonly NestedInput<Item>[]
      : Row[K]
    : Row[K]
}
type InOf<S> = S extends { readonly '~ormIn'?: infer I }
  ? Exclude<I, undefined>
  : Record<string, unknown>
/** Fields `save()` writes as relations: `[S]`, `orm.Field(rel, { schema: [S] })`, and paths through relations (key lists). */
type RelationKeys<F> = {
  [K in keyof F]: F[K] extends readonly [unknown]
    ? K
    : F[K] extends FieldDecl<infer O>
      ? unknown extends O
        ? K
        : O extends readonly unknown[]
          ? K
          : never
      : never
}[keyof F]

/**
 * The relation fields `save()` writes besides columns: nested rows of a to-many
 * schema (`comments: [S]` or `orm.Field('comments', { schema: [S] })`), key lists
 * through a junction (`orm.Field('userFollowings.targetId', { mode: 'raw' })` with `[2, 3]`).
 *
 * @example
 * await UserSchema.save({ username: 'bob', followings: [2, 3] })
 */
export type RelationInput<F> = {
  [K in RelationKeys<F>]?: F[K] extends readonly [infer S]
    ? readonly Partial<InOf<S>>[]
    : F[K] extends FieldDecl<infer O>
      ? unknown extends O
        ? readonly unknown[]
        : O extends readonly (infer Row)[]
          ? readonly NestedInput<Row>[]
          : never
      : never
}

/**
 * What `serialize()` takes besides a parsed `orm.Query`: a drizzle condition or `{ column | 'rel.column': value }`.
 *
 * @example
 * await ArticleSchema.serialize(eq(articles.id, 1)) // or { 'author.username': 'alice' }
 */
export type Where = SQLWrapper | Record<string, unknown>

type TypedOf<S> = S extends { readonly '~typed'?: infer X } ? Exclude<X, undefined> : never
type IsTyped<S> = unknown extends TypedOf<S> ? false : [TypedOf<S>] extends [never] ? false : true

/** Fields typed by a schema (`orm.Field({ type })`): over a column of the table, or not (`Virtual`: input-only). */
type TypedKeys<T extends PgTable, F, Virtual extends boolean> = {
  [K in keyof F]: IsTyped<F[K]> extends true
    ? K extends keyof T['_']['columns']
      ? Virtual extends true
        ? never
        : K
      : Virtual extends true
        ? K
        : never
    : never
}[keyof F]

/** `R` without the keys `K` (each key keeps its optional modifier). */
type Without<R, K> = { [P in keyof R as P extends K ? never : P]: R[P] }

/** A record whose keys holding `undefined` are optional (as the library's object would have them). */
type OptionalWhereUndefined<R> = { [K in keyof R as undefined extends R[K] ? never : K]: R[K] } & {
  [K in keyof R as undefined extends R[K] ? K : never]?: R[K]
}

/** The typed fields' values on one side: `in` what a client sends, `out` what the handler receives. */
type TypedValues<F, Keys extends keyof F, Side extends 'in' | 'out'> = OptionalWhereUndefined<{
  [K in Keys]: TypedOf<F[K]> extends { readonly [P in Side]: infer Value } ? Value : never
}>

/** The declared columns as the table inserts them, plus any other insertable column (optional). */
type ColumnInput<T extends PgTable, F> = Pick<
  InferInsertModel<T>,
  ColumnKeys<F> & keyof InferInsertModel<T>
> &
  Partial<InferInsertModel<T>>

/**
 * The input of a schema (`orm.InputOf`): its declared columns (as the table inserts them) plus any
 * other insertable column (optional), e.g. `authorId` for `author`; a field typed by a schema
 * (`orm.Field({ type: z… })`) has that schema's output (SPEC §3.6, `~standard.types`), an
 * input-only one (no column) is optional (`input('a')` takes it).
 */
export type InputOutput<T extends PgTable, F> = Simplify<
  Without<ColumnInput<T, F>, TypedKeys<T, F, false>> &
    TypedValues<F, TypedKeys<T, F, false>, 'out'> &
    Partial<TypedValues<F, TypedKeys<T, F, true>, 'out'>>
>

/** One side of `input()`: the columns, typed fields on `Side`, input-only typed fields when `Virtual` (`input('a')`). */
type InputSide<T extends PgTable, F, Side extends 'in' | 'out', Virtual extends boolean> = Without<
  ColumnInput<T, F>,
  TypedKeys<T, F, false>
> &
  TypedValues<F, TypedKeys<T, F, false>, Side> &
  (Virtual extends true ? TypedValues<F, TypedKeys<T, F, true>, Side> : unknown)

/**
 * Options of `schema.input()`.
 *
 * @example
 * UserSchema.input({ omit: ['id'], partial: true }) // a PATCH body
 */
export interface InputOptions<K extends string = string> {
  /** fields left out (e.g. the generated `id`) */
  omit?: readonly K[]
  /** every field optional (PATCH bodies) */
  partial?: boolean
}

/**
 * One side of `schema.input({ omit, partial })` (`'in'`: what a client sends, `'out'`: what the
 * handler receives); `Virtual`: with the input-only typed fields (`input('a')`).
 */
export type InputSchemaSide<
  T extends PgTable,
  F,
  K extends string,
  P extends boolean,
  Side extends 'in' | 'out' = 'out',
  Virtual extends boolean = false,
> = P extends true
  ? Simplify<Partial<Omit<InputSide<T, F, Side, Virtual>, K>> & Omit<RelationInput<F>, K>>
  : Simplify<Omit<InputSide<T, F, Side, Virtual>, K> & Omit<RelationInput<F>, K>>

/** The valibot schema `schema.input()` returns: it takes `I` from a client and gives `O`. */
export type InputSchema<O, I = O> = v.GenericSchema<I, O>
