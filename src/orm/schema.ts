import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured, NotFound } from '../exceptions'
import { insertEntries, selectEntries } from './columns'
import { databaseOf, declareCheck } from './database'
import { guarded } from './errors'
import { explain, isAggregate, type SchemaDef } from './fields'
import { planFor, type QueryMethods } from './plan'
import { columnsOf, foreignKeysTo } from './relations'
import { bulkSave, keyCondition, save } from './save'
import { findConfig } from './sql'
import {
  DEF,
  type AnyOrmSchema,
  type FieldSpec,
  type InputOptions,
  type InputOutput,
  type InputSchema,
  type InputSchemaOutput,
  type KeyOf,
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
  serialize(query?: Where | QueryMethods | null): Promise<O[]>
  /** One row by key, serialised; 404 when absent. @example await ArticleSchema.init(1) */
  init(id: KeyOf<T>): Promise<O>
  /** Insert (no key) or update (key given); returns the key. Constraint violations are 409/400. @example const id = await ArticleSchema.save({ title, authorId }) */
  save(value: SaveValue<T>): Promise<KeyOf<T>>
  /** Save many rows in one transaction (all or nothing); returns their keys in order. @example await UserSchema.bulkSave([{ username: 'a' }, { username: 'b' }]) */
  bulkSave(values: readonly SaveValue<T>[]): Promise<KeyOf<T>[]>
  /**
   * A valibot schema for request bodies: the declared columns as the table inserts
   * them (plus the foreign keys of declared to-one relations, e.g. `authorId`).
   *
   * @example request.Body(ArticleSchema.input({ omit: ['id'] }))
   */
  input<const K extends string = never, P extends boolean = false>(
    options?: InputOptions<K> & { partial?: P },
  ): InputSchema<InputSchemaOutput<T, F, K, P>>
}

/**
 * An `orm.Schema`: a valibot schema of the serialised row, plus the query and save methods.
 *
 * @example
 * const UserSchema = orm.Schema(users, { id: true, username: true })
 */
export type OrmSchema<T extends PgTable, F> = v.GenericSchema<SchemaOutput<T, F>, SchemaOutput<T, F>> &
  AnyOrmSchema &
  SchemaMethods<T, F, SchemaOutput<T, F>> & {
    readonly '~ormOut'?: SchemaOutput<T, F>
    readonly '~ormIn'?: InputOutput<T, F>
  }

/** The serialised row type of a schema. @example type Article = orm.OutputOf<typeof ArticleSchema> */
export type OutputOf<S> = S extends { readonly '~ormOut'?: infer O } ? Exclude<O, undefined> : never
/** The body type of a schema's input. @example ({ article }: { article: orm.InputOf<typeof ArticleSchema> }) */
export type InputOf<S> = S extends { readonly '~ormIn'?: infer I } ? Exclude<I, undefined> : never

function isOrmSchema(value: unknown): value is AnyOrmSchema {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && DEF in value
}

function defOf(table: PgTable, fields: Record<string, FieldSpec>, db: string): SchemaDef {
  const def: SchemaDef = { table, db, columns: [], ones: [], manys: [], aggregates: [] }
  const columns = columnsOf(table)
  const name = getTableConfig(table).name
  for (const [key, spec] of Object.entries(fields)) {
    if (spec === true) {
      if (!(key in columns)) throw new ImproperlyConfigured(`orm.Schema(${name}): '${key}' is not a column`)
      def.columns.push(key)
    } else if (isAggregate(spec)) def.aggregates.push({ key, kind: spec['~ormAggregate'], relation: spec.relation })
    else if (Array.isArray(spec) && spec.length === 1 && isOrmSchema(spec[0])) def.manys.push({ key, def: spec[0][DEF] })
    else if (isOrmSchema(spec)) def.ones.push({ key, def: spec[DEF] })
    else throw new ImproperlyConfigured(`orm.Schema(${name}): field '${key}' must be true, a nested orm.Schema, [orm.Schema(...)], orm.Count or orm.Exists`)
  }
  return def
}

function entriesOf(def: SchemaDef, fields: Record<string, FieldSpec>): Record<string, v.GenericSchema> {
  const select = selectEntries(def.table)
  const entries: Record<string, v.GenericSchema> = {}
  for (const [key, spec] of Object.entries(fields)) {
    if (spec === true) entries[key] = select[key] as v.GenericSchema
    else if (isAggregate(spec)) entries[key] = spec['~ormAggregate'] === 'count' ? v.pipe(v.number(), v.integer()) : v.boolean()
    else if (Array.isArray(spec)) entries[key] = v.array(spec[0] as unknown as v.GenericSchema)
    else entries[key] = v.nullable(spec as unknown as v.GenericSchema)
  }
  return entries
}

function inputSchema(def: SchemaDef, options: InputOptions = {}): v.GenericSchema {
  const insert = insertEntries(def.table)
  const keys = new Set(def.columns)
  for (const { def: child } of def.ones) for (const key of foreignKeysTo(def.table, child.table)) keys.add(key)
  for (const key of options.omit ?? []) keys.delete(key)
  const entries: Record<string, v.GenericSchema> = {}
  for (const key of keys) {
    const entry = insert[key] as v.GenericSchema
    entries[key] = options.partial ? v.optional(entry) : entry
  }
  return v.object(entries)
}

/**
 * A declarative schema over a drizzle table (UtilMeta's `orm.Schema`): a valibot
 * schema of the serialised row, usable in `request.Body/Query/params` and as
 * `static result`, with `serialize`, `init`, `save`, `bulkSave` and `input`.
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
  options: { db?: string } = {},
): OrmSchema<T, F> {
  const def = defOf(table, fields, options.db ?? 'default')
  declareCheck(def.db, table, (module) => explain(`orm.Schema(${getTableConfig(table).name})`, () => findConfig(module, def)))
  const schema = v.object(entriesOf(def, fields))
  const database = () => databaseOf(def.db)

  async function serialize(query?: Where | QueryMethods | null): Promise<unknown[]> {
    const target = database()
    const db = await target.db()
    const config = findConfig(target.options.schema, def)
    const plan = planFor(target.options.schema, table, query)
    const tsName = tsNameOf(db, table)
    const finder = (db.query as unknown as Record<string, { findMany(config: object): Promise<unknown[]> }>)[tsName]
    if (!finder) throw new ImproperlyConfigured(`orm: table '${getTableConfig(table).name}' is not in the database's schema module`)
    return guarded(table, () => finder.findMany({ ...config, ...plan }))
  }

  const methods: SchemaMethods<T, F, unknown> & AnyOrmSchema = {
    [DEF]: def,
    table,
    serialize,
    async init(id) {
      const [row] = await serialize(keyCondition(table, id))
      if (row === undefined) throw new NotFound(`${getTableConfig(table).name} ${JSON.stringify(id)} does not exist`)
      return row
    },
    async save(value) {
      return (await save(await database().db(), table, value as Record<string, unknown>)) as KeyOf<T>
    },
    async bulkSave(values) {
      return (await bulkSave(await database().db(), table, values as unknown as Record<string, unknown>[])) as KeyOf<T>[]
    },
    input: (inputOptions) => inputSchema(def, inputOptions) as never,
  }
  return Object.assign(schema, methods) as unknown as OrmSchema<T, F>
}

function tsNameOf(db: { _: { tableNamesMap: Record<string, string> } }, table: PgTable): string {
  const { name, schema } = getTableConfig(table)
  return db._.tableNamesMap[`${schema ?? 'public'}.${name}`] ?? name
}
