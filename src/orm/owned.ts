import { and, eq, inArray, not, type SQL } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { BadRequest } from '../exceptions'
import { issueAt, pathText, type FieldPath } from './bounds'
import { guarded } from './errors'
import { columnsOf, type Link } from './relations'
import { insertMany, save, type Runner, type SaveOptions } from './save'

export type Row = Record<string, unknown>
export type Module = Record<string, unknown>

export /** One write in progress: where its statements run, with what options, and the check before each statement. */
interface Write {
  runner: Runner
  module: Module
  options: SaveOptions
  /** the `transactionTimeout` check, called before each statement */
  tick: () => void
}

export /** `fk = parent key` conditions of a to-many relation's rows. */
function ownedBy(link: Link, parent: Row): { where: SQL; values: Row } {
  const columns = columnsOf(link.target)
  const values: Row = {}
  const parts = link.targetColumns.map((column, index) => {
    const key =
      Object.keys(columns).find((candidate) => columns[candidate] === column) ?? column.name
    values[key] = parent[link.sourceKeys[index] as string]
    return eq(column as PgColumn, values[key])
  })
  return { where: and(...parts) as SQL, values }
}

/** Run `run`; with `ignore`, a 400 it throws is skipped. */
export async function attempt(
  run: () => Promise<unknown>,
  ignore: boolean | undefined,
): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (!ignore || !(error instanceof BadRequest)) throw error
  }
}

export /** A key list (`following: [2, 3]`): delete the parent's junction rows not in it, insert the missing ones; nothing else (`fresh`: a parent just inserted, only the insert). */
async function saveKeyList(
  write: Write,
  table: PgTable,
  columnKey: string,
  owned: { where: SQL; values: Row },
  list: unknown[],
  fresh = false,
): Promise<void> {
  const { runner, options } = write
  const column = columnsOf(table)[columnKey] as PgColumn
  // a parent inserted by this save has no links yet: nothing to delete, nothing to read
  const existing = new Set<unknown>()
  if (!fresh) {
    write.tick()
    await guarded(table, () =>
      runner
        .delete(table)
        .where(list.length ? and(owned.where, not(inArray(column, list))) : owned.where),
    )
    write.tick()
    for (const row of await guarded(table, () =>
      runner.select({ value: column }).from(table).where(owned.where),
    ))
      existing.add(row.value)
  }
  const missing = [...new Set(list)]
    .filter((item) => !existing.has(item))
    .map((item) => ({ ...owned.values, [columnKey]: item }))
  // one INSERT for the missing links; row by row only where a refused one is to be skipped
  if (!options.ignoreRelationErrors) {
    if (missing.length > 0) await insertMany(runner, table, missing, write.tick)
    return
  }
  for (const row of missing) {
    write.tick()
    await attempt(() => save(runner, table, row, { mustCreate: true }), true)
  }
}

/**
 * Every nested row given with its key (`kept`) must already belong to the parent
 * (`owned`): else a 400 naming `field[index].key`.
 */
export async function assertOwned(
  write: Write,
  relation: { table: PgTable; parent: string; key: string },
  owned: SQL,
  kept: { index: number; key: unknown }[],
  at: FieldPath,
): Promise<void> {
  if (kept.length === 0) return
  const { runner } = write
  const { table, key: single } = relation
  const pk = columnsOf(table)[single] as PgColumn
  write.tick()
  const found = await guarded(table, () =>
    runner
      .select({ key: pk })
      .from(table)
      .where(
        and(
          owned,
          inArray(
            pk,
            kept.map((item) => item.key),
          ),
        ),
      ),
  )
  const belonging = new Set(found.map((row) => String(row.key)))
  const stranger = kept.find((item) => !belonging.has(String(item.key)))
  if (stranger) {
    const path = [...at, stranger.index, single]
    const message = `no ${getTableConfig(table).name} row with this key belongs to this ${relation.parent} row (a nested row is created without its key, or updated under its own parent)`
    throw new BadRequest(`${pathText(path)}: ${message}`, { errors: issueAt(path, message) })
  }
}
