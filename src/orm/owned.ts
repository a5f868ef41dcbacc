/**
 * Nested rows owned by their parent (orm/relsave.ts writes them): a row given with its key must
 * already belong to the parent; a refused related row may be skipped.
 */
import { and, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { BadRequest } from '../exceptions'
import { issueAt, pathText, type FieldPath, tablePlanOf } from './write-plan'
import { guarded } from './errors'
import type { Runner, SaveOptions } from './save'

export type Row = Record<string, unknown>

export /** One write in progress: where its statements run, with what options, and the check before each statement. */
interface Write {
  runner: Runner
  options: SaveOptions
  /** the `transactionTimeout` check, called before each statement */
  tick: () => void
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
  const plan = tablePlanOf(table)
  const pk = plan.columns[single] as PgColumn
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
    const message = `no ${plan.name} row with this key belongs to this ${relation.parent} row (a nested row is created without its key, or updated under its own parent)`
    throw new BadRequest(`${pathText(path)}: ${message}`, { errors: issueAt(path, message) })
  }
}
