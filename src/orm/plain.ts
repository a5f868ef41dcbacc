/**
 * Rows of plain columns (docs/orm.md, "Rows of plain columns"): a schema whose output is only
 * columns of its own table, of types the driver hands over exactly as the JSON path would carry
 * them (integers, text, booleans, uuids, enums), is selected as those columns instead of a
 * `json_build_object(...)` per row. Postgres builds no JSON, the driver parses none, and
 * drizzle's row mapping is the decoding: each value passes the column's `mapFromDriverValue`, as
 * `decode` (build.ts) passes it on the JSON path, so the rows are equal. `GET /api/tags`.
 */
import type { PgColumn } from 'drizzle-orm/pg-core'
import { fieldsIn, type Scope } from './build'
import type { SchemaDef } from './fields'
import { columnsOf } from './relations'

/**
 * Column types whose driver value is the value JSON carries (a number, a string, a boolean) on
 * postgres.js and PGlite alike; not timestamps (their text differs from their JSON), numerics
 * (JSON drops a trailing zero), bigints (JSON loses digits), json, arrays or custom types.
 */
const PLAIN_TYPES: ReadonlySet<string> = new Set([
  'PgInteger',
  'PgSerial',
  'PgSmallInt',
  'PgSmallSerial',
  'PgText',
  'PgVarchar',
  'PgChar',
  'PgBoolean',
  'PgUUID',
  'PgEnumColumn',
  'PgEnumObjectColumn',
])

/** An unscoped schema's answer, found once (null: not plain). */
const unscoped = new WeakMap<SchemaDef, Record<string, PgColumn> | null>()

/**
 * The selection of `def`'s output under `scope` when it is plain columns only (output name →
 * column, in output order), else undefined: a path, aggregate, expression, nested, virtual,
 * batch or computed field, a column not output, or a column of another type keeps the JSON path.
 *
 * @example
 * plainColumns(Tag.def, undefined) // { id: tags.id, name: tags.name }
 */
export function plainColumns(
  def: SchemaDef,
  scope: Scope | undefined,
): Record<string, PgColumn> | undefined {
  if (scope) return plainOf(def, scope) ?? undefined
  let known = unscoped.get(def)
  if (known === undefined) unscoped.set(def, (known = plainOf(def, undefined)))
  return known ?? undefined
}

function plainOf(def: SchemaDef, scope: Scope | undefined): Record<string, PgColumn> | null {
  const columns = columnsOf(def.table)
  // a plain object: drizzle's selection checks each value's constructor
  const selection: Record<string, PgColumn> = {}
  for (const { field, output } of fieldsIn(def, scope)) {
    if (field.kind !== 'column' || !output || field.out === '__proto__') return null
    const column = columns[field.column]
    if (!column || !PLAIN_TYPES.has(column.columnType)) return null
    selection[field.out] = column
  }
  return Object.keys(selection).length ? selection : null
}
