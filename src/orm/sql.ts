import { and, sql, type Column, type SQL } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import type { SchemaDef } from './fields'
import { columnsOf, linkOf, type Link } from './relations'

/**
 * Filter operators of `orm.Filter(path, op)`.
 *
 * @example
 * orm.Filter('views', 'gte') // FilterOp: eq, ne, gt, gte, lt, lte, in, contains, icontains, startsWith, isNull
 */
export type FilterOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'contains' | 'icontains' | 'startsWith' | 'isNull'

type Schema = Record<string, unknown>
/** How a column of the current table is referenced: its drizzle column (root) or `"alias"."name"`. */
type Ref = (key: string) => SQL | Column

let aliases = 0
const nextAlias = (): string => `fw_${(aliases = (aliases + 1) % 1e6).toString(36)}`

function tableSql(table: PgTable, alias: string): SQL {
  const { name, schema } = getTableConfig(table)
  const qualified = schema ? sql`${sql.identifier(schema)}.${sql.identifier(name)}` : sql.identifier(name)
  return sql`${qualified} ${sql.identifier(alias)}`
}

function aliasedRef(alias: string, table: PgTable): Ref {
  const columns = columnsOf(table)
  return (key) => {
    const column = columns[key]
    if (!column) throw new ImproperlyConfigured(`orm: '${getTableConfig(table).name}' has no column '${key}'`)
    return sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`
  }
}

/** `target.col = source.col and ...` for a relation followed from `ref`'s table, the target aliased. */
function joinOn(link: Link, ref: Ref, alias: string): SQL {
  const parts = link.sourceKeys.map((key, index) => {
    const target = link.targetColumns[index] as Column
    return sql`${sql.identifier(alias)}.${sql.identifier(target.name)} = ${ref(key)}`
  })
  return and(...parts) as SQL
}

/** A count / exists subquery over a relation of the row `ref` points at. */
function aggregateSql(schema: Schema, table: PgTable, kind: 'count' | 'exists', relation: string, ref: Ref): SQL {
  const link = linkOf(schema, table, relation)
  const alias = nextAlias()
  const from = sql`from ${tableSql(link.target, alias)} where ${joinOn(link, ref, alias)}`
  return kind === 'count' ? sql`(select count(*)::int ${from})` : sql`exists (select 1 ${from})`
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function compare(column: Column, target: SQL | Column, op: FilterOp, value: unknown): SQL {
  const param = (item: unknown): SQL => sql`${sql.param(item, column)}`
  switch (op) {
    case 'eq': return value === null ? sql`${target} is null` : sql`${target} = ${param(value)}`
    case 'ne': return value === null ? sql`${target} is not null` : sql`${target} is distinct from ${param(value)}`
    case 'gt': return sql`${target} > ${param(value)}`
    case 'gte': return sql`${target} >= ${param(value)}`
    case 'lt': return sql`${target} < ${param(value)}`
    case 'lte': return sql`${target} <= ${param(value)}`
    case 'in': {
      const list = Array.isArray(value) ? value : [value]
      return list.length === 0 ? sql`false` : sql`${target} in (${sql.join(list.map(param), sql`, `)})`
    }
    case 'contains': return sql`${target}::text like ${`%${escapeLike(String(value))}%`}`
    case 'icontains': return sql`${target}::text ilike ${`%${escapeLike(String(value))}%`}`
    case 'startsWith': return sql`${target}::text like ${`${escapeLike(String(value))}%`}`
    case 'isNull': return value ? sql`${target} is null` : sql`${target} is not null`
  }
}

/** The column a dotted path ends at, and the tables it goes through. */
export function pathTarget(schema: Schema, table: PgTable, path: string): { column: Column; key: string; links: Link[] } {
  const segments = path.split('.')
  const key = segments.pop() as string
  const links: Link[] = []
  let current = table
  for (const name of segments) {
    const link = linkOf(schema, current, name)
    links.push(link)
    current = link.target
  }
  const column = columnsOf(current)[key]
  if (!column) throw new ImproperlyConfigured(`orm: filter path '${path}': '${getTableConfig(current).name}' has no column '${key}'`)
  return { column, key, links }
}

/**
 * A condition on a dotted path from `table` (`'title'`, `'author.username'`,
 * `'comments.author.username'`): relation hops become `exists` subqueries, so a
 * to-many path never duplicates rows.
 */
export function pathCondition(schema: Schema, table: PgTable, path: string, op: FilterOp, value: unknown, ref: Ref): SQL {
  const { column, key, links } = pathTarget(schema, table, path)
  const build = (index: number, current: Ref): SQL => {
    const link = links[index]
    if (!link) return compare(column, current(key), op, value)
    const alias = nextAlias()
    const inner = build(index + 1, aliasedRef(alias, link.target))
    return sql`exists (select 1 from ${tableSql(link.target, alias)} where ${joinOn(link, current, alias)} and ${inner})`
  }
  return build(0, ref)
}

/** drizzle's relational query config (`columns`, `with`, `extras`) for a schema: one SQL statement in all. */
export interface FindConfig {
  columns: Record<string, true>
  with?: Record<string, FindConfig>
  extras?: (table: Record<string, Column>) => Record<string, SQL.Aliased>
}

const configs = new WeakMap<Schema, WeakMap<SchemaDef, FindConfig>>()

/** Build (once per database schema module) the relational query config of a schema. */
export function findConfig(schema: Schema, def: SchemaDef): FindConfig {
  let perSchema = configs.get(schema)
  if (!perSchema) configs.set(schema, (perSchema = new WeakMap()))
  let config = perSchema.get(def)
  if (config) return config
  config = { columns: Object.fromEntries(def.columns.map((key) => [key, true])) }
  const nested = [...def.ones, ...def.manys]
  if (nested.length > 0) {
    config.with = {}
    for (const { key, def: child } of nested) {
      const link = linkOf(schema, def.table, key)
      if (link.target !== child.table) throw new ImproperlyConfigured(`orm: relation '${key}' leads to '${getTableConfig(link.target).name}', but its schema is over '${getTableConfig(child.table).name}'`)
      config.with[key] = findConfig(schema, child)
    }
  }
  const aggregates = def.aggregates
  if (aggregates.length > 0) {
    for (const { relation } of aggregates) linkOf(schema, def.table, relation) // fail at the first serialize, clearly
    config.extras = (row) => {
      const ref: Ref = (key) => row[key] as Column
      return Object.fromEntries(aggregates.map(({ key, kind, relation }) => [key, aggregateSql(schema, def.table, kind, relation, ref).as(key)]))
    }
  }
  perSchema.set(def, config)
  return config
}
