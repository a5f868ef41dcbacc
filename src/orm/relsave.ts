import { and, inArray, not, type SQL } from 'drizzle-orm'
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import { checkWriteSize, deadlineOf, givenList, writable, type FieldPath } from './bounds'
import { WRITE_ROWS, type WriteLimits } from './limits'
import type { Db } from './database'
import { guarded } from './errors'
import {
  assertOwned,
  attempt,
  ownedBy,
  saveKeyList,
  type Module,
  type Row,
  type Write,
} from './owned'
import { declaredRow, scopeCondition, writeModeOf } from './declared'
import type { SchemaDef } from './fields'
import { columnsOf, primaryKeysOf } from './relations'
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
  open: () => Promise<Db>,
  module: Module,
  def: SchemaDef,
  value: Row,
  options: SaveOptions,
  limits: WriteLimits = { maxRows: WRITE_ROWS },
  where?: Row,
): Promise<unknown> {
  checkWriteSize(module, def, [value], {
    mustCreate: options.mustCreate,
    maxRows: limits.maxRows,
    listed: false,
    relations: options.relations !== false,
  })
  const db = await open()
  const tick = deadlineOf(limits.transactionTimeout)
  // `save(value, { where })`: an update by key changes the row only when it matches (else 404)
  const scope =
    where === undefined ? undefined : { where: scopeCondition(module, def, where), values: {} }
  const run = async (runner: Runner) => {
    const key = await saveNode({ runner, module, options, tick }, def, value, [], scope)
    tick() // past its bound, a write rolls back rather than commit
    return key
  }
  return options.transaction === false || !related(def, value, options)
    ? run(db)
    : db.transaction((tx) => run(tx))
}

/** Does `value` give a relation field (a list) that `save` would write? */
function related(def: SchemaDef, value: Row, options: SaveOptions): boolean {
  return (
    options.relations !== false &&
    def.fields.some(
      (field) =>
        (field.kind === 'path' || field.kind === 'nested') && givenList(field, value) !== undefined,
    )
  )
}

/**
 * `bulkSave`: rows without relation lists go through the one-`INSERT` path;
 * rows giving relation fields are saved as `save` saves them (key lists through
 * a junction, nested to-many rows), row by row, all in ONE transaction: any
 * failing row or relation rolls every row back. Returns the keys in input order.
 */
export async function bulkSaveTree(
  open: () => Promise<Db>,
  module: Module,
  def: SchemaDef,
  values: readonly Row[],
  options: SaveOptions,
  limits: WriteLimits = { maxRows: WRITE_ROWS },
): Promise<unknown[]> {
  checkWriteSize(module, def, values, {
    mustCreate: options.mustCreate,
    maxRows: limits.maxRows,
    listed: true,
    relations: options.relations !== false,
  })
  const db = await open()
  const tick = deadlineOf(limits.transactionTimeout)
  if (!values.some((value) => related(def, value, options)))
    return bulkSave(
      db,
      def.table,
      values.map((value, index) => declaredRow(def, value, [index])),
      options,
      tick,
    )
  const run = async (runner: Runner) => {
    const write: Write = { runner, module, options, tick }
    const keys: unknown[] = []
    for (const [index, value] of values.entries())
      keys.push(await saveNode(write, def, value, [index]))
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
  def: SchemaDef,
  value: Row,
  path: FieldPath,
  owner?: { where: SQL; values: Row },
): Promise<unknown> {
  const { runner, options } = write
  const mode = writeModeOf(def, value, options.mustCreate)
  const row = { ...declaredRow(def, value, path), ...owner?.values }
  write.tick()
  // an update that gives only its key and relation lists writes no row: it needs the row to exist (404), never inserts one
  const relationsOnly = mode === 'w' && keyOnly(def.table, row) && related(def, value, options)
  const key = relationsOnly
    ? await existingKey(runner, def.table, row)
    : await save(
        runner,
        def.table,
        row,
        { mustCreate: options.mustCreate, mustUpdate: options.mustUpdate },
        owner?.where,
      )
  if (options.relations !== false) await saveRelations(write, def, value, key, mode, path)
  return key
}

/** The relation fields `value` gives, saved under the row whose key is `key`. */
async function saveRelations(
  write: Write,
  def: SchemaDef,
  value: Row,
  key: unknown,
  mode: 'a' | 'w',
  path: FieldPath,
): Promise<void> {
  const keys = primaryKeysOf(def.table)
  const parent: Row = {
    ...value,
    ...(keys.length === 1 ? { [keys[0] as string]: key } : (key as Row)),
  }
  // a row inserted with a key the database made has no links yet (one given by the caller might)
  const generated =
    mode === 'a' &&
    keys.every(
      (name) => !def.columns.includes(name) || value[name] === undefined || value[name] === null,
    )
  for (const field of def.fields) {
    const list = givenList(field, value)
    const target = list && writable(write.module, def, field, mode)
    if (!list || !target) continue
    const owned = ownedBy(target.link, parent)
    if (target.column)
      await saveKeyList(write, target.link.target, target.column, owned, list, generated)
    else if (target.child)
      await saveChildren(
        write,
        { table: target.link.target, child: target.child, parent: def.name },
        owned,
        list,
        [...path, field.out],
      )
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
  relation: { table: PgTable; child: SchemaDef; parent: string },
  owned: { where: SQL; values: Row },
  list: unknown[],
  at: FieldPath,
): Promise<void> {
  const { runner, options } = write
  const { table } = relation
  const { child } = relation
  const rows = list.map((row) => ({ ...(row as Row), ...owned.values }))
  const [keyName, ...composite] = primaryKeysOf(table)
  const single = keyName !== undefined && composite.length === 0 ? keyName : undefined
  const kept =
    single === undefined
      ? []
      : rows.flatMap((row, index) =>
          writeModeOf(child, row) === 'w' ? [{ index, key: row[single] }] : [],
        )
  const pk = columnsOf(table)[keyName ?? 'id'] as PgColumn
  if (single !== undefined)
    await assertOwned(write, { table, parent: relation.parent, key: single }, owned.where, kept, at)
  write.tick()
  await guarded(table, () =>
    runner.delete(table).where(
      kept.length
        ? and(
            owned.where,
            not(
              inArray(
                pk,
                kept.map((item) => item.key),
              ),
            ),
          )
        : owned.where,
    ),
  )
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
