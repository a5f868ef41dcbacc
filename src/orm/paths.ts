import { and, sql, type SQL } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { columnsOf, linkOf, type Link } from './relations'

type Module = Record<string, unknown>
/**
 * How a column of the current table is referenced: its drizzle column (root) or `"alias"."name"`.
 * `alias`: the table's alias in a subquery (absent at the root).
 */
export interface Ref {
  (key: string): SQL
  readonly alias?: string
}

/** A transform after a column: a date part or a JSON array index (`createdAt.year`, `tags.0`). */
export type Transform = 'year' | 'month' | 'day' | 'date' | number
const PARTS = new Set(['year', 'month', 'day', 'date'])

/** A dotted (or Django-style `__`) path resolved against the schema module. */
export interface Resolved {
  links: Link[]
  /** the table the relations end at */
  target: PgTable
  /** the column the path ends at, if any (a path of relations only has none) */
  key?: string
  column?: PgColumn
  transform?: Transform
  /** does a to-many relation occur on the way (the value is a list)? */
  many: boolean
}

/** Split `'author.username'` / `'author__username'` into segments. */
export function segmentsOf(path: string): string[] {
  return path.split(/\.|__/)
}

/** Resolve a path from `table`: relations, then optionally a column, then optionally one transform. */
export function resolvePath(module: Module, table: PgTable, path: string): Resolved {
  const links: Link[] = []
  let current = table
  let key: string | undefined
  let transform: Transform | undefined
  for (const segment of segmentsOf(path)) {
    if (key !== undefined) {
      if (transform === undefined && (PARTS.has(segment) || /^\d+$/.test(segment))) {
        transform = PARTS.has(segment) ? (segment as Transform) : Number(segment)
        continue
      }
      throw new ImproperlyConfigured(
        `orm: path '${path}': '${segment}' after column '${key}' is no transform (year, month, day, date or a list index)`,
      )
    }
    if (Object.hasOwn(columnsOf(current), segment)) {
      key = segment
      continue
    }
    let link: Link
    try {
      link = linkOf(module, current, segment)
    } catch (error) {
      throw error instanceof ImproperlyConfigured
        ? new ImproperlyConfigured(
            error.message.replace(/has no relation/, 'has no column or relation'),
          )
        : error
    }
    links.push(link)
    current = link.target
  }
  return {
    links,
    target: current,
    key,
    column: key === undefined ? undefined : columnsOf(current)[key],
    transform,
    many: links.some((link) => link.kind === 'many'),
  }
}

/** Postgres truncates identifiers past 63 bytes: a longer alias could collide with an enclosing one. */
const MAX_ALIAS = 63

/**
 * The alias of link `index` of a chain followed from `outer`: `fw_1`, `fw_2` from the root, `fw_2_1` from
 * `fw_2`. Derived from the enclosing alias, so it differs from every alias in scope (those have fewer
 * segments) without any counter shared between statements; sibling subqueries may reuse one, as SQL scopes
 * each to its subquery.
 */
function aliasOf(outer: Ref, index: number): string {
  const alias = `${outer.alias ?? 'fw'}_${index}`
  if (alias.length > MAX_ALIAS)
    throw new ImproperlyConfigured('orm: relations nested too deep for one statement')
  return alias
}

/** `"schema"."table" "alias"` */
export function tableSql(table: PgTable, alias: string): SQL {
  const { name, schema } = getTableConfig(table)
  const qualified = schema
    ? sql`${sql.identifier(schema)}.${sql.identifier(name)}`
    : sql.identifier(name)
  return sql`${qualified} ${sql.identifier(alias)}`
}

/** Columns of `table` under `alias`. */
export function aliasedRef(alias: string, table: PgTable): Ref {
  const columns = columnsOf(table)
  const ref = (key: string): SQL => {
    const column = columns[key]
    if (!column)
      throw new ImproperlyConfigured(`orm: '${getTableConfig(table).name}' has no column '${key}'`)
    return sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`
  }
  return Object.assign(ref, { alias })
}

/** `target.col = source.col and ...` for a relation followed from `ref`'s table, the target aliased. */
export function joinOn(link: Link, ref: Ref, alias: string): SQL {
  const parts = link.sourceKeys.map(
    (key, index) =>
      sql`${sql.identifier(alias)}.${sql.identifier((link.targetColumns[index] as PgColumn).name)} = ${ref(key)}`,
  )
  return and(...parts) as SQL
}

/** The `from ... join ... where <correlation>` of a path's relations, correlated to `outer`. */
export interface Chain {
  from: SQL
  where: SQL
  /** columns of the last table */
  last: Ref
  lastAlias: string
}

/** Build the joins of `links` from the row `outer` points at (at least one link). */
export function chainOf(links: readonly Link[], outer: Ref): Chain {
  const first = links[0]
  if (!first) throw new ImproperlyConfigured('orm: a relation path needs at least one relation')
  let alias = aliasOf(outer, 1)
  const from = sql`${tableSql(first.target, alias)}`
  const where = joinOn(first, outer, alias)
  let last = aliasedRef(alias, first.target)
  for (const [index, link] of links.slice(1).entries()) {
    const next = aliasOf(outer, index + 2)
    from.append(sql` join ${tableSql(link.target, next)} on ${joinOn(link, last, next)}`)
    alias = next
    last = aliasedRef(next, link.target)
  }
  return { from, where, last, lastAlias: alias }
}

/** A column value with its transform applied. */
export function transformed(value: SQL, transform: Transform | undefined): SQL {
  if (transform === undefined) return value
  if (typeof transform === 'number') return sql`(${value} ->> ${sql.raw(String(transform))})`
  if (transform === 'date') return sql`(${value})::date`
  return sql`extract(${sql.raw(transform)} from ${value})::int`
}
