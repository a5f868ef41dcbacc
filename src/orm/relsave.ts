import { and, eq, inArray, not, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { BadRequest } from '../exceptions'
import type { Db } from './database'
import { Self, type DefField, type SchemaDef } from './fields'
import { resolvePath } from './paths'
import { columnsOf, primaryKeysOf, type Link } from './relations'
import { bulkSave, hasKey, save, type Runner, type SaveOptions } from './save'

type Row = Record<string, unknown>
type Module = Record<string, unknown>

/** A relation field the schema writes in `mode`: a key list through a junction, or nested rows of a to-many relation. */
function writable(module: Module, def: SchemaDef, field: DefField, mode: 'a' | 'w'): { link: Link; column?: string; child?: SchemaDef } | undefined {
  if (!field.mode.includes(mode) || (field.kind !== 'path' && field.kind !== 'nested')) return undefined
  const resolved = resolvePath(module, def.table, field.path)
  const [link] = resolved.links
  if (!link || resolved.links.length !== 1 || link.kind !== 'many') return undefined
  if (field.kind === 'path') return resolved.key ? { link, column: resolved.key } : undefined
  return { link, child: field.child === Self ? def : field.child }
}

/** `fk = parent key` conditions of a to-many relation's rows. */
function ownedBy(link: Link, parent: Row): { where: SQL; values: Row } {
  const columns = columnsOf(link.target)
  const values: Row = {}
  const parts = link.targetColumns.map((column, index) => {
    const key = Object.keys(columns).find((candidate) => columns[candidate] === column) ?? column.name
    values[key] = parent[link.sourceKeys[index] as string]
    return eq(column as PgColumn, values[key])
  })
  return { where: and(...parts) as SQL, values }
}

async function attempt(run: () => Promise<unknown>, ignore: boolean | undefined): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (!ignore || !(error instanceof BadRequest)) throw error
  }
}

/**
 * Save a row and the relation fields its schema writes, in one transaction by
 * default: a key list (`followings: [2, 3]` through a junction) replaces the
 * parent's junction rows; nested rows of a to-many relation are inserted
 * (no key), updated (key) or, when absent from the list, deleted; nested rows
 * save their own relations likewise.
 */
export async function saveTree(db: Db, module: Module, def: SchemaDef, value: Row, options: SaveOptions): Promise<unknown> {
  const run = (runner: Runner) => saveNode(runner, module, def, value, options)
  return options.transaction === false || !related(def, value, options) ? run(db) : db.transaction((tx) => run(tx))
}

/** Does `value` give a relation field (a list) that `save` would write? */
function related(def: SchemaDef, value: Row, options: SaveOptions): boolean {
  return options.relations !== false && def.fields.some((field) => (field.kind === 'path' || field.kind === 'nested') && Array.isArray(value[field.out] ?? value[field.key]))
}

/**
 * `bulkSave`: rows without relation lists go through the one-`INSERT` path;
 * rows giving relation fields are saved as `save` saves them (key lists through
 * a junction, nested to-many rows), row by row, all in ONE transaction: any
 * failing row or relation rolls every row back. Returns the keys in input order.
 */
export async function bulkSaveTree(db: Db, module: Module, def: SchemaDef, values: readonly Row[], options: SaveOptions): Promise<unknown[]> {
  if (!values.some((value) => related(def, value, options))) return bulkSave(db, def.table, values, options)
  const run = async (runner: Runner) => {
    const keys: unknown[] = []
    for (const value of values) keys.push(await saveNode(runner, module, def, value, options))
    return keys
  }
  return options.transaction === false ? run(db) : db.transaction((tx) => run(tx))
}

async function saveNode(runner: Runner, module: Module, def: SchemaDef, value: Row, options: SaveOptions): Promise<unknown> {
  const mode = hasKey(def.table, value) && !options.mustCreate ? 'w' : 'a'
  const key = await save(runner, def.table, value, { mustCreate: options.mustCreate, mustUpdate: options.mustUpdate })
  if (options.relations === false) return key
  const keys = primaryKeysOf(def.table)
  const parent: Row = { ...value, ...(keys.length === 1 ? { [keys[0] as string]: key } : (key as Row)) }
  for (const field of def.fields) {
    const given = value[field.out] ?? value[field.key]
    const target = Array.isArray(given) ? writable(module, def, field, mode) : undefined
    if (!target) continue
    const { where, values } = ownedBy(target.link, parent)
    const table = target.link.target
    if (target.column) {
      const column = columnsOf(table)[target.column] as PgColumn
      const list = given as unknown[]
      await runner.delete(table).where(list.length ? and(where, not(inArray(column, list))) : where)
      const existing = new Set((await runner.select({ value: column }).from(table).where(where)).map((row) => row.value))
      for (const item of list) if (!existing.has(item)) await attempt(() => save(runner, table, { ...values, [target.column as string]: item }, { mustCreate: true }), options.ignoreRelationErrors)
      continue
    }
    const child = target.child as SchemaDef
    const childKeys = primaryKeysOf(table)
    const rows = (given as Row[]).map((row) => ({ ...row, ...values }))
    const kept = rows.flatMap((row) => (childKeys.length === 1 && row[childKeys[0] as string] !== undefined ? [row[childKeys[0] as string]] : []))
    const pk = columnsOf(table)[childKeys[0] ?? 'id'] as PgColumn
    await runner.delete(table).where(kept.length ? and(where, not(inArray(pk, kept))) : where)
    for (const row of rows) await attempt(() => saveNode(runner, module, child, row, { ...options, mustCreate: false, mustUpdate: false }), options.ignoreRelationErrors)
  }
  return key
}
