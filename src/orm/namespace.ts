/** Everything `orm.*` names (the `orm` namespace of `fw-api/orm`). */
import {
  Database as DatabaseClass,
  DatabaseConnections as DatabaseConnectionsClass,
} from './database'
import { callable } from '../utils/callable'

export type { DatabaseOptions, Db } from './database'
/**
 * One database, opened lazily; called or with `new` (README, "One call form").
 *
 * @example
 * import * as tables from './tables'
 * const db = orm.Database({ name: 'blog', engine: 'pglite', schema: tables })
 */
const CallableDatabase = /* @__PURE__ */ callable(DatabaseClass)
/** An instance of `orm.Database`. @example const db: orm.Database = orm.Database({ schema: tables }) */
type CallableDatabase = DatabaseClass
/**
 * Database aliases for a service (`default` for schemas without `{ db }`); called or with `new`.
 *
 * @example
 * service.use(orm.DatabaseConnections({ default: orm.Database({ name: 'blog', engine: 'pglite', schema: tables }) }))
 */
const CallableDatabaseConnections = /* @__PURE__ */ callable(DatabaseConnectionsClass)
/** An instance of `orm.DatabaseConnections`. @example const connections: orm.DatabaseConnections = orm.DatabaseConnections({ default: db }) */
type CallableDatabaseConnections = DatabaseConnectionsClass
// Exported under another local name: the .d.ts bundler keeps both the value and the type
// of a renamed export in a namespace (`conf.Time(...)` and `t: conf.Time`), not of a same-named one.
export { CallableDatabase as Database, CallableDatabaseConnections as DatabaseConnections }
export { generateDdl, type GeneratedDdl } from './ddl'
export { generateSnapshot, type SnapshotSource } from './snapshot'
export { DatabaseError, mapDatabaseError } from './errors'
export { MissingPrimaryKey, type SaveOptions } from './save'
export type { Context } from './context'
export {
  Avg,
  Count,
  Exists,
  Max,
  Min,
  Sum,
  type Aggregate,
  type AggregateOptions,
  type Expression,
} from './expr'
export {
  Computed,
  Field,
  Order,
  Self,
  type BatchFn,
  type FieldDecl,
  type TypedField,
  type FieldOptions,
  type OrderTerm,
} from './fields'
export type { SerializeOptions } from './serialize'
export { Query } from './query-schema'
export type { QueryInput, QueryMethods, QuerySchema, QueryValue } from './query-value'
export {
  Filter,
  Limit,
  Offset,
  OrderBy,
  Page,
  Scope,
  Search,
  type Aliased,
  type FilterSpec,
  type OrderSpec,
  type QueryField,
  type QueryWhere,
  type ScopeSpec,
  type SearchSpec,
} from './query'
export { Schema, type InputOf, type OrmSchema, type OutputOf, type SchemaMethods } from './schema'
export type { FilterOp } from './sql'
export type { InputOptions, KeyOf, RelationInput, SaveValue, SchemaOutput, Where } from './types'

import type * as v from 'valibot'
/** The parsed value of an `orm.Query` (its fields and `count()`). @example ({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) */
export type QueryOf<Q> = Q extends v.GenericSchema<unknown, infer O> ? O : never
