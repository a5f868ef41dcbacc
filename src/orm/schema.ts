import type { PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { NotFound } from '../exceptions'
import { checkDef } from './build'
import { checkLimit, WRITE_ROWS, type WriteLimits } from './limits'
import { activeDatabases, databaseOf, declareCheck, type Database } from './database'
import { defOf } from './defs'
import { entriesOf, inputSchema } from './entries'
import { documented } from './document'
import { explain } from './fields'
import type { QueryMethods } from './query-value'
import { deleteRows } from './delete'
import { bulkSaveTree, saveTree } from './relsave'
import { keyCondition, type SaveOptions } from './save'
import { bulkUpsertTree } from './bulk-upsert'
import { upsertTree, type UpsertOptions } from './upsert'
import { serializeCounted, serializeRows, type SerializeOptions } from './serialize'
import { tablePlanOf, writePlanOf } from './write-plan'
import {
  DEF,
  type AnyOrmSchema,
  type FieldSpec,
  type InputOptions,
  type InputOutput,
  type InputSchema,
  type InputSchemaSide,
  type KeyOf,
  type RelationInput,
  type SaveValue,
  type SchemaOutput,
  type ValidFields,
  type Where,
} from './types'

/**
 * The methods of an `orm.Schema`.
 *
 * @example
 * await UserSchema.serialize({ username: 'alice' })
 */
export interface SchemaMethods<T extends PgTable, F, O> {
  readonly table: T
  /**
   * Query rows and serialise them: one SQL statement for the whole tree
   * (relations as lateral joins, `Count`/`Exists` as subqueries), never one per row.
   *
   * @example
   * await ArticleSchema.serialize(query)                 // a parsed orm.Query
   * await ArticleSchema.serialize({ 'author.username': 'alice' })
   * await ArticleSchema.serialize(eq(articles.id, 1))
   */
  serialize(
    query?: Where | QueryMethods | readonly unknown[] | null,
    options?: SerializeOptions,
  ): Promise<O[]>
  /**
   * `serialize()` and the count of every row its filters and `where` select (without the page:
   * what `query.count(where)` answers), in ONE statement: a list endpoint's page and total in
   * one round trip (a second `count(*)` only when the page is empty).
   *
   * @example
   * const { rows, count } = await ArticleSchema.serializeCounted(query, { order: ['-createdAt'] })
   */
  serializeCounted(
    query?: Where | QueryMethods | null,
    options?: SerializeOptions,
  ): Promise<{ rows: O[]; count: number }>
  /** One row by key (or the first a where-object or query selects), serialised; 404 when absent. @example await ArticleSchema.init(1) */
  init(id: KeyOf<T> | Where | QueryMethods, options?: SerializeOptions): Promise<O>
  /** Insert (no key) or update (key given); returns the key. Constraint violations are 409/400. @example const id = await ArticleSchema.save({ title, authorId }) */
  save(
    value: SaveValue<T> & RelationInput<F>,
    options?: SaveOptions & UpsertOptions,
  ): Promise<KeyOf<T>>
  /**
   * Delete the rows a key, a list of keys, a where-object, a drizzle condition or a
   * parsed `orm.Query` selects; returns how many. A condition selecting every row is a 400.
   *
   * @example
   * await ArticleSchema.delete({ id: 3 })   // also delete(query) and delete([1, 2])
   */
  delete(target: KeyOf<T> | readonly KeyOf<T>[] | Where | QueryMethods): Promise<number>
  /**
   * Save many rows in one transaction (all or nothing); returns their keys in order. Each row may
   * give the relation fields `save` writes (key lists through a junction, nested to-many rows).
   * With `onConflict`, rows without relation lists are upserted in ONE statement, keys in order
   * (`'ignore'` returns an existing row's key untouched).
   *
   * @example await UserSchema.bulkSave([{ username: 'a', followings: [2] }, { username: 'b' }])
   * @example const tagIds = await TagSchema.bulkSave(names.map((name) => ({ name })), { onConflict: 'ignore' })
   */
  bulkSave(
    values: readonly (SaveValue<T> & RelationInput<F>)[],
    options?: SaveOptions & UpsertOptions,
  ): Promise<KeyOf<T>[]>
  /**
   * A valibot schema for request bodies: the declared columns as the table inserts
   * them (plus the foreign keys of declared to-one relations, e.g. `authorId`).
   *
   * @example request.Body(ArticleSchema.input({ omit: ['id'] }))
   */
  input<const K extends string = never, P extends boolean = false>(
    options?: InputOptions<K> & { partial?: P },
  ): InputSchema<InputSchemaSide<T, F, K, P>, InputSchemaSide<T, F, K, P, 'in'>>
  /** `'a'`: the create input (input-only typed fields too); `'w'`: the update input (every field optional). @example request.Body(ArticleSchema.input('a')) */
  input(
    mode: 'a',
  ): InputSchema<
    InputSchemaSide<T, F, never, false, 'out', true>,
    InputSchemaSide<T, F, never, false, 'in', true>
  >
  input(
    mode: 'w',
  ): InputSchema<
    InputSchemaSide<T, F, never, true, 'out', true>,
    InputSchemaSide<T, F, never, true, 'in', true>
  >
}

/**
 * An `orm.Schema`: a valibot schema of the serialised row, plus the query and save methods.
 *
 * @example
 * const UserSchema = orm.Schema(users, { id: true, username: true })
 */
export type OrmSchema<T extends PgTable, F> = v.GenericSchema<
  SchemaOutput<T, F>,
  SchemaOutput<T, F>
> &
  AnyOrmSchema &
  SchemaMethods<T, F, SchemaOutput<T, F>> & {
    /** the valibot entries of the serialised row, by output key (a field's value schema) */
    readonly entries: Readonly<Record<string, v.GenericSchema>>
    readonly '~ormOut'?: SchemaOutput<T, F>
    readonly '~ormIn'?: InputOutput<T, F>
  }

/** The serialised row type of a schema. @example type Article = orm.OutputOf<typeof ArticleSchema> */
export type OutputOf<S> = S extends { readonly '~ormOut'?: infer O } ? Exclude<O, undefined> : never
/** The body type of a schema's input. @example ({ article }: { article: orm.InputOf<typeof ArticleSchema> }) */
export type InputOf<S> = S extends { readonly '~ormIn'?: infer I } ? Exclude<I, undefined> : never

/**
 * A declarative schema over a drizzle table (UtilMeta's `orm.Schema`): a valibot
 * schema of the serialised row, usable in `request.Body/Query/params` and as
 * `static result` or `@api.doc({ result })`, with `serialize`, `init`, `save`,
 * `bulkSave` and `input`. In the OpenAPI document it is a component named by
 * `options.name` (else its table, e.g. `Users`); docs/orm.md, "In the OpenAPI document".
 *
 * @example
 * const UserSchema = orm.Schema(users, { id: true, username: true, articlesNum: orm.Count('articles') })
 * const ArticleSchema = orm.Schema(articles, {
 *   id: true, title: true, author: UserSchema,
 *   comments: [orm.Schema(comments, { id: true, body: true })], commentsNum: orm.Count('comments'),
 * })
 * const rows = await ArticleSchema.serialize({ 'author.username': 'alice' })
 */
export function Schema<T extends PgTable, const F extends Record<string, FieldSpec>>(
  table: T,
  fields: F & ValidFields<T, F>,
  options: {
    db?: string
    validate?: (value: Record<string, unknown>) => Record<string, unknown> | void
    maxWriteRows?: number
    name?: string
  } = {},
): OrmSchema<T, F> {
  const def = defOf(table, fields, options.db ?? 'default')
  checkLimit(`orm.Schema(${def.name})`, 'maxWriteRows', options.maxWriteRows)
  def.validate = options.validate
  def.component = options.name
  declareCheck(def.db, table, (module) =>
    explain(`orm.Schema(${def.name})`, () => checkDef(module, def)),
  )
  const schema = v.object(entriesOf(def))
  // the active database of the alias, a lookup with no call (databaseOf names a miss)
  const database = () => activeDatabases.get(def.db) ?? databaseOf(def.db)
  /** the open connection as it is (nothing to wait for), else opened */
  const open = (target: Database) => () => target.readyDb ?? target.db()
  const limits = (target: Database): WriteLimits => ({
    maxRows: options.maxWriteRows ?? target.options.maxWriteRows ?? WRITE_ROWS,
    transactionTimeout: target.options.transactionTimeout,
  })
  const serialize = (query?: unknown, serializeOptions?: SerializeOptions) =>
    serializeRows(def, query, serializeOptions)

  const methods: SchemaMethods<T, F, unknown> & AnyOrmSchema = {
    [DEF]: def,
    table,
    serialize,
    serializeCounted: (query, serializeOptions) =>
      serializeCounted(def, query, serializeOptions) as never,
    async init(id, initOptions) {
      const [row] = await serialize(
        isKeyLike(table, id) ? keyCondition(table, id) : id,
        initOptions,
      )
      if (row === undefined) throw new NotFound(`${def.name} ${JSON.stringify(id)} does not exist`)
      return row
    },
    async save(value, saveOptions = {}) {
      const target = database()
      const records = value as Record<string, unknown>
      // the schema's write, compiled on its first write (orm/write-plan.ts)
      const plan = writePlanOf(target.options.schema, def)
      const saved = saveOptions.onConflict
        ? upsertTree(await open(target)(), plan, records, saveOptions, limits(target))
        : saveTree(open(target), plan, records, saveOptions, limits(target), saveOptions.where)
      return (await saved) as KeyOf<T>
    },
    async bulkSave(values, saveOptions) {
      const target = database()
      const plan = writePlanOf(target.options.schema, def)
      const rows = values as unknown as Record<string, unknown>[]
      if (saveOptions?.onConflict)
        return (await bulkUpsertTree(
          await open(target)(),
          plan,
          rows,
          saveOptions,
          limits(target),
        )) as KeyOf<T>[]
      return (await bulkSaveTree(
        open(target),
        plan,
        rows,
        saveOptions ?? {},
        limits(target),
      )) as KeyOf<T>[]
    },
    delete: (target) => deleteRows(def, target),
    input: (inputOptions?: InputOptions | 'a' | 'w') =>
      inputSchema(
        def,
        typeof inputOptions === 'string' ? { mode: inputOptions } : inputOptions,
      ) as never,
  }
  // `documented`: in the OpenAPI document, the schema is a component of its own (src/orm/document.ts)
  return Object.assign(schema, methods, documented(def)) as unknown as OrmSchema<T, F>
}

/** A primary-key value (or an object of every column of a composite key), as opposed to a where-object or a query. */
function isKeyLike(table: PgTable, id: unknown): boolean {
  if (typeof id !== 'object' || id === null) return true
  const { keys } = tablePlanOf(table)
  return (
    keys.length > 1 &&
    !('getSQL' in id) &&
    !('~ormQueryDef' in id) &&
    Object.keys(id).every((key) => keys.includes(key)) &&
    // a composite key given in part is a where-object (was a key with `undefined` columns: a 404)
    keys.every((key) => Object.hasOwn(id, key))
  )
}
