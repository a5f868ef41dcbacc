/**
 * A schema of any library → JSON Schema (2020-12, OpenAPI 3.1's dialect), asked of its adapter
 * (`describeWith`: valibot through `@valibot/to-json-schema`, registered by `fw-api/openapi`,
 * which also names properties by their `Field` aliases and documents dates; any other library
 * through `~standard.jsonSchema`), plus what the document adds: components for `orm.Schema`s,
 * fw's file schemas as binary strings, and JSON-encoded single params (`?filter={"tag":"ts"}`) as
 * strings with `contentMediaType`/`contentSchema`. Nothing here reads a library's schema objects.
 */
import { componentRef, componentSourceOf, usedDefinitions } from './components'
import { fileSchemaInfo, isFileSchema } from '../file/info'
import { resolveAdapter, type AnySchema } from '../schema'
import type { SchemaSide } from '../schema/adapter'
import { describeWith } from '../schema/describers'
import { wireKind } from '../schema/inspect'

/** A JSON Schema object as it appears in the document. */
export type JsonSchema = Record<string, unknown>

/** Definitions (`$defs`) met while converting, moved to `components.schemas`. */
export type Definitions = Record<string, JsonSchema>

/** What travels as JSON text in a query param, header or cookie (a list is repeated keys instead). */
const JSON_ENCODED: ReadonlySet<string> = new Set(['object', 'record', 'tuple'])

/**
 * fw's knowledge of a sub-schema the adapter walks (the valibot adapter asks for each; it adds
 * dates, blobs, bigints and aliases itself: schema/valibot/wire-json.ts): a self-documenting schema
 * (an `orm.Schema`) is a component of its own, referenced; a file schema is a binary string.
 */
function override(schema: unknown, defs: Definitions): JsonSchema | undefined {
  const source = componentSourceOf(schema)
  if (source) return componentRef(source, defs, (inner) => toSchema(inner, defs))
  const info = isFileSchema(schema) ? fileSchemaInfo(schema) : undefined
  if (!info) return undefined
  return info.mime
    ? { type: 'string', format: 'binary', contentMediaType: info.mime }
    : { type: 'string', format: 'binary' }
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
  schema: unknown,
  defs: Definitions,
  side: SchemaSide = 'input',
): JsonSchema {
  if (!schema) return { type: 'string' }
  const adapter = resolveAdapter(schema)
  if (!adapter) return {}
  const converted = describeWith(adapter, schema, side, {
    override: (sub) => override(sub, defs),
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
  if (!schema || !JSON_ENCODED.has(wireKind(schema))) return converted
  const { default: fallback, ...content } = converted
  return {
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: content,
    ...jsonDefault(fallback === undefined ? undefined : JSON.stringify(fallback)),
  }
}
