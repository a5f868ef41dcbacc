import { and, eq, type SQL } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { BadRequest } from '../exceptions'
import { guarded } from './errors'
import { columnsOf, primaryKeysOf } from './relations'
import { assertSafe } from './safe'
import type { Db } from './database'
import type { SchemaDef } from './fields'
import type { WriteLimits } from './limits'
import { saveTree } from './relsave'
import type { Runner, SaveOptions } from './save'

type Row = Record<string, unknown>

/** What `save(value, { onConflict })` does when a row with the same unique key exists. */
export type OnConflict = 'ignore' | 'update'

/** The unique keys of a table (primary key first), as lists of TS column keys. */
export function uniqueKeysOf(table: PgTable): string[][] {
  const columns = columnsOf(table)
  const config = getTableConfig(table)
  const keyOf = (column: { name: string }): string | undefined =>
    Object.keys(columns).find((key) => columns[key]?.name === column.name)
  const sets: string[][] = [primaryKeysOf(table)]
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

/**
 * Insert `value`, or on a conflict with an existing row over the first unique
 * key the value gives in full (the primary key, then `.unique()` columns,
 * unique constraints and unique indexes): `'ignore'` keeps that row, `'update'`
 * sets the given columns on it (and stamps `$onUpdate` columns). Returns the
 * row's key either way: one `INSERT ... ON CONFLICT`, plus one `SELECT` when an
 * ignored row's key must be read.
 */
export async function upsert(
  runner: Runner,
  table: PgTable,
  value: Row,
  onConflict: OnConflict,
): Promise<unknown> {
  const name = getTableConfig(table).name
  assertSafe(value, 'body', name)
  const columns = columnsOf(table)
  const row: Row = {}
  for (const key of Object.keys(value))
    if (Object.hasOwn(columns, key) && value[key] !== undefined) row[key] = value[key]
  const uniques = uniqueKeysOf(table)
  const target = uniques.find((set) =>
    set.every((key) => row[key] !== undefined && row[key] !== null),
  )
  if (!target)
    throw new BadRequest(
      `${name}: save with onConflict needs the values of a unique key (${uniques.map((set) => set.join(' + ')).join(', ') || 'the table has none'})`,
      { errors: [{ in: 'body', name: '', path: [], message: 'no unique key given' }] },
    )
  const keys = primaryKeysOf(table)
  const returning = Object.fromEntries(keys.map((key) => [key, columns[key] as PgColumn]))
  const targetColumns = target.map((key) => columns[key] as PgColumn)
  const set: Row = Object.fromEntries(
    Object.entries(row).filter(([key]) => !target.includes(key) && !keys.includes(key)),
  )
  if (Object.keys(set).length > 0)
    for (const [key, column] of Object.entries(columns))
      if (column.onUpdateFn && !keys.includes(key) && set[key] === undefined)
        set[key] = column.onUpdateFn()
  return guarded(table, async () => {
    const insert = runner.insert(table).values(row)
    const written = (await (onConflict === 'update' && Object.keys(set).length > 0
      ? insert.onConflictDoUpdate({ target: targetColumns, set }).returning(returning)
      : insert.onConflictDoNothing({ target: targetColumns }).returning(returning))) as Row[]
    const found =
      written[0] ??
      (
        (await runner
          .select(returning)
          .from(table)
          .where(and(...target.map((key) => eq(columns[key] as PgColumn, row[key]))) as SQL)
          .limit(1)) as Row[]
      )[0]
    if (!found) throw new BadRequest(`${name}: the row was neither inserted nor found`)
    return keys.length === 1 ? found[keys[0] as string] : found
  })
}

/**
 * Options of `save()` for an upsert.
 *
 * @example
 * await TagSchema.save({ name: 'ts' }, { onConflict: 'ignore' })
 */
export interface UpsertOptions {
  /** a row with the same unique key exists: `'ignore'` keeps it, `'update'` sets the given columns on it (upsert); the key is returned either way */
  onConflict?: OnConflict
}

/** `save(value, { onConflict })`: the row upserted, then the relation fields it gives saved on it, in one transaction. */
export async function upsertTree(
  db: Db,
  module: Record<string, unknown>,
  def: SchemaDef,
  value: Row,
  options: SaveOptions & UpsertOptions,
  limits?: WriteLimits,
): Promise<unknown> {
  const onConflict = options.onConflict
  if (onConflict !== 'ignore' && onConflict !== 'update')
    throw new BadRequest(`save: onConflict must be 'ignore' or 'update'`)
  const relations = def.fields.filter(
    (field) =>
      (field.kind === 'path' || field.kind === 'nested') &&
      Array.isArray(value[field.out] ?? value[field.key]),
  )
  if (relations.length === 0 || options.relations === false)
    return upsert(db, def.table, value, onConflict)
  return db.transaction(async (tx) => {
    const key = await upsert(tx, def.table, value, onConflict)
    const keys = primaryKeysOf(def.table)
    const keyed: Row = keys.length === 1 ? { [keys[0] as string]: key } : { ...(key as Row) }
    for (const field of relations) keyed[field.out] = value[field.out] ?? value[field.key]
    const open = async (): Promise<Db> => tx as unknown as Db
    await saveTree(
      open,
      module,
      def,
      keyed,
      { ...options, transaction: false, mustCreate: false, mustUpdate: false },
      limits,
    )
    return key
  })
}
