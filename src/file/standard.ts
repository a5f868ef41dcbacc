/**
 * Files declared with another library's schema (zod's `z.file()`, arktype's
 * `type.instanceOf(File)`), read from its input JSON Schema at build: a
 * binary string (`format: 'binary'`) is a file, `maxLength` its byte bound,
 * `contentMediaType` its accepted type. valibot schemas are read by ./info.ts.
 */
import type { StandardSchemaV1 } from '../schema/adapter'
import {
  hasType,
  type JsonNode,
  jsonSchemaOf,
  nodeAt,
  nodesAt,
  settle,
  typesOf,
} from '../schema/standard/json'
import { resolveAdapter } from '../schema/resolve'
import { standardAdapter } from '../schema/standard/adapter'
import { wireNameOf } from '../schema/standard/property'

/** What a file schema accepts (./info.ts `StandardFileInfo`, the same shape). */
export interface StandardFileInfo {
  /** e.g. `image/png`; absent when any type is accepted */
  mime?: string
  /** bytes; absent when the schema sets no bound */
  maxSize?: number
}

/** Does `schema` go through the Standard Schema adapter (zod, arktype, …: read from its JSON Schema)? The seam decides (schema/resolve.ts). */
export function isOtherLibrarySchema(schema: unknown): schema is StandardSchemaV1 {
  return resolveAdapter(schema) === standardAdapter
}

function isBinary(node: JsonNode): boolean {
  return hasType(node, 'string') && node.format === 'binary'
}

/** A node that says nothing of its value (`{}`: what a library could not describe). */
function isOpen(node: JsonNode): boolean {
  return (
    typesOf(node).length === 0 &&
    !('enum' in node) &&
    !('const' in node) &&
    !node.properties &&
    !node.items &&
    !node.prefixItems &&
    !node.anyOf &&
    !node.oneOf
  )
}

/** A list that says nothing of its items (no `items`, no `prefixItems`: any value, a file too). */
function isOpenList(node: JsonNode): boolean {
  return hasType(node, 'array') && node.items === undefined && node.prefixItems === undefined
}

/**
 * The file info of another library's file schema; `undefined` when it is no file.
 *
 * @example
 * standardFileInfo(z.file().max(1024).mime(['image/png'])) // { maxSize: 1024, mime: 'image/png' }
 */
export function standardFileInfo(schema: StandardSchemaV1): StandardFileInfo | undefined {
  const root = jsonSchemaOf(schema, 'input')
  if (!root) return undefined
  const { node } = settle(root, root)
  if (!isBinary(node)) return undefined
  const info: StandardFileInfo = {}
  if (typeof node.contentMediaType === 'string') info.mime = node.contentMediaType
  if (typeof node.maxLength === 'number') info.maxSize = node.maxLength
  return info
}

function mayHoldFile(root: JsonNode, start: JsonNode, hops = 0): boolean {
  if (hops > 16) return true
  const { node } = settle(root, start)
  if (isBinary(node) || isOpen(node) || isOpenList(node)) return true
  const children = [
    ...nodesAt(node, 'anyOf'),
    ...nodesAt(node, 'oneOf'),
    ...nodesAt(node, 'prefixItems'),
  ]
  const items = nodeAt(node, 'items')
  if (items) children.push(items)
  return children.some((child) => mayHoldFile(root, child, hops + 1))
}

/**
 * The multipart field names (aliases applied) of another library's object
 * schema that may carry a file; `undefined` when any field may (no object
 * schema, or one that keeps unknown keys of every kind).
 *
 * @example
 * standardFileFields(z.object({ name: z.string(), images: z.array(z.file()) })) // ['images']
 */
export function standardFileFields(schema: StandardSchemaV1): string[] | undefined {
  const root = jsonSchemaOf(schema, 'input')
  if (!root) return undefined
  const { node } = settle(root, root)
  const properties = nodeAt(node, 'properties')
  if (!hasType(node, 'object') || !properties) return undefined
  const additional = nodeAt(node, 'additionalProperties')
  if (additional && mayHoldFile(root, additional)) return undefined
  return Object.keys(properties)
    .filter((key) => {
      const property = nodeAt(properties, key)
      return property === undefined || mayHoldFile(root, property)
    })
    .map((key) => {
      const property = nodeAt(properties, key)
      return (property && wireNameOf(root, property)) ?? key
    })
}

/** The byte bound of the files a node holds (a binary string, or a list of them), from its `maxLength`. */
function nodeFileBound(root: JsonNode, start: JsonNode): number | undefined {
  const { node } = settle(root, start)
  if (isBinary(node)) return typeof node.maxLength === 'number' ? node.maxLength : undefined
  const items = hasType(node, 'array') ? nodeAt(node, 'items') : undefined
  return items ? nodeFileBound(root, items) : undefined
}

/**
 * The byte bound of each file another library's schema takes: of the schema itself when it is a
 * file or a list of files (`''`), else of each field of its object (by wire name) that is one;
 * `undefined` when none is bounded. The multipart reader bounds each such part while it streams.
 *
 * @example
 * standardFileBounds(z.object({ doc: z.file().max(1024), n: z.number() })) // Map { 'doc' => 1024 }
 */
export function standardFileBounds(
  schema: StandardSchemaV1,
): ReadonlyMap<string, number> | undefined {
  const root = jsonSchemaOf(schema, 'input')
  if (!root) return undefined
  const own = nodeFileBound(root, root)
  if (own !== undefined) return new Map([['', own]])
  const { node } = settle(root, root)
  const properties = nodeAt(node, 'properties')
  if (!properties) return undefined
  const bounds = new Map<string, number>()
  for (const key of Object.keys(properties)) {
    const property = nodeAt(properties, key)
    const bound = property && nodeFileBound(root, property)
    if (property && bound !== undefined) bounds.set(wireNameOf(root, property) ?? key, bound)
  }
  return bounds.size ? bounds : undefined
}
