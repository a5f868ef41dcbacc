/**
 * valibot → JSON Schema (2020-12, OpenAPI 3.1's dialect) through the official
 * `@valibot/to-json-schema`, plus what fw adds on the wire: `Field` aliases
 * as property names, files as binary strings, dates as `date-time` strings,
 * and JSON-encoded single params (`?filter={"tag":"ts"}`) as strings with
 * `contentMediaType`/`contentSchema`.
 */
import { componentRef, componentSourceOf, usedDefinitions } from './components'
import { innerOf } from '../schema/walk'
import { fileSchemaInfo } from '../file/info'
import { getFieldOptions, resolveAdapter, shapeOf, type AnySchema } from '../schema'
import type { SchemaSide, StandardSchemaV1 } from '../schema/adapter'
import { standardAdapter } from '../schema/standard/adapter'

/** A JSON Schema object as it appears in the document. */
export type JsonSchema = Record<string, unknown>

/** Definitions (`$defs`) met while converting, moved to `components.schemas`. */
export type Definitions = Record<string, JsonSchema>

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest'])
const JSON_ENCODED = new Set([
  ...OBJECT_TYPES,
  'record',
  'tuple',
  'loose_tuple',
  'strict_tuple',
  'tuple_with_rest',
  'map',
])

function override(
  schema: AnySchema,
  converted: JsonSchema,
  defs: Definitions,
): JsonSchema | undefined {
  // A self-documenting schema (an `orm.Schema`) is a component of its own, referenced.
  const source = componentSourceOf(schema)
  if (source) return componentRef(source, defs, (inner) => toSchema(inner, defs))
  const type = shapeOf(schema).type
  const info = type === 'file' ? fileSchemaInfo(schema) : undefined
  if (info)
    return info.mime
      ? { type: 'string', format: 'binary', contentMediaType: info.mime }
      : { type: 'string', format: 'binary' }
  if (type === 'date') return { type: 'string', format: 'date-time' }
  if (type === 'blob') return { type: 'string', format: 'binary' }
  if (type === 'bigint') return { type: 'integer' }
  if (OBJECT_TYPES.has(type)) return renamed(schema, converted)
  return undefined
}

/** Property names become wire names where `Field(..., { alias })` set one. */
function renamed(schema: AnySchema, converted: JsonSchema): JsonSchema | undefined {
  const entries = shapeOf(schema).entries ?? {}
  const aliases = new Map<string, string>()
  for (const key of Object.keys(entries)) {
    const alias = getFieldOptions(entries[key])?.alias
    if (alias !== undefined && alias !== key) aliases.set(key, alias)
  }
  if (!aliases.size) return undefined
  const properties: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(
    (converted.properties ?? {}) as Record<string, unknown>,
  ))
    properties[aliases.get(key) ?? key] = value
  const required = Array.isArray(converted.required)
    ? (converted.required as string[]).map((key) => aliases.get(key) ?? key)
    : undefined
  return { ...converted, properties, ...(required ? { required } : {}) }
}

/**
 * Convert one schema (any library) to JSON Schema: its `input` side (what a
 * client sends: params, bodies) or its `output` side (what the library gives:
 * results); `$defs` (recursive schemas) go to `defs`, with their references
 * rewritten to `#/components/schemas/...`.
 *
 * @example
 * toSchema(v.pipe(v.number(), v.integer()), {}) // { type: 'integer' }
 */
export function toSchema(
  schema: AnySchema | StandardSchemaV1 | undefined,
  defs: Definitions,
  side: SchemaSide = 'input',
): JsonSchema {
  if (!schema) return { type: 'string' }
  const adapter = resolveAdapter(schema)
  if (!adapter) return {}
  const converted = adapter.describe(schema, side, {
    override: (sub, described) => override(sub as AnySchema, described, defs),
  })
  const { $schema: _dialect, $defs: found, ...rest } = converted
  const $defs = usedDefinitions(rest, found as Definitions | undefined)
  // A definition that refers to no definition (a `v.lazy` that is not recursive) is written in place.
  const local = { ...$defs }
  const inline = new Map<string, JsonSchema>()
  for (const [name, def] of Object.entries(local))
    if (!JSON.stringify(def).includes('"#/$defs/')) inline.set(name, def)
  const placed = (value: JsonSchema): JsonSchema =>
    inline.size ? (inlined(value, inline) as JsonSchema) : value
  // Each conversion numbers its own `$defs` from 0: give them document-wide names.
  const names = new Map<string, string>()
  for (const name of Object.keys(local))
    if (!inline.has(name)) names.set(name, `Schema${Object.keys(defs).length + names.size}`)
  const relink = (value: JsonSchema): JsonSchema =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]*)"/g,
        (_match, name: string) => `"#/components/schemas/${names.get(name) ?? name}"`,
      ),
    ) as JsonSchema
  for (const [name, def] of Object.entries(local))
    if (!inline.has(name)) defs[names.get(name) as string] = relink(placed(def))
  return relink(placed(rest))
}

