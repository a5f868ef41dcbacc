/**
 * A write touches only what the schema declares (SPEC §10.2): the row `save()`
 * / `bulkSave()` hand to SQL is the given value reduced to the schema's
 * writable columns, each value checked against its column's type first (a
 * wrong type is a 400 naming the field, never a driver's 500).
 */
import type { SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { BadRequest } from '../exceptions'
import { issueAt, pathText, type FieldPath } from './bounds'
import { currentContext } from './database'
import type { SchemaDef } from './fields'
import { filtersOf } from './plan'
import { columnsOf, foreignKeysTo, primaryKeysOf } from './relations'
import { assertSafe } from './safe'

type Row = Record<string, unknown>

/**
 * The column keys a write through `def` may set: its column fields, whatever
 * their mode (the mode says what `input()` accepts from a client; `save()`
 * writes what the schema declares, as UtilMeta's does: a `mode: 'r'` slug set
 * by `validate`, an id given with `mustCreate`), and the foreign keys of its
 * to-one relations (`authorId` for `author`, as `input()` takes them).
 */
export function writableColumns(def: SchemaDef): ReadonlySet<string> {
  const keys = new Set<string>(def.columns)
  for (const { def: child } of def.ones)
    for (const key of foreignKeysTo(def.table, child.table)) keys.add(key)
  return keys
}

/** An update (`'w'`) when `value` gives the whole primary key and the schema declares it (and `mustCreate` is off), else an insert (`'a'`). */
export function writeModeOf(def: SchemaDef, value: Row, mustCreate?: boolean): 'a' | 'w' {
  if (mustCreate) return 'a'
  const keys = primaryKeysOf(def.table)
  const given = keys.every(
    (key) => def.columns.includes(key) && value[key] !== undefined && value[key] !== null,
  )
  return keys.length > 0 && given ? 'w' : 'a'
}

/**
 * `value` as the row a write may set: only the columns `writableColumns(def)`
 * names (any other key — `isAdmin`, `password` on a schema without them, a
 * relation list — is dropped, never written), each value checked against its
 * column type (`checkColumnValue`). `path` is where the row sits in the body,
 * for the 400's issue.
 */
export function declaredRow(def: SchemaDef, value: Row, path: FieldPath): Row {
  assertSafe(value, 'body', def.name) // a prototype key or a NUL byte anywhere in the value is still a 400
  const columns = columnsOf(def.table)
  const row: Row = {}
  for (const key of writableColumns(def)) {
    const column = columns[key]
    if (column === undefined || !Object.hasOwn(value, key) || value[key] === undefined) continue
    row[key] = checkColumnValue(def.name, column, value[key], [...path, key])
  }
  return row
}

/** ISO 8601 date or date-time, as JSON and `Date.prototype.toJSON` write them (`2024-01-31`, `2024-01-31T09:00:00.000Z`, `…+02:00`). */
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/

/** The column types whose driver mapping takes any value (JSON, custom types, bytes). */
const ANY_VALUE: ReadonlySet<string> = new Set(['json', 'custom', 'buffer'])

/**
 * `value` as column `column` takes it, or a 400 naming `path`: a timestamp or
 * date column takes a valid `Date` or an ISO 8601 string (converted to a
 * `Date`; a number, another string or an invalid date is refused), an array
 * column an array, a scalar column a string, number, boolean or bigint (the
 * database then checks its form: `'x'` for an integer is a 400 too). `null`
 * is left to the column's `NOT NULL`.
 */
export function checkColumnValue(
  table: string,
  column: PgColumn,
  value: unknown,
  path: FieldPath,
): unknown {
  if (value === null) return value
  const refuse = (expected: string): never => {
    const message = `expected ${expected}, got ${describe(value)}`
    throw new BadRequest(`${table}.${pathText(path)}: ${message}`, {
      errors: issueAt(path, message),
    })
  }
  switch (column.dataType) {
    case 'date':
      if (value instanceof Date)
        return Number.isNaN(value.getTime()) ? refuse('a valid date') : value
      if (typeof value === 'string' && ISO_DATE_TIME.test(value)) {
        const date = new Date(value)
        return Number.isNaN(date.getTime()) ? refuse('a valid ISO 8601 date-time') : date
      }
      return refuse('a date-time (an ISO 8601 string or a Date)')
    case 'array':
      return Array.isArray(value) ? value : refuse('a list')
  }
  if (ANY_VALUE.has(column.dataType)) return value
  const scalar = ['string', 'number', 'boolean', 'bigint'].includes(typeof value)
  return scalar ? value : refuse(`a ${column.dataType}`)
}

/** What a refused value is, without quoting it (it may be long or secret). */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value instanceof Date) return 'an invalid date'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** `save(value, { where })`'s where-object as SQL; one selecting every row (`{}`, a value `undefined`) is a 400, never "no condition". */
export function scopeCondition(module: Row, def: SchemaDef, where: Row): SQL {
  const condition = filtersOf(module, def.table, where, currentContext())
  if (condition === undefined)
    throw new BadRequest(
      `${def.name}: save(value, { where }) got a condition that selects every row (a value undefined?)`,
    )
  return condition
}
