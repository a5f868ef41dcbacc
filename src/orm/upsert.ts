import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { BadRequest, Conflict } from '../exceptions'
import {
  declaredRow,
  scopeCondition,
  givenList,
  tablePlanOf,
  writePlanOf,
  type WritePlan,
} from './write-plan'
import { guarded } from './errors'
import { assertSafe } from './safe'
import type { Db } from './database'
import type { SchemaDef } from './fields'
import type { WriteLimits } from './limits'
import { saveTree } from './relsave'
import type { Runner, SaveOptions } from './save'

type Row = Record<string, unknown>

/** What `save(value, { onConflict })` does when a row with the same unique key exists. */
export type OnConflict = 'ignore' | 'update'

/** What an upsert may change on a conflicting row, and which rows it may touch. */
export interface UpsertScope {
  /** the columns the conflict update may set (the schema's declared columns); every given column when absent */
  updatable?: ReadonlySet<string>
  /** a condition the conflicting row must meet (`save(value, { where })`), besides keeping its foreign keys */
  where?: SQL
}

/**
 * Insert `value`, or on a conflict with an existing row over the first unique
 * key the value gives in full (the primary key, then `.unique()` columns,
 * unique constraints and unique indexes): `'ignore'` keeps that row, `'update'`
 * sets the given columns on it (and stamps `$onUpdate` columns). Returns the
 * row's key either way: one `INSERT ... ON CONFLICT`, plus one `SELECT` when an
 * ignored row's key must be read.
 *
 * Scoped (SPEC §10.2): the conflicting row is this write's only when it has
 * the foreign keys the value gives outside the conflict key (an upsert never
 * re-parents: `ownerId: me` never takes over another owner's row) and matches
 * `scope.where`; otherwise nothing is written and it is a 409, as a plain
 * insert of a taken unique value is — for `'ignore'` too (its key, and the
 * relations saved under it, would be another owner's).
 */
export async function upsert(
  runner: Runner,
  table: PgTable,
  value: Row,
  onConflict: OnConflict,
  scope: UpsertScope = {},
): Promise<unknown> {
  const {
    name,
    columns,
    uniques,
    keys,
    returning,
    stamped,
    owners: ownerColumns,
  } = tablePlanOf(table)
  assertSafe(value, 'body', name)
  const row: Row = {}
  for (const key of Object.keys(value))
    if (Object.hasOwn(columns, key) && value[key] !== undefined) row[key] = value[key]
  const target = uniques.find((set) =>
    set.every((key) => row[key] !== undefined && row[key] !== null),
  )
  if (!target)
    throw new BadRequest(
      `${name}: save with onConflict needs the values of a unique key (${uniques.map((set) => set.join(' + ')).join(', ') || 'the table has none'})`,
      { errors: [{ in: 'body', name: '', path: [], message: 'no unique key given' }] },
    )
  const targetColumns = target.map((key) => columns[key] as PgColumn)
  const set: Row = Object.fromEntries(
    Object.entries(row).filter(
      ([key]) =>
        !target.includes(key) &&
        !keys.includes(key) &&
        (scope.updatable === undefined || scope.updatable.has(key)),
    ),
  )
  if (Object.keys(set).length > 0)
    for (const [key, column] of stamped)
      if (set[key] === undefined) set[key] = column.onUpdateFn?.()
  const owners = ownerColumns.filter(
    (key) => !target.includes(key) && row[key] !== undefined && row[key] !== null,
  )
  const ownedHere = and(...owners.map((key) => eq(columns[key] as PgColumn, row[key])), scope.where)
  // a table without a primary key returns its conflict key's columns (a RETURNING of no column is
  // a syntax error), its key is `{}` as `save` returns
  const returned =
    keys.length > 0
      ? returning
      : Object.fromEntries(target.map((key) => [key, columns[key] as PgColumn]))
  return guarded(table, async () => {
    const insert = runner.insert(table).values(row)
    const written = (await (onConflict === 'update' && Object.keys(set).length > 0
      ? insert
          .onConflictDoUpdate({ target: targetColumns, set, setWhere: ownedHere })
          .returning(returned)
      : insert.onConflictDoNothing({ target: targetColumns }).returning(returned))) as Row[]
    const conflicting = and(
      ...target.map((key) => eq(columns[key] as PgColumn, row[key])),
      ownedHere,
    ) as SQL
    const found =
      written[0] ??
      ((await runner.select(returned).from(table).where(conflicting).limit(1)) as Row[])[0]
    if (!found) {
      const message = `a row with this ${target.join(', ')} already exists`
      throw new Conflict(`${name}.${target.join(', ')} must be unique: ${message}`, {
        errors: target.map((key) => ({ in: 'body', name: key, path: [key], message })),
      })
    }
    if (keys.length === 1) return found[keys[0] as string]
    return Object.fromEntries(keys.map((key) => [key, found[key]]))
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
  /**
   * the row written must match this where-object (e.g. `{ ownerId: user.id }`): with `onConflict`,
   * a conflicting row that does not is a 409 and nothing is written; an update by key (no
   * `onConflict`) of a row that does not is a 404. A value `undefined` in it is a 400, never
   * "no condition".
   */
  where?: Record<string, unknown>
}

/** `save(value, { onConflict })`: the row upserted, then the relation fields it gives saved on it, in one transaction. */
export async function upsertTree(
  db: Db,
  plan: WritePlan,
  value: Row,
  options: SaveOptions & UpsertOptions,
  limits?: WriteLimits,
): Promise<unknown> {
  const onConflict = options.onConflict
  if (onConflict !== 'ignore' && onConflict !== 'update')
    throw new BadRequest(`save: onConflict must be 'ignore' or 'update'`)
  const { def } = plan
  const relations = plan.lists.filter((field) => givenList(field, value) !== undefined)
  const row = declaredRow(plan, value, [])
  const scope: UpsertScope = {
    updatable: plan.writableKeys,
    where: options.where === undefined ? undefined : scopeCondition(plan, options.where),
  }
  if (relations.length === 0 || options.relations === false)
    return upsert(db, def.table, row, onConflict, scope)
  return db.transaction(async (tx) => {
    const key = await upsert(tx, def.table, row, onConflict, scope)
    const { keys } = plan.table
    const keyed: Row = keys.length === 1 ? { [keys[0] as string]: key } : { ...(key as Row) }
    for (const field of relations) keyed[field.out] = value[field.out] ?? value[field.key]
    const open = async (): Promise<Db> => tx as unknown as Db
    // the key was found by the upsert, not given by the caller: the relations are saved under it even when the schema leaves the key out
    const keyedDef: SchemaDef = { ...def, columns: [...new Set([...def.columns, ...keys])] }
    await saveTree(
      open,
      writePlanOf(plan.module, keyedDef),
      keyed,
      { ...options, transaction: false, mustCreate: false, mustUpdate: false },
      limits,
    )
    return key
  })
}