/** `{ $ref: '#/$defs/x', ...more }` replaced by definition `x` (with `more` on top), everywhere in `value`. */
function inlined(value: unknown, inline: Map<string, JsonSchema>): unknown {
  if (Array.isArray(value)) return value.map((item) => inlined(item, inline))
  if (value === null || typeof value !== 'object') return value
  const { $ref, ...more } = value as JsonSchema
  const target =
    typeof $ref === 'string' && $ref.startsWith('#/$defs/')
      ? inline.get($ref.slice('#/$defs/'.length))
      : undefined
  const walked = Object.fromEntries(
    Object.entries(more).map(([key, item]) => [key, inlined(item, inline)]),
  )
  if (target) return { ...target, ...walked }
  return $ref === undefined ? walked : { $ref, ...walked }
}

const TRUNCATES =
  'An integer: a decimal is accepted and truncated toward zero (`1.5` → 1) before its bounds are checked.'
/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['default', 'examples', 'example', 'enum', 'const'])

/**
 * What the server accepts for an input schema: fw converts before it
 * validates, and an integer truncates a decimal (SPEC §3.1), so an input
 * `integer` is documented as a `number` that says so.
 *
 * @example
 * acceptedInput({ type: 'integer', minimum: 1 }) // { type: 'number', minimum: 1, description: 'An integer: a decimal is ...' }
 */
export function acceptedInput(schema: JsonSchema): JsonSchema {
  const walked: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key) || value === null || typeof value !== 'object') walked[key] = value
    else if (Array.isArray(value))
      walked[key] = value.map((item: unknown) =>
        item !== null && typeof item === 'object' && !Array.isArray(item)
          ? acceptedInput(item as JsonSchema)
          : item,
      )
    else
      walked[key] =
        key === 'properties' ||
        key === '$defs' ||
        key === 'dependentSchemas' ||
        key === 'patternProperties'
          ? Object.fromEntries(
              Object.entries(value).map(([name, item]) => [
                name,
                acceptedInput(item as JsonSchema),
              ]),
            )
          : acceptedInput(value as JsonSchema)
  }
  const type = walked.type
  const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer'))
  if (!integer) return walked
  return {
    ...walked,
    type: Array.isArray(type)
      ? type.map((item: unknown) => (item === 'integer' ? 'number' : item))
      : 'number',
    description:
      typeof walked.description === 'string'
        ? `${walked.description.replace(/\.?$/, '.')} ${TRUNCATES}`
        : TRUNCATES,
  }
}

/** A default as JSON (dropped when it cannot be serialised). */
export function jsonDefault(value: unknown): { default?: unknown } {
  if (value === undefined) return {}
  try {
    const text = JSON.stringify(value)
    return text === undefined ? {} : { default: JSON.parse(text) as unknown }
  } catch {
    return {}
  }
}

/**
 * The schema of a single query/header/cookie/path value as it travels: an
 * object (or record, tuple) is JSON text, documented as a string whose
 * content is that schema; anything else is converted as is.
 *
 * @example
 * wireSchema(v.object({ tag: v.string() }), {}) // { type: 'string', contentMediaType: 'application/json', contentSchema: {...} }
 */
export function wireSchema(schema: AnySchema | undefined, defs: Definitions): JsonSchema {
  const converted = toSchema(schema, defs)
  if (!schema || !JSON_ENCODED.has(shapeOf(innerOf(schema)).type)) return converted
  const { default: fallback, ...content } = converted
  return {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: content,
    ...jsonDefault(fallback === undefined ? undefined : JSON.stringify(fallback)),
  }
}

/** Does this schema (an object, possibly wrapped) hold files? Which fields, with which media types? */
export function fileFields(schema: AnySchema | undefined): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>()
  if (!schema) return found
  const inner = innerOf(schema)
  const entries = shapeOf(inner).entries
  // An object of another library (zod, arktype, …): its binary properties (`z.file()`) are files.
  if (!entries) return binaryProperties(resolveAdapter(schema)?.describe(schema, 'input') ?? {})
  for (const key of Object.keys(entries)) {
    const entry = innerOf(entries[key] as AnySchema)
    const item = shapeOf(entry).type === 'array' ? innerOf(shapeOf(entry).item as AnySchema) : entry
    const info = fileSchemaInfo(item)
    const wire = getFieldOptions(entries[key])?.alias ?? key
    if (info) found.set(wire, info.mime)
    else if (resolveAdapter(entries[key]) === standardAdapter) {
      const described = standardAdapter.describe(entries[key] as StandardSchemaV1, 'input')
      for (const [name, mime] of binaryProperties({ properties: { [wire]: described } }))
        found.set(name, mime)
    }
  }
  return found
}

/** The properties of an object's JSON Schema that hold a file (or a list of files): `format: binary`, with their media types. */
function binaryProperties(schema: JsonSchema): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>()
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  for (const [name, property] of Object.entries(properties)) {
    const node = property.type === 'array' ? ((property.items ?? {}) as JsonSchema) : property
    if (node.format === 'binary')
      found.set(name, typeof node.contentMediaType === 'string' ? node.contentMediaType : undefined)
  }
  return found
}
