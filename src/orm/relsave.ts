import { and, inArray, not, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { WRITE_ROWS, type WriteLimits } from './limits'
import type { Db } from './database'
import {
  checkWriteSize,
  deadlineOf,
  declaredRow,
  scopeCondition,
  type FieldPath,
  givenList,
  ownedBy,
  writeModeOf,
  writePlanOf,
  type RelationWrite,
  type WritePlan,
} from './write-plan'
import { guarded } from './errors'
import { assertOwned, attempt, type Row, type Write } from './owned'
import {
  bulkSave,
  existingKey,
  insertMany,
  keyOnly,
  save,
  type Runner,
  type SaveOptions,
} from './save'

/**
 * Save a row and the relation fields its schema writes, in one transaction by
 * default: a key list (`followings: [2, 3]` through a junction) replaces the
 * parent's junction rows; nested rows of a to-many relation are inserted
 * (no key), updated (a key of a row that already belongs to this parent; any
 * other key is a 400 naming the field) or, when absent from the list, deleted;
 * nested rows save their own relations likewise. The value's lists are
 * checked against their `max` and `limits.maxRows` before any SQL (413),
 * before the database is even opened (`open`). `where` (`save(value, { where })`):
 * an update by key changes the row only when it also matches it, else 404.
 */
export async function saveTree(
  open: () => Db | Promise<Db>,
  plan: WritePlan,
  value: Row,
  options: SaveOptions,
  limits: WriteLimits = { maxRows: WRITE_ROWS },
  where?: Row,
): Promise<unknown> {
  checkWriteSize(plan, [value], {
    mustCreate: options.mustCreate,
    maxRows: limits.maxRows,
    listed: false,
    relations: options.relations !== false,
  })
  const db = await open()
  const tick = deadlineOf(limits.transactionTimeout)
  // `save(value, { where })`: an update by key changes the row only when it matches (else 404)
  const scope = where === undefined ? undefined : { where: scopeCondition(plan, where), values: {} }
  const run = async (runner: Runner) => {
    const key = await saveNode({ runner, options, tick }, plan, value, [], scope)
    tick() // past its bound, a write rolls back rather than commit
    return key
  }
  return options.transaction === false || !related(plan, value, options)
    ? run(db)
    : db.transaction((tx) => run(tx))
}

/** Does `value` give a relation field (a list) that `save` would write? */
function related(plan: WritePlan, value: Row, options: SaveOptions): boolean {
  return (
    options.relations !== false && plan.lists.some((field) => givenList(field, value) !== undefined)
  )
}

/**
 * `bulkSave`: rows without relation lists go through the one-`INSERT` path;
 * rows giving relation fields are saved as `save` saves them (key lists through
 * a junction, nested to-many rows), row by row, all in ONE transaction: any
 * failing row or relation rolls every row back. Returns the keys in input order.
 */
export async function bulkSaveTree(
  open: () => Db | Promise<Db>,
  plan: WritePlan,
  values: readonly Row[],
  options: SaveOptions,
  limits: WriteLimits = { maxRows: WRITE_ROWS },
): Promise<unknown[]> {
  checkWriteSize(plan, values, {
    mustCreate: options.mustCreate,
    maxRows: limits.maxRows,
    listed: true,
    relations: options.relations !== false,
  })
  const db = await open()
  const tick = deadlineOf(limits.transactionTimeout)
  if (!values.some((value) => related(plan, value, options)))
    return bulkSave(
      db,
      plan.def.table,
      values.map((value, index) => declaredRow(plan, value, [index])),
      options,
      tick,
    )
  const run = async (runner: Runner) => {
    const write: Write = { runner, options, tick }
    const keys: unknown[] = []
    for (const [index, value] of values.entries())
      keys.push(await saveNode(write, plan, value, [index]))
    tick()
    return keys
  }
  return options.transaction === false ? run(db) : db.transaction((tx) => run(tx))
}

/**
 * Save one row — only the columns its schema writes (`declaredRow`), plus
 * `owner.values` (a nested row's foreign key to its parent, set by fw); an
 * update also needs `owner.where` — then its relation fields.
 */
async function saveNode(
  write: Write,
  plan: WritePlan,
  value: Row,
  path: FieldPath,
  owner?: { where: SQL; values: Row },
): Promise<unknown> {
  const { runner, options } = write
  const table = plan.def.table
  const mode = writeModeOf(plan, value, options.mustCreate)
  const row = { ...declaredRow(plan, value, path), ...owner?.values }
  write.tick()
  // an update that gives only its key and relation lists writes no row: it needs the row to exist (404), never inserts one
  const relationsOnly = mode === 'w' && keyOnly(table, row) && related(plan, value, options)
  const key = relationsOnly
    ? await existingKey(runner, table, row)
    : await save(
        runner,
        table,
        row,
        { mustCreate: options.mustCreate, mustUpdate: options.mustUpdate },
        owner?.where,
      )
  if (options.relations !== false) await saveRelations(write, plan, value, key, mode, path)
  return key
}

/** The relation fields `value` gives, saved under the row whose key is `key`. */
async function saveRelations(
  write: Write,
  plan: WritePlan,
  value: Row,
  key: unknown,
  mode: 'a' | 'w',
  path: FieldPath,
): Promise<void> {
  if (plan.relations.length === 0) return
  const { keys } = plan.table
  const parent: Row = {
    ...value,
    ...(keys.length === 1 ? { [keys[0] as string]: key } : (key as Row)),
  }
  // a row inserted with a key the database made has no links yet (one given by the caller might)
  const generated =
    mode === 'a' &&
    keys.every(
      (name) =>
        !plan.def.columns.includes(name) || value[name] === undefined || value[name] === null,
    )
  for (const target of plan.relations) {
    const list = givenList(target.field, value)
    if (!list || !target.field.mode.includes(mode)) continue
    const owned = ownedBy(target, parent)
    if (target.column) await saveKeyList(write, target, target.column, owned, list, generated)
    else if (target.child)
      await saveChildren(
        write,
        { parent: plan, child: writePlanOf(plan.module, target.child) },
        owned,
        list,
        [...path, target.field.out],
      )
  }
}

/**
 * A key list (`following: [2, 3]`): delete the parent's junction rows not in it, insert the
 * missing ones; nothing else (`fresh`: a parent just inserted, only the insert).
 */
async function saveKeyList(
  write: Write,
  relation: RelationWrite,
  columnKey: string,
  owned: { where: SQL; values: Row },
  list: unknown[],
  fresh: boolean,
): Promise<void> {
  const { runner, options } = write
  const table = relation.link.target
  // a parent inserted by this save has no links yet: nothing to delete, nothing to read
  const existing = new Set<unknown>()
  if (!fresh) {
    const column = relation.keyColumn as PgColumn
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
 * Nested rows of a to-many relation: a row given with its key must already
 * belong to this parent (checked in SQL, and every update is scoped by the
 * foreign key), else 400 naming `field[index].key`; rows of the parent absent
 * from the list are deleted; rows without a key are inserted under the parent.
 */
async function saveChildren(
  write: Write,
  { parent, child }: { parent: WritePlan; child: WritePlan },
  owned: { where: SQL; values: Row },
  list: unknown[],
  at: FieldPath,
): Promise<void> {
  const { runner, options } = write
  const { table, keys } = child.table
  const rows = list.map((row) => ({ ...(row as Row), ...owned.values }))
  const [keyName, ...composite] = keys
  const single = keyName !== undefined && composite.length === 0 ? keyName : undefined
  const kept =
    single === undefined
      ? []
      : rows.flatMap((row, index) =>
          writeModeOf(child, row) === 'w' ? [{ index, key: row[single] }] : [],
        )
  const pk = child.table.columns[keyName ?? 'id'] as PgColumn
  if (single !== undefined)
    await assertOwned(write, { table, parent: parent.def.name, key: single }, owned.where, kept, at)
  write.tick()
  const keptKeys = kept.map((item) => item.key)
  const stale = kept.length ? and(owned.where, not(inArray(pk, keptKeys))) : owned.where
  await guarded(table, () => runner.delete(table).where(stale))
  const childWrite: Write = {
    ...write,
    options: { ...options, mustCreate: false, mustUpdate: false },
  }
  const fresh =
    single !== undefined && !options.ignoreRelationErrors
      ? rows.flatMap((row, index) => (writeModeOf(child, row) === 'w' ? [] : [index]))
      : []
  if (fresh.length > 0) {
    // rows without a key: one INSERT for the list, then the relations each of them gives
    const inserted = await insertMany(
      runner,
      table,
      fresh.map((index) => ({
        ...declaredRow(child, rows[index] as Row, [...at, index]),
        ...owned.values,
      })),
      write.tick,
    )
    for (const [position, index] of fresh.entries())
      await saveRelations(childWrite, child, rows[index] as Row, inserted[position], 'a', [
        ...at,
        index,
      ])
  }
  const isFresh = new Set(fresh)
  for (const [index, row] of rows.entries())
    if (!isFresh.has(index))
      await attempt(
        () => saveNode(childWrite, child, row, [...at, index], owned),
        options.ignoreRelationErrors,
      )
}
