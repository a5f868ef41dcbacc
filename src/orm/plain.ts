/**
 * What a `serialize()` statement selects (serialize.ts; its rows back: orm/read-plan.ts). Rows of plain columns
 * (docs/orm.md, "Rows of plain columns"): a schema whose output is only columns of its own table,
 * of types the driver hands over exactly as the JSON path would carry them (integers, text,
 * booleans, uuids, enums), is selected as those columns, each aliased by its output name,
 * instead of a `json_build_object(...)` per row: Postgres builds no JSON, the driver parses none,
 * and the driver's row is the answer's row. `GET /api/tags`.
 */
import { sql } from 'drizzle-orm'
import { fieldsIn, type Scope } from './build'
import type { SchemaDef } from './fields'
import { COUNT, type Selection } from './read-plan'
import { columnsOf } from './relations'

/**
 * Column types whose driver value is the value JSON carries (a number, a string, a boolean) on
 * postgres.js and PGlite alike, and whose drizzle decoding keeps it as it is; not timestamps
 * (their text differs from their JSON), numerics (JSON drops a trailing zero), bigints (JSON
 * loses digits), json, arrays or custom types.
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

/** An unscoped schema's plain selection, found once (null: not plain). */
const unscoped = new WeakMap<SchemaDef, Selection | null>()

/**
 * The select list of `def`'s output under `scope` when it is plain columns only (each aliased
 * by its output name, in output order), else undefined: a path, aggregate, expression, nested,
 * virtual, batch or computed field, a column not output, a column of another type, or an output
 * name Postgres cannot carry as an alias keeps the JSON path.
 *
 * @example
 * plainColumns(Tag.def, undefined) // { id: "tags"."id" as "id", name: "tags"."name" as "name" }
 */
export function plainColumns(def: SchemaDef, scope: Scope | undefined): Selection | undefined {
  if (scope) return plainOf(def, scope) ?? undefined
  let known = unscoped.get(def)
  if (known === undefined) unscoped.set(def, (known = plainOf(def, undefined)))
  return known ?? undefined
}

/** An alias Postgres keeps as written: at most 63 bytes, no quote, not the count's. */
const isAlias = (name: string): boolean =>
  name !== COUNT &&
  name !== '__proto__' &&
  !name.includes('"') &&
  new TextEncoder().encode(name).length <= 63

function plainOf(def: SchemaDef, scope: Scope | undefined): Selection | null {
  const columns = columnsOf(def.table)
  const names = new Set(Object.values(columns).map((column) => column.name))
  const selection: Selection = {}
  for (const { field, output } of fieldsIn(def, scope)) {
    if (field.kind !== 'column' || !output || !isAlias(field.out)) return null
    const column = columns[field.column]
    if (!column || !PLAIN_TYPES.has(column.columnType)) return null
    // an alias naming another column would be what a bare `order by "name"` sorts by
    if (field.out !== column.name && names.has(field.out)) return null
    selection[field.out] = sql`${column}`.as(field.out)
  }
  return Object.keys(selection).length ? selection : null
}

/**
 * Has `def` under `scope` work left after its statement (serialize.ts's `finish`): a batch or
 * computed field, a validate hook, or a nested schema that has? Without, no `finish` (nor its
 * promise) is run.
 *
 * @example
 * if (rows.length && needsFinish(def, scope)) await finish(def, rows, context, scope)
 */
export function needsFinish(def: SchemaDef, scope: Scope | undefined): boolean {
  if (def.validate !== undefined) return true
  // a nested schema is finished when it has work of its own (`orm.Self` is not: finish skips it)
  return fieldsIn(def, scope).some(
    ({ field, sub }) =>
      field.kind === 'batch' ||
      field.kind === 'computed' ||
      (field.kind === 'nested' && typeof field.child === 'object' && needsFinish(field.child, sub)),
  )
}
