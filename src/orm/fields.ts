import type { PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'

/**
 * `orm.Count(rel)` / `orm.Exists(rel)`: an aggregate over a relation, computed in SQL.
 *
 * @example
 * orm.Schema(users, { id: true, followers: orm.Count('followers'), hasArticles: orm.Exists('articles') })
 */
export interface Aggregate<Kind extends 'count' | 'exists'> {
  readonly '~ormAggregate': Kind
  readonly relation: string
}

/**
 * The number of related rows, as a SQL `count(*)` subquery (never a client loop).
 *
 * @example
 * const UserSchema = orm.Schema(users, { id: true, articlesNum: orm.Count('articles') })
 */
export function Count(relation: string): Aggregate<'count'> {
  return { '~ormAggregate': 'count', relation }
}

/**
 * Whether any related row exists, as a SQL `exists (...)` subquery.
 *
 * @example
 * const UserSchema = orm.Schema(users, { id: true, hasArticles: orm.Exists('articles') })
 */
export function Exists(relation: string): Aggregate<'exists'> {
  return { '~ormAggregate': 'exists', relation }
}

/** Is this value an `orm.Count` / `orm.Exists`? */
export function isAggregate(value: unknown): value is Aggregate<'count' | 'exists'> {
  return typeof value === 'object' && value !== null && '~ormAggregate' in value
}

/** What a schema declares, in the form serialize/save read (internal). */
export interface SchemaDef {
  table: PgTable
  /** database alias */
  db: string
  columns: string[]
  ones: { key: string; def: SchemaDef }[]
  manys: { key: string; def: SchemaDef }[]
  aggregates: { key: string; kind: 'count' | 'exists'; relation: string }[]
}

/** Run a declaration check, prefixing its `ImproperlyConfigured` message with what was declared. */
export function explain<T>(what: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof ImproperlyConfigured) throw new ImproperlyConfigured(`${what}: ${error.message.replace(/^orm: /, '')}`)
    throw error
  }
}
