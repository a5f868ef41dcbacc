/**
 * `bulkSave(values, { onConflict })`: a list upserted in one statement (orm/upsert.ts has the
 * one-row upsert and the unique keys both read).
 */
import { and, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { BadRequest, Conflict } from '../exceptions'
import {
  checkWriteSize,
  declaredRow,
  scopeCondition,
  givenList,
  type WritePlan,
} from './write-plan'
import { valueKey } from './statements'
import type { Db } from './database'
import type { WriteLimits } from './limits'
import type { SaveOptions } from './save'
import type { UpsertOptions } from './upsert'

type Row = Record<string, unknown>

/**
 * `bulkSave(values, { onConflict })`: every row upserted in ONE statement
 * (`insert … values … on conflict (key) do update … returning`), the keys
 * returned in input order. `'ignore'` keeps a conflicting row as it is (the
 * conflict's update sets its unique key to the value it already holds, so the
 * statement returns its key: no second select); `'update'` sets the given
 * columns on it. A conflicting row another owner holds (a foreign key or
 * `where` it does not match) is a 409 and nothing is written. Rows giving
 * relation lists are refused (save them one by one); repeated keys are written once.
 */
export async function bulkUpsertTree(
  db: Db,
  plan: WritePlan,
  values: readonly Row[],
  options: SaveOptions & UpsertOptions,
  limits: WriteLimits,
): Promise<unknown[]> {
  const onConflict = options.onConflict
  if (onConflict !== 'ignore' && onConflict !== 'update')
    throw new BadRequest(`bulkSave: onConflict must be 'ignore' or 'update'`)
  const { table, name, columns, keys, uniques, stamped } = plan.table
  checkWriteSize(plan, values, {
    mustCreate: options.mustCreate,
    maxRows: limits.maxRows,
    listed: true,
    relations: false,
  })
  const rows = values.map((value, index) => {
    const list = plan.lists.find((field) => givenList(field, value) !== undefined)
    if (list)
      throw new BadRequest(
        `${name}: bulkSave with onConflict takes rows without relation lists ('${list.out}'): save them one by one`,
      )
    return declaredRow(plan, value, [index])
  })
  if (rows.length === 0) return []
  const given = Object.keys(rows[0] as Row)
    .sort()
    .join(',')
  if (rows.some((row) => Object.keys(row).sort().join(',') !== given))
    throw new BadRequest(`${name}: bulkSave with onConflict takes rows giving the same columns`)
  const target = uniques.find((set) =>
    rows.every((row) => set.every((key) => row[key] !== undefined && row[key] !== null)),
  )
  if (!target)
    throw new BadRequest(
      `${name}: bulkSave with onConflict needs every row's values of one unique key (${uniques.map((set) => set.join(' + ')).join(', ') || 'the table has none'})`,
      { errors: [{ in: 'body', name: '', path: [], message: 'no unique key given' }] },
    )
  const identity = (row: Row): string =>
    target.map((key) => valueKey(row[key]) ?? String(row[key])).join('\u0001')
  const unique = [...new Map(rows.map((row) => [identity(row), row])).values()]
  const returning = Object.fromEntries(
    [...keys, ...target].map((key) => [key, columns[key] as PgColumn]),
  )
  const excluded = (key: string): SQL =>
    sql`excluded.${sql.identifier((columns[key] as PgColumn).name)}`
  const updatable = plan.writableKeys
  const set: Record<string, SQL> = {}
  if (onConflict === 'update')
    for (const key of Object.keys(unique[0] as Row))
      if (!target.includes(key) && !keys.includes(key) && updatable.has(key))
        set[key] = excluded(key)
  if (Object.keys(set).length > 0)
    for (const [key, column] of stamped)
      if (set[key] === undefined) set[key] = sql`${column.onUpdateFn?.()}`
  // 'ignore' (or nothing to update): the key set to itself, so the existing row is returned untouched
  if (Object.keys(set).length === 0) for (const key of target) set[key] = excluded(key)
  // the conflicting row must be this row's owner's (its foreign keys) and match `where`
  const owners = plan.table.owners.filter(
    (key) => !target.includes(key) && (unique[0] as Row)[key] !== undefined,
  )
  const scope = options.where === undefined ? undefined : scopeCondition(plan, options.where)
  const ownedHere = and(
    ...owners.map((key) => sql`${columns[key] as PgColumn} = ${excluded(key)}`),
    scope,
  )
  const written = (await db
    .insert(table)
    .values(unique)
    .onConflictDoUpdate({
      target: target.map((key) => columns[key] as PgColumn),
      set,
      setWhere: ownedHere,
    })
    .returning(returning)
    .catch(plan.table.rethrow)) as Row[]
  const byIdentity = new Map(written.map((row) => [identity(row), row]))
  return rows.map((row) => {
    const found = byIdentity.get(identity(row))
    if (!found) {
      const message = `a row with this ${target.join(', ')} already exists`
      throw new Conflict(`${name}.${target.join(', ')} must be unique: ${message}`, {
        errors: target.map((key) => ({ in: 'body', name: key, path: [key], message })),
      })
    }
    return keys.length === 1
      ? found[keys[0] as string]
      : Object.fromEntries(keys.map((key) => [key, found[key]]))
  })
}
