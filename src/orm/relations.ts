import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  getTableColumns,
  getTableUniqueName,
  normalizeRelation,
  One,
  type Column,
  type TableRelationalConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'

/** A relation followed from a source table: the join columns, by TS key on the source and by column on the target. */
export interface Link {
  kind: 'one' | 'many'
  target: PgTable
  /** join columns: `source[sourceKeys[i]] = target.targetColumns[i]` */
  sourceKeys: string[]
  targetColumns: Column[]
}

interface Resolved {
  tables: TablesRelationalConfig
  names: Record<string, string>
  links: Map<string, Link>
}

const cache = new WeakMap<object, Resolved>()

function resolve(schema: Record<string, unknown>): Resolved {
  let resolved = cache.get(schema)
  if (!resolved) {
    const { tables, tableNamesMap } = extractTablesRelationalConfig(
      schema,
      createTableRelationsHelpers,
    )
    resolved = { tables, names: tableNamesMap, links: new Map() }
    cache.set(schema, resolved)
  }
  return resolved
}

/** The relational config of a table in a drizzle schema module (its `tsName`, columns, relations). */
function tableConfigOf(schema: Record<string, unknown>, table: PgTable): TableRelationalConfig {
  const { tables, names } = resolve(schema)
  const tsName = names[getTableUniqueName(table)]
  const config = tsName === undefined ? undefined : tables[tsName]
  if (!config)
    throw new ImproperlyConfigured(
      `orm: table '${getTableConfig(table).name}' is not in the database's schema module`,
    )
  return config
}

/** Follow relation `name` of `table` (as declared with drizzle's `relations()`). */
export function linkOf(schema: Record<string, unknown>, table: PgTable, name: string): Link {
  const resolved = resolve(schema)
  const config = tableConfigOf(schema, table)
  const cacheKey = `${config.tsName}.${name}`
  const cached = resolved.links.get(cacheKey)
  if (cached) return cached
  const relation = Object.hasOwn(config.relations, name) ? config.relations[name] : undefined
  if (!relation) {
    const known = Object.keys(config.relations)
    throw new ImproperlyConfigured(
      `orm: '${config.tsName}' has no relation '${name}'${known.length ? ` (relations: ${known.join(', ')})` : ' (declare it with drizzle relations())'}`,
    )
  }
  const { fields, references } = normalizeRelation(resolved.tables, resolved.names, relation)
  const link: Link = {
    kind: relation instanceof One ? 'one' : 'many',
    target: relation.referencedTable as PgTable,
    sourceKeys: fields.map((column) => keyOfColumn(config, column)),
    targetColumns: references,
  }
  resolved.links.set(cacheKey, link)
  return link
}

function keyOfColumn(config: TableRelationalConfig, column: Column): string {
  for (const [key, candidate] of Object.entries(config.columns))
    if (candidate === column) return key
  throw new ImproperlyConfigured(
    `orm: column '${column.name}' is not a column of '${config.tsName}'`,
  )
}

const primaryKeys = new WeakMap<PgTable, readonly string[]>()

/** The primary-key columns of a table, by TS key (read once per table: a table's definition does not change). */
export function primaryKeysOf(table: PgTable): readonly string[] {
  let keys = primaryKeys.get(table)
  if (!keys) primaryKeys.set(table, (keys = Object.freeze(primaryKeysRead(table))))
  return keys
}

function primaryKeysRead(table: PgTable): string[] {
  const config = getTableConfig(table)
  const columns = Object.entries(columnsOf(table))
  const keys = columns.filter(([, column]) => column.primary).map(([key]) => key)
  if (keys.length > 0) return keys
  const composite = config.primaryKeys[0]
  // composite keys hold their own column objects: match by column name
  if (composite)
    return composite.columns.map(
      (column) =>
        columns.find(([, candidate]) => candidate.name === column.name)?.[0] ?? column.name,
    )
  return []
}

const uniqueKeys = new WeakMap<PgTable, readonly (readonly string[])[]>()

/**
 * The unique keys of a table (primary key first), as lists of TS column keys: read once per
 * table, as its primary key is (what `onConflict` upserts match rows on).
 */
export function uniqueKeysOf(table: PgTable): readonly (readonly string[])[] {
  let keys = uniqueKeys.get(table)
  if (!keys) uniqueKeys.set(table, (keys = Object.freeze(uniqueKeysRead(table))))
  return keys
}

function uniqueKeysRead(table: PgTable): string[][] {
  const columns = columnsOf(table)
  const config = getTableConfig(table)
  const keyOf = (column: { name: string }): string | undefined =>
    Object.keys(columns).find((key) => columns[key]?.name === column.name)
  const sets: string[][] = [[...primaryKeysOf(table)]]
  for (const [key, column] of Object.entries(columns)) if (column.isUnique) sets.push([key])
  for (const constraint of config.uniqueConstraints)
    sets.push(constraint.columns.map(keyOf).filter((key) => key !== undefined))
  for (const index of config.indexes) {
    if (!index.config.unique || index.config.where) continue
    const keys = index.config.columns.map((column) =>
      'name' in column && typeof column.name === 'string'
        ? keyOf(column as { name: string })
        : undefined,
    )
    if (keys.every((key) => key !== undefined)) sets.push(keys as string[])
  }
  return sets.filter((set) => set.length > 0)
}

const columnMaps = new WeakMap<PgTable, Record<string, PgColumn>>()

/** The columns of a table by TS key (a null-prototype map: `toString` is no column). */
export function columnsOf(table: PgTable): Record<string, PgColumn> {
  let columns = columnMaps.get(table)
  if (!columns)
    columnMaps.set(
      table,
      (columns = Object.assign(
        Object.create(null) as Record<string, PgColumn>,
        getTableColumns(table),
      )),
    )
  return columns
}

/**
 * The FK columns (TS keys) of `table` that reference `target`, from `.references()`
 * in the table definition; used to let an input schema take `authorId` for `author`.
 */
export function foreignKeysTo(table: PgTable, target: PgTable): string[] {
  const columns = Object.entries(columnsOf(table))
  const found: string[] = []
  for (const foreignKey of getTableConfig(table).foreignKeys) {
    const reference = foreignKey.reference()
    if (reference.foreignTable !== target) continue
    for (const column of reference.columns) {
      const key = columns.find(
        ([, candidate]) => candidate === column || candidate.name === column.name,
      )?.[0]
      if (key && !found.includes(key)) found.push(key)
    }
  }
  return found
}

/** The TS keys of every foreign-key column of `table` (its owner columns: `authorId`, `ownerId`). */
export function foreignKeyColumnsOf(table: PgTable): string[] {
  const names = new Set(
    getTableConfig(table).foreignKeys.flatMap((foreignKey) =>
      foreignKey.reference().columns.map((column) => column.name),
    ),
  )
  return Object.entries(columnsOf(table))
    .filter(([, column]) => names.has(column.name))
    .map(([key]) => key)
}
