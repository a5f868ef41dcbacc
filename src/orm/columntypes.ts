/**
 * JSON Schema of a drizzle column's value as `serialize()` sends it: what the
 * column's `mapFromDriverValue` makes of Postgres' JSON, then `JSON.stringify`
 * (a `Date` becomes an ISO `date-time` string), or, `raw`, Postgres' JSON of
 * the value as it is (aggregates: `orm.Max`, `orm.Min`).
 */
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Transform } from './paths'

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>

const INT32 = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgSmallSerial'])
const INT64 = new Set(['PgBigInt53', 'PgBigSerial53', 'PgBigInt64', 'PgBigSerial64'])

/** What a column of each drizzle `columnType` sends, when that differs from its `dataType`'s default. */
function byColumnType(column: PgColumn, raw: boolean): JsonSchema | undefined {
  const columnType = column.columnType
  if (INT32.has(columnType)) return { type: 'integer', format: 'int32' }
  if (INT64.has(columnType)) return { type: 'integer', format: 'int64' }
  if (columnType === 'PgNumeric')
    return raw ? { type: 'number' } : { type: 'string', description: 'a decimal number, as text' }
  if (columnType === 'PgNumericBigInt') return { type: 'integer' }
  if (columnType === 'PgUUID') return { type: 'string', format: 'uuid' }
  if (columnType === 'PgDateString') return { type: 'string', format: 'date' }
  if (columnType === 'PgDate')
    return raw ? { type: 'string', format: 'date' } : { type: 'string', format: 'date-time' }
  if (columnType === 'PgTimestamp')
    return raw
      ? { type: 'string', description: 'a timestamp, as Postgres writes it in JSON' }
      : { type: 'string', format: 'date-time' }
  if (columnType === 'PgArray') {
    const base = (column as unknown as { baseColumn?: PgColumn }).baseColumn
    return { type: 'array', items: base ? columnJson(base, { raw, nullable: false }) : {} }
  }
  const values = column.enumValues
  if (column.dataType === 'string' && values?.length) return { type: 'string', enum: [...values] }
  return undefined
}

function byDataType(column: PgColumn): JsonSchema {
  switch (column.dataType) {
    case 'number':
      return { type: 'number' }
    case 'bigint':
      return { type: 'integer' }
    case 'boolean':
      return { type: 'boolean' }
    case 'string': {
      // varchar(n) / char(n): drizzle keeps `n` as the column's `length`
      const length: unknown = (column as { length?: unknown }).length
      return { type: 'string', ...(typeof length === 'number' ? { maxLength: length } : {}) }
    }
    case 'date':
      return { type: 'string', format: 'date-time' }
    case 'array':
      return { type: 'array' }
    case 'json':
      return { description: 'a JSON value' }
    default:
      return { description: `a ${column.getSQLType()} value` }
  }
}

/** `type: [t, 'null']` (and `null` among an enum's values); a schema without a type already takes null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type
  if (typeof type === 'string')
    return {
      ...schema,
      type: [type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {}),
    }
  if (Array.isArray(type))
    return type.includes('null') ? schema : { ...schema, type: [...(type as unknown[]), 'null'] }
  if ('$ref' in schema || 'anyOf' in schema) return { anyOf: [schema, { type: 'null' }] }
  return schema
}

/**
 * The schema of a column's value as it is sent: typed from its drizzle column type, nullable
 * unless `notNull` (or `nullable: false`), `raw` for a value Postgres sends unmapped.
 *
 * @example
 * columnJson(users.createdAt) // { type: 'string', format: 'date-time' }
 */
export function columnJson(
  column: PgColumn,
  options: { raw?: boolean; nullable?: boolean } = {},
): JsonSchema {
  const raw = options.raw ?? false
  const base = byColumnType(column, raw) ?? byDataType(column)
  return (options.nullable ?? !column.notNull) ? nullable(base) : base
}

/** The value of a column after a path transform (`createdAt.year`, `tags.0`), as Postgres computes it. */
export function transformJson(transform: Transform): JsonSchema {
  if (typeof transform === 'number')
    return { description: `the item at index ${transform} of a JSON list` }
  return transform === 'date' ? { type: 'string', format: 'date' } : { type: 'integer' }
}
