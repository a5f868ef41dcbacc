/**
 * One property of a Standard Schema object, as fw reads it from the
 * object's JSON Schema: its wire name (an alias the library carried into its
 * JSON Schema as metadata, SPEC §3.6) and a read-only view of it that the
 * rest of fw can ask for presence and JSON Schema like any schema (OpenAPI
 * describes `request.Query/Headers/Cookies` entries one by one). The object's
 * library still validates the whole object: the view never judges a value.
 */
import type { StandardResult, StandardSchemaV1 } from '../adapter'
import { ALIAS_KEY } from './meta'
import { type JsonNode, isNode, settle } from './json'

/**
 * The JSON Schema keywords that carry a wire name: `alias` (zod:
 * `.meta({ alias: 'X-Auth-Token' })`) and `x-alias` (what `Field.alias(...)` gives;
 * arktype reserves `alias` for its own use).
 */
export const ALIAS_KEYWORDS = [ALIAS_KEY, 'alias'] as const

/**
 * Metadata naming a field on the wire (a query key, a header, a cookie, a
 * body field) inside an object schema of any library that carries its
 * metadata into its JSON Schema: zod's `.meta(...)`, arktype's
 * `.configure(...)`. Public as `Field.alias`; valibot objects take
 * `Field(schema, { alias })`.
 *
 * @example
 * z.object({ authToken: z.string().meta(Field.alias('X-Auth-Token')) })
 * type({ authToken: type('string').configure(Field.alias('X-Auth-Token')) })
 */
export function Alias(name: string): {
  readonly [ALIAS_KEY]: string
  /** (lets arktype's `configure`, whose metadata keys are all optional, accept the object) */
  readonly description?: never
} {
  return { [ALIAS_KEY]: name }
}

/** The wire name a JSON Schema node declares (on the node, or on what its `$ref`/nullable wrapper leads to). */
export function wireNameOf(root: JsonNode, node: JsonNode): string | undefined {
  for (const candidate of [node, settle(root, node).node])
    for (const keyword of ALIAS_KEYWORDS) {
      const name = candidate[keyword]
      if (typeof name === 'string' && name !== '') return name
    }
  return undefined
}

const VIEW_VENDOR = 'fw-json-schema'

/**
 * A property of an object's JSON Schema seen as a Standard Schema: absent is
 * refused when the object requires it, `null` when the node does not allow
 * it; an absent optional value reads as the node's `default`. Its JSON
 * Schema is the node (with the root's `$defs`, which its `$ref`s point to).
 *
 * @example
 * propertyView(root, { type: 'string' }, true)['~standard'].validate(undefined).issues // [{ message: 'required item missing' }]
 */
export function propertyView(root: JsonNode, node: JsonNode, required: boolean): StandardSchemaV1 {
  const nullable = settle(root, node).nullable
  const fallback: unknown = node.default
  const defs = isNode(root.$defs) ? { $defs: root.$defs } : {}
  const json = { ...node, ...defs }
  const validate = (value: unknown): StandardResult<unknown> => {
    if (value === undefined)
      return required ? { issues: [{ message: 'required item missing' }] } : { value: fallback }
    if (value === null && !nullable) return { issues: [{ message: 'null is not allowed' }] }
    return { value }
  }
  return {
    '~standard': {
      version: 1,
      vendor: VIEW_VENDOR,
      validate,
      jsonSchema: { input: () => json, output: () => json },
    },
  }
}

/**
 * A JSON Schema with fw's alias keywords removed at every depth and, on the
 * input side, object properties named by their wire names (the names a
 * client sends).
 *
 * @example
 * wireNamed({ type: 'object', properties: { a: { type: 'string', alias: 'x-a' } }, required: ['a'] }, true)
 * // { type: 'object', properties: { 'x-a': { type: 'string' } }, required: ['x-a'] }
 */
export function wireNamed(node: JsonNode, rename: boolean): Record<string, unknown> {
  return walkNamed(node, node, rename, 0) as Record<string, unknown>
}

/** Deep enough for any schema an author writes; deeper parts are left as they are. */
const MAX_DEPTH = 64
const DATA_KEYWORDS = new Set(['default', 'examples', 'example', 'enum', 'const'])

function walkNamed(root: JsonNode, value: unknown, rename: boolean, depth: number): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => walkNamed(root, item, rename, depth + 1))
  const node = value as JsonNode
  const out: Record<string, unknown> = {}
  const renamed = new Map<string, string>()
  for (const [key, item] of Object.entries(node)) {
    if ((ALIAS_KEYWORDS as readonly string[]).includes(key) && typeof item === 'string') continue
    if (DATA_KEYWORDS.has(key)) out[key] = item
    else if (key === 'properties' && isNode(item)) {
      // defined, not assigned: a wire name such as `__proto__` stays a property
      out[key] = Object.fromEntries(
        Object.entries(item).map(([name, property]) => {
          const wire = rename && isNode(property) ? (wireNameOf(root, property) ?? name) : name
          if (wire !== name) renamed.set(name, wire)
          return [wire, walkNamed(root, property, rename, depth + 1)]
        }),
      )
    } else out[key] = walkNamed(root, item, rename, depth + 1)
  }
  if (renamed.size && Array.isArray(out.required))
    out.required = out.required.map((name: unknown) =>
      typeof name === 'string' ? (renamed.get(name) ?? name) : name,
    )
  return out
}
