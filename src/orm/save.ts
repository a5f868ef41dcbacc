import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { BadRequest, Conflict, NotFound } from '../exceptions'
import type { Db } from './database'
import { guarded } from './errors'
import { keyGiven, tablePlanOf, type TablePlan } from './write-plan'

type Row = Record<string, unknown>
/** A drizzle database or a transaction on one (both insert/update the same way). */
export type Runner = Pick<Db, 'insert' | 'update' | 'delete' | 'select'>

/**
 * Only the table's columns, without `undefined` (nested objects and aggregates of a serialised
 * row are dropped). The rows come from the schema's declared row (orm/write-plan.ts), its values
 * already checked (`assertSafe`, column types).
 */
function columnValues(plan: TablePlan, value: Row): Row {
  const out: Row = {}
  for (const key of Object.keys(value))
    if (Object.hasOwn(plan.columns, key) && value[key] !== undefined) out[key] = value[key]
  // a column with drizzle's `$onUpdate` is stamped on every save, as Django's auto_now (`updatedAt`)
  for (const [key, column] of plan.stamped) out[key] = column.onUpdateFn?.()
  return out
}

/** On insert, a `$onUpdate` column the value does not give takes its database default, as `createdAt` does (so both agree). */
function insertValues(plan: TablePlan, value: Row, row: Row): Row {
  if (plan.insertDefaults.length === 0) return row
  const out: Row = { ...row }
  for (const key of plan.insertDefaults) if (value[key] === undefined) delete out[key]
  return out
}

/**
 * Insert `rows`; the rows of their keys, in order. A table without a primary key has no key to
 * return: its insert has no `RETURNING` (one of no column is a syntax error), each key is `{}`.
 */
async function insertReturning(runner: Runner, plan: TablePlan, rows: Row[]): Promise<Row[]> {
  if (plan.keys.length > 0)
    return (await runner.insert(plan.table).values(rows).returning(plan.returning)) as Row[]
  await runner.insert(plan.table).values(rows)
  return rows.map(() => ({}))
}

function keyOf(plan: TablePlan, row: Row): unknown {
  if (plan.keys.length === 1) return row[plan.keys[0] as string]
  return Object.fromEntries(plan.keys.map((key) => [key, row[key]]))
}

/** `pk = value` (or every column of a composite key). */
export function keyCondition(table: PgTable, id: unknown): SQL {
  const plan = tablePlanOf(table)
  if (plan.keys.length === 0)
    throw new BadRequest(`${plan.name} has no primary key: select its rows by a where-object`)
  const values: Row =
    plan.keys.length === 1 ? { [plan.keys[0] as string]: id } : ((id ?? {}) as Row)
  return and(...plan.keys.map((key) => eq(plan.columns[key] as PgColumn, values[key]))) as SQL
}

async function saveOne(runner: Runner, plan: TablePlan, value: Row, scope?: SQL): Promise<unknown> {
  const row = columnValues(plan, value)
  if (!keyGiven(plan, row)) {
    const [inserted] = await insertReturning(runner, plan, [insertValues(plan, value, row)])
    return keyOf(plan, inserted ?? {})
  }
  const set = Object.fromEntries(Object.entries(row).filter(([key]) => !plan.keys.includes(key)))
  if (Object.keys(set).length === 0) {
    // A row that is only its key (a link row such as a follow): insert it if absent.
    await runner.insert(plan.table).values(row).onConflictDoNothing()
    return keyOf(plan, row)
  }
  const where = scope
    ? and(keyCondition(plan.table, keyOf(plan, row)), scope)
    : keyCondition(plan.table, keyOf(plan, row))
  const updated = (await runner
    .update(plan.table)
    .set(set)
    .where(where)
    .returning(plan.returning)) as Row[]
  if (updated.length === 0)
    throw new NotFound(`${plan.name} ${JSON.stringify(keyOf(plan, row))} does not exist`)
  return keyOf(plan, row)
}

/**
 * Options of `save()`.
 *
 * @example
 * await ArticleSchema.save(article, { mustCreate: true }) // a key that exists: 400
 */
export interface SaveOptions {
  /** insert even with a key (a row with that key already existing is a 400) */
  mustCreate?: boolean
  /** update only: a value without its key throws `orm.MissingPrimaryKey` */
  mustUpdate?: boolean
  /** also save the relation fields the schema writes (key lists, nested rows); default true */
  relations?: boolean
  /** run the row and its relations in one transaction; default true */
  transaction?: boolean
  /** skip related rows the database refuses (a missing key), instead of failing the save */
  ignoreRelationErrors?: boolean
}

