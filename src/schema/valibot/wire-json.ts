/**
 * What fw adds to `@valibot/to-json-schema`'s answer for one valibot sub-schema, so a valibot
 * schema is documented as it travels (the Standard Schema adapter gets the same from the
 * library's own JSON Schema): a `Date` as a `date-time` string, a `Blob` as a binary string, a
 * `bigint` as an integer, an object's properties under their `Field` aliases (wire names).
 */
import type { JsonSchemaObject } from '../adapter'
import { getFieldOptions } from '../field'
import { shapeOf, type AnySchema } from '../types'

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest'])

/**
 * fw's description of one valibot sub-schema, given what `@valibot/to-json-schema` made of it;
 * `undefined` keeps the writer's.
 *
 * @example
 * valibotWireJson(v.date(), {}) // { type: 'string', format: 'date-time' }
 */
export function valibotWireJson(
  schema: AnySchema,
  converted: JsonSchemaObject,
): JsonSchemaObject | undefined {
  const type = shapeOf(schema).type
  if (type === 'date') return { type: 'string', format: 'date-time' }
  if (type === 'blob') return { type: 'string', format: 'binary' }
  if (type === 'bigint') return { type: 'integer' }
  if (OBJECT_TYPES.has(type)) return renamed(schema, converted)
  return undefined
}

/** Property names become wire names where `Field(..., { alias })` set one. */
function renamed(schema: AnySchema, converted: JsonSchemaObject): JsonSchemaObject | undefined {
  const entries = shapeOf(schema).entries ?? {}
  const aliases = new Map<string, string>()
  for (const key of Object.keys(entries)) {
    const alias = getFieldOptions(entries[key])?.alias
    if (alias !== undefined && alias !== key) aliases.set(key, alias)
  }
  if (!aliases.size) return undefined
  // defined, not assigned: an alias such as `__proto__` stays a property (an assignment sets the prototype)
  const properties: Record<string, unknown> = Object.fromEntries(
    Object.entries((converted.properties ?? {}) as Record<string, unknown>).map(([key, value]) => [
      aliases.get(key) ?? key,
      value,
    ]),
  )
  const required = Array.isArray(converted.required)
    ? (converted.required as string[]).map((key) => aliases.get(key) ?? key)
    : undefined
  return { ...converted, properties, ...(required ? { required } : {}) }
}
