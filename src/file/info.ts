/**
 * What the core reads from a file schema to plan a body: whether a schema is
 * a file, which types it accepts, how large it may be.
 */
import type { ConversionPlan } from '../schema/adapter'
import { describeWith } from '../schema/describers'
import { getFieldOptions } from '../schema/field'
import { planOf, unwrapPlan } from '../schema/inspect'
import { resolveAdapter } from '../schema/resolve'
import type { AnySchema } from '../schema/types'
import { innerOf, unwrap } from '../schema/walk'
import { isFileConverter } from './schema'
import {
  isOtherLibrarySchema,
  standardFileBounds,
  standardFileFields,
  standardFileInfo,
} from './standard'

/** The accepted type pattern and size bound of a file schema. */
export interface FileSchemaInfo {
  /** e.g. `image/*`; absent when any type is accepted */
  mime?: string
  /** bytes; absent when the schema sets no bound */
  maxSize?: number
}

interface Shape {
  type?: unknown
  mime?: unknown
  maxSize?: unknown
  '~fwConvert'?: unknown
}

function shape(value: unknown): Shape | undefined {
  // File schemas are callable, so functions count as schemas here.
  return (typeof value === 'object' && value !== null) || typeof value === 'function'
    ? (value as Shape)
    : undefined
}

/**
 * Is `schema` (not looking through wrappers) one of fw's file schemas, or a
 * `v.pipe` rooted in one?
 *
 * @example
 * isFileSchema(file.Image) // true
 */
export function isFileSchema(schema: unknown): boolean {
  const schemaShape = shape(schema)
  return (
    schemaShape !== undefined &&
    schemaShape.type === 'file' &&
    isFileConverter(schemaShape['~fwConvert'])
  )
}

/**
 * Info of a file schema, looking through its wrappers (`v.optional`,
 * `v.nullable`, …: schema/walk.ts) and `v.pipe`; `undefined` when it is not a file schema.
 * A `v.maxSize(n)` or `v.mimeType([...])` in the pipe is taken into account.
 *
 * @example
 * fileSchemaInfo(v.optional(file.Image({ maxSize: 1024 }))) // { mime: 'image/*', maxSize: 1024 }
 */
export function fileSchemaInfo(schema: unknown): FileSchemaInfo | undefined {
  if (isOtherLibrarySchema(schema)) return standardFileInfo(schema)
  if (shape(schema) === undefined) return undefined
  const { inner, actions } = unwrap(schema as AnySchema)
  const fileShape = shape(inner)
  if (fileShape === undefined || !isFileSchema(fileShape)) return undefined
  const info: FileSchemaInfo = {}
  if (typeof fileShape.mime === 'string') info.mime = fileShape.mime
  if (typeof fileShape.maxSize === 'number') info.maxSize = fileShape.maxSize
  for (const action of actions) {
    if (action.type === 'max_size' && typeof action.requirement === 'number') {
      info.maxSize = Math.min(info.maxSize ?? Infinity, action.requirement)
    } else if (action.type === 'mime_type' && Array.isArray(action.requirement)) {
      info.mime = action.requirement.join(', ')
    }
  }
  return info
}

/** Schema types that may hold a file without being one of fw's file schemas. */
const OPEN_TYPES = new Set(['blob', 'file', 'any', 'unknown', 'custom', 'lazy', 'instance'])

interface Walkable extends Shape {
  item?: unknown
  items?: unknown
  options?: unknown
  entries?: unknown
}

/** The shape under a schema's wrappers; `undefined` for what is no schema. */
function walkable(schema: unknown): Walkable | undefined {
  return shape(schema) === undefined
    ? undefined
    : (shape(innerOf(schema as AnySchema)) as Walkable | undefined)
}

/** May a value of `schema` be (or contain) an uploaded file? */
function mayHoldFile(schema: unknown, hops = 0): boolean {
  const inner = walkable(schema)
  if (inner === undefined || hops > 16) return true
  if (isFileSchema(inner)) return true
  if (typeof inner.type === 'string' && OPEN_TYPES.has(inner.type)) return true
  if (inner.item !== undefined) return mayHoldFile(inner.item, hops + 1)
  for (const list of [inner.items, inner.options])
    if (Array.isArray(list) && list.some((item) => mayHoldFile(item, hops + 1))) return true
  return false
}

/**
 * The multipart field names (wire names, aliases applied) of a body schema
 * that may carry a file; `undefined` when any field may (a loose object, a
 * record, a schema that is no object). A file part in any other field is
 * refused as it arrives instead of being buffered.
 *
 * @example
 * fileFieldsOf(v.object({ name: v.string(), avatar: file.Image })) // ['avatar']
 */
export function fileFieldsOf(schema: unknown): string[] | undefined {
  if (isOtherLibrarySchema(schema)) return standardFileFields(schema)
  const inner = walkable(schema)
  if (inner === undefined) return undefined
  const entries = shape(inner.entries) as Record<string, unknown> | undefined
  // A schema that lists no valibot entries (zod, arktype, …): read its conversion plan.
  if (entries === undefined) return planFileFields(unwrapPlan(planOf(schema)))
  if (inner.type !== 'object' && inner.type !== 'strict_object') return undefined
  return Object.keys(entries)
    .filter((key) => mayHoldFile(entries[key]))
    .map((key) => getFieldOptions(entries[key] as AnySchema)?.alias ?? key)
}

