import type { SQL } from 'drizzle-orm'
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core'
import { BadRequest } from '../exceptions'
import { currentContext } from './context'
import { databaseOf } from './database'
import { guarded } from './errors'
import type { SchemaDef } from './fields'
import { filtersOf } from './plan'
import { columnsOf, primaryKeysOf } from './relations'
import { keyCondition } from './save'

/**
 * `Schema.delete(...)`: delete the rows a where-object, a drizzle condition, a
 * parsed `orm.Query` (its filters, as `count()` counts: never its page), a list of
 * keys or one key selects; returns how many were deleted. A condition that
 * selects everything (`{}`, an absent value) is refused (400): deleting every
 * row is `delete(sql\`true\`)`, said on purpose. A row other rows still refer to
 * is a 409 (`ON DELETE CASCADE` in the table removes them instead).
 */
export async function deleteRows(def: SchemaDef, arg: unknown): Promise<number> {
  const database = databaseOf(def.db)
  const where = deleteCondition(database.options.schema, def, arg)
  if (where === false) return 0
  const db = await database.db()
  const columns = columnsOf(def.table)
  const returned = Object.fromEntries(
    primaryKeysOf(def.table)
      .slice(0, 1)
      .map((key) => [key, columns[key] as PgColumn]),
  )
  const deleted = await guarded(def.table, () =>
    Object.keys(returned).length
      ? db.delete(def.table).where(where).returning(returned)
      : db.delete(def.table).where(where).returning(),
  )
  return deleted.length
}

function deleteCondition(
  module: Record<string, unknown>,
  def: SchemaDef,
  arg: unknown,
): SQL | false {
  const name = getTableConfig(def.table).name
  if (arg === null || arg === undefined)
    throw new BadRequest(
      `${name}: delete() needs a condition (a key, keys, a where-object or a query)`,
    )
  const byKey = Array.isArray(arg) || typeof arg !== 'object'
  const [key] = primaryKeysOf(def.table)
  // one key or a list of keys: the same 400 on a table without a primary key
  if (byKey && key === undefined) throw new BadRequest(`${name} has no primary key to delete by`)
  if (Array.isArray(arg)) {
    if (arg.length === 0) return false
    arg = { [key as string]: arg }
  } else if (byKey) return keyCondition(def.table, arg)
  const where = filtersOf(module, def.table, arg, currentContext())
  if (where === undefined)
    throw new BadRequest(`${name}: delete() got a condition that selects every row`)
  return where
}
