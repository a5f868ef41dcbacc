/** Everything `orm.*` names (the `orm` namespace of `fw-api/orm`). */
export { Database, DatabaseConnections, type DatabaseOptions, type Db } from './database'
export { DatabaseError, mapDatabaseError } from './errors'
export { Count, Exists, type Aggregate } from './fields'
export { Query, type QueryMethods, type QuerySchema, type QueryValue } from './plan'
export { Filter, Limit, Offset, OrderBy, Page, type FilterSpec, type OrderSpec, type QueryField } from './query'
export { Schema, type InputOf, type OrmSchema, type OutputOf, type SchemaMethods } from './schema'
export type { FilterOp } from './sql'
export type { InputOptions, KeyOf, SaveValue, SchemaOutput, Where } from './types'

import type * as v from 'valibot'
/** The parsed value of an `orm.Query` (its fields and `count()`). @example ({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) */
export type QueryOf<Q> = Q extends v.GenericSchema<unknown, infer O> ? O : never