/** May a value planned this way be (or contain) an uploaded file? (what converts as it is may: a binary string, an unknown) */
function planMayHoldFile(plan: ConversionPlan, hops = 0): boolean {
  if (hops > 16) return true
  switch (plan.to) {
    case 'same':
    case 'custom':
    case 'lazy':
      return true
    case 'maybe':
      return planMayHoldFile(plan.inner, hops + 1)
    case 'array':
      return planMayHoldFile(plan.item, hops + 1)
    case 'tuple':
      return [...plan.items, ...(plan.rest ? [plan.rest] : [])].some((item) =>
        planMayHoldFile(item, hops + 1),
      )
    case 'union':
      return plan.options.some((option) => planMayHoldFile(option.plan, hops + 1))
    default:
      return false
  }
}

/** The wire names of a planned object's fields that may carry a file; `undefined` when any field may. */
function planFileFields(plan: ConversionPlan): string[] | undefined {
  if (plan.to !== 'object' || plan.rest !== undefined) return undefined
  return plan.entries.filter((entry) => planMayHoldFile(entry.plan)).map((entry) => entry.wire)
}

/** The byte bound of the files a valibot schema takes (a file schema, or a list of them); `undefined` when unbounded. */
function valibotFileBound(schema: unknown): number | undefined {
  const own = fileSchemaInfo(schema)
  if (own) return own.maxSize
  const inner = walkable(schema)
  return inner?.type === 'array' && inner.item !== undefined
    ? fileSchemaInfo(inner.item)?.maxSize
    : undefined
}

/**
 * The byte bound of each file a body schema takes, by multipart field name
 * (`''`: the schema itself is a file, or a list of files): fw's
 * `file.*({ maxBytes })` and `v.maxSize`, zod's `z.file().max(n)` (its JSON
 * Schema's `maxLength`); `undefined` when no file is bounded. A part over its
 * bound is a 413 while it streams, before the rest of the body is read.
 *
 * @example
 * fileBoundsOf(v.object({ avatar: file.Image({ maxBytes: 1024 }), name: v.string() })) // Map { 'avatar' => 1024 }
 */
export function fileBoundsOf(schema: unknown): ReadonlyMap<string, number> | undefined {
  if (isOtherLibrarySchema(schema)) return standardFileBounds(schema)
  const own = valibotFileBound(schema)
  if (own !== undefined) return new Map([['', own]])
  const inner = walkable(schema)
  const entries = shape(inner?.entries) as Record<string, unknown> | undefined
  if (entries === undefined) return undefined
  const bounds = new Map<string, number>()
  for (const [key, entry] of Object.entries(entries)) {
    const bound = valibotFileBound(entry)
    if (bound !== undefined) bounds.set(getFieldOptions(entry as AnySchema)?.alias ?? key, bound)
  }
  return bounds.size ? bounds : undefined
}

/** Multipart field names with the media type each takes (`undefined`: any). */
export type FileFieldTypes = Map<string, string | undefined>

/** The properties of an object's JSON Schema that hold a file (or a list of files): `format: binary`, with their media types. */
function binaryProperties(json: Record<string, unknown>): FileFieldTypes {
  const found: FileFieldTypes = new Map()
  const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>
  for (const [name, property] of Object.entries(properties)) {
    const node = (property.type === 'array' ? (property.items ?? {}) : property) as Record<
      string,
      unknown
    >
    if (node.format === 'binary')
      found.set(name, typeof node.contentMediaType === 'string' ? node.contentMediaType : undefined)
  }
  return found
}

/** A schema's input JSON Schema (needs the JSON Schema writers `fw-api/openapi` registers). */
function inputJson(schema: unknown): Record<string, unknown> {
  const adapter = resolveAdapter(schema)
  return adapter ? describeWith(adapter, schema, 'input') : {}
}

/**
 * The file fields of body fields given one by one (`[wire name, schema]`, a `Field` alias wins):
 * fw's file schemas or lists of them, another library's binary strings (`z.file()`).
 *
 * @example
 * fileTypesOfFields([['photo', file.Image], ['title', v.string()]]) // Map { 'photo' => 'image/*' }
 */
export function fileTypesOfFields(fields: Iterable<readonly [string, unknown]>): FileFieldTypes {
  const found: FileFieldTypes = new Map()
  for (const [key, schema] of fields) {
    const entry = walkable(schema)
    const item = entry?.type === 'array' ? entry.item : schema
    const info = fileSchemaInfo(item)
    const wire = getFieldOptions(schema as AnySchema)?.alias ?? key
    if (info) found.set(wire, info.mime)
    else if (isOtherLibrarySchema(schema))
      for (const [name, mime] of binaryProperties({ properties: { [wire]: inputJson(schema) } }))
        found.set(name, mime)
  }
  return found
}

/**
 * The file fields of a body schema by wire name, with the media type each takes, for the
 * document's multipart encodings: a valibot object's entries read as `fileTypesOfFields` does,
 * any other schema from its input JSON Schema (binary properties). `list`: the body is a list,
 * its item's fields are read.
 *
 * @example
 * fileFieldTypes(v.object({ photo: file.Image, title: v.string() })) // Map { 'photo' => 'image/*' }
 */
export function fileFieldTypes(schema: unknown, list = false): FileFieldTypes {
  const target = list ? walkable(schema)?.item : schema
  if (target === undefined) return new Map()
  const entries = shape(walkable(target)?.entries) as Record<string, unknown> | undefined
  if (!entries) return binaryProperties(inputJson(target))
  return fileTypesOfFields(Object.entries(entries))
}
