/** Everything `orm.*` names (the `orm` namespace of `fw-api/orm`). */
export { Database, DatabaseConnections, type DatabaseOptions, type Db } from './database'
export { DatabaseError, mapDatabaseError } from './errors'
export { MissingPrimaryKey, type SaveOptions } from './save'
export { Avg, Count, Exists, Max, Min, Sum, type Aggregate, type AggregateOptions, type Context, type Expression } from './expr'
export { Computed, Field, Order, Self, type BatchFn, type FieldDecl, type FieldOptions, type OrderTerm } from './fields'
export type { SerializeOptions } from './serialize'
export { Query, type QueryMethods, type QuerySchema, type QueryValue } from './plan'
export { Filter, Limit, Offset, OrderBy, Page, Scope, Search, type FilterSpec, type OrderSpec, type QueryField, type QueryWhere, type ScopeSpec, type SearchSpec } from './query'
export { Schema, type InputOf, type OrmSchema, type OutputOf, type SchemaMethods } from './schema'
export type { FilterOp } from './sql'
export type { InputOptions, KeyOf, SaveValue, SchemaOutput, Where } from './types'

import type * as v from 'valibot'
/** The parsed value of an `orm.Query` (its fields and `count()`). @example ({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) */
export type QueryOf<Q> = Q extends v.GenericSchema<unknown, infer O> ? O : never