/**
 * `save(value, { mustUpdate: true })` without the primary key (a 400).
 *
 * @example
 * try { await S.save({ title }, { mustUpdate: true }) } catch (error) { if (error instanceof orm.MissingPrimaryKey) ... }
 */
export class MissingPrimaryKey extends BadRequest {}

/**
 * Insert (no key) or update (key given) one row; returns its key. Constraint errors become 409/400.
 * `scope`: an update also needs this condition (a nested row: its foreign key to the parent), else 404.
 */
export function save(
  runner: Runner,
  table: PgTable,
  value: Row,
  options: SaveOptions = {},
  scope?: SQL,
): Promise<unknown> {
  const plan = tablePlanOf(table)
  if (options.mustUpdate && !keyGiven(plan, value))
    throw new MissingPrimaryKey(`${plan.name}: an update needs the primary key`)
  if (options.mustCreate) {
    return guarded(table, async () => {
      const row = insertValues(plan, value, columnValues(plan, value))
      const [inserted] = await insertReturning(runner, plan, [row])
      return keyOf(plan, inserted ?? {})
    }).catch((error: unknown) => {
      throw error instanceof Conflict
        ? new BadRequest(error.message, { errors: error.errors, cause: error.cause })
        : error
    })
  }
  return saveOne(runner, plan, value, scope).catch(plan.rethrow)
}

/** Postgres takes at most 65 535 bound values per statement: a multi-row insert is cut into chunks under it. */
const MAX_PARAMETERS = 65_535

/**
 * Insert rows without a key with one `INSERT` (per chunk of 65 535 values);
 * returns their keys in input order. `beforeStatement` runs before each one.
 */
export async function insertMany(
  runner: Runner,
  table: PgTable,
  values: readonly Row[],
  beforeStatement: () => void,
): Promise<unknown[]> {
  const plan = tablePlanOf(table)
  const rows = values.map((value) => columnValues(plan, value))
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / plan.width))
  const keys: unknown[] = []
  for (let start = 0; start < rows.length; start += size) {
    beforeStatement()
    const inserted = await insertReturning(runner, plan, rows.slice(start, start + size)).catch(
      plan.rethrow,
    )
    keys.push(...inserted.map((row) => keyOf(plan, row)))
  }
  return keys
}

/** Is `value`, as a row of `table`, its primary key and nothing else (no column to set)? */
export function keyOnly(table: PgTable, value: Row): boolean {
  const plan = tablePlanOf(table)
  const row = columnValues(plan, value)
  return keyGiven(plan, row) && Object.keys(row).every((key) => plan.keys.includes(key))
}

/** The key of `value` when a row of `table` has it, else 404 (an update of relations only writes no row). */
export async function existingKey(runner: Runner, table: PgTable, value: Row): Promise<unknown> {
  const plan = tablePlanOf(table)
  const key = keyOf(plan, columnValues(plan, value))
  const found = await guarded(table, () =>
    runner.select(plan.returning).from(plan.table).where(keyCondition(table, key)).limit(1),
  )
  if (found.length === 0) throw new NotFound(`${plan.name} ${JSON.stringify(key)} does not exist`)
  return key
}

/**
 * Save many rows in ONE transaction: rows without a key are inserted with one
 * `INSERT`, keyed rows are updated; any failure rolls everything back.
 * Returns the keys in input order. `beforeStatement` runs before each statement
 * of the transaction (the `transactionTimeout` check).
 */
export function bulkSave(
  db: Db,
  table: PgTable,
  values: readonly Row[],
  options: SaveOptions = {},
  beforeStatement: () => void = () => {},
): Promise<unknown[]> {
  const plan = tablePlanOf(table)
  if (values.length === 0) return Promise.resolve([])
  return guarded(table, () =>
    db.transaction(async (tx) => {
      beforeStatement()
      const rows = values.map((value) => columnValues(plan, value))
      const keys = new Array<unknown>(rows.length)
      const fresh = rows.flatMap((row, index) =>
        keyGiven(plan, row) && !options.mustCreate ? [] : [index],
      )
      if (fresh.length > 0) {
        const inserted = await insertReturning(
          tx,
          plan,
          fresh.map((index) => insertValues(plan, values[index] as Row, rows[index] as Row)),
        )
        fresh.forEach((index, position) => (keys[index] = keyOf(plan, inserted[position] ?? {})))
      }
      for (const [index, row] of rows.entries()) {
        if (keys[index] !== undefined || !keyGiven(plan, row)) continue
        beforeStatement()
        keys[index] = await saveOne(tx, plan, row)
      }
      beforeStatement() // and before COMMIT: past its bound, the transaction rolls back
      return keys
    }),
  )
}
