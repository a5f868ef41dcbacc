/**
 * Reading a Standard Schema's JSON Schema (Standard JSON Schema,
 * `~standard.jsonSchema`), once, at build. fw asks for draft 2020-12 and lets
 * a library describe what JSON Schema cannot say (a `Date`, a transform's
 * output) as `{}` rather than throw.
 */
import { isFunction } from '../../utils/is'
import type { StandardSchemaV1 } from '../adapter'

/** A JSON Schema node as fw reads it (a boolean schema reads as `{}` / never). */
export type JsonNode = Readonly<Record<string, unknown>>

/** What arktype cannot say in JSON Schema: a `File`/`Blob` instance (of `Blob` or a subclass) is a binary string (a file, as `z.file()` says), the rest `{}`. */
function fallback(context: { code?: unknown; proto?: unknown; base: unknown }): unknown {
  const proto = context.proto
  return context.code === 'proto' &&
    (proto === Blob || (isFunction(proto) && proto.prototype instanceof Blob))
    ? { type: 'string', format: 'binary' }
    : context.base
}

// `unrepresentable: 'any'` (zod) / `fallback` (arktype): unknown options are ignored by the others.
// arktype's `type.instanceOf(File)` has no JSON Schema: it reads as a file, as zod's `z.file()`.
const OPTIONS = {
  target: 'draft-2020-12',
  libraryOptions: { unrepresentable: 'any', fallback },
}

/**
 * The schema's JSON Schema for one side (`input` for params and bodies,
 * `output` for results); `undefined` when the library gives none (a plain
 * Standard Schema) or cannot convert this schema.
 *
 * @example
 * jsonSchemaOf(z.number().int(), 'input') // { $schema: '…', type: 'integer', … }
 */
export function jsonSchemaOf(
  schema: StandardSchemaV1,
  side: 'input' | 'output',
): JsonNode | undefined {
  // no converter reads as none; one that is not a function, or throws, reads as none too
  try {
    const node: unknown = schema['~standard'].jsonSchema?.[side](OPTIONS)
    return isNode(node) ? node : undefined
  } catch {
    return undefined
  }
}

/** Is the value a JSON Schema object node? */
export function isNode(value: unknown): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A child node (`properties.x`, `items`, …) or `undefined`. */
export function nodeAt(node: JsonNode, key: string): JsonNode | undefined {
  const child = node[key]
  return isNode(child) ? child : undefined
}

/** A list of child nodes (`anyOf`, `prefixItems`, …); empty when absent. */
export function nodesAt(node: JsonNode, key: string): readonly JsonNode[] {
  const list = node[key]
  return Array.isArray(list) ? list.filter(isNode) : []
}

/** The type names a node declares (`type: 'x'` or `type: ['x', 'null']`). */
export function typesOf(node: JsonNode): readonly string[] {
  return [node.type].flat().filter((name): name is string => typeof name === 'string')
}

/** Does the node declare the type `name` (alone or in a list)? */
export function hasType(node: JsonNode, name: string): boolean {
  return typesOf(node).includes(name)
}

/** Is the node a binary string (`format` or `contentEncoding` `binary`: a file, zod's `z.file()`)? */
export function isBinaryNode(node: JsonNode): boolean {
  return node.format === 'binary' || node.contentEncoding === 'binary'
}

/** The node a local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`) points to in `root`. */
export function resolveRef(root: JsonNode, ref: string): JsonNode | undefined {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let current: JsonNode | undefined = root
  for (const part of ref.slice(2).split('/'))
    current = current && nodeAt(current, part.replaceAll('~1', '/').replaceAll('~0', '~'))
  return current
}

/** The options of a node's `anyOf` and `oneOf`, in that order. */
export function optionsOf(node: JsonNode): JsonNode[] {
  return [...nodesAt(node, 'anyOf'), ...nodesAt(node, 'oneOf')]
}

/**
 * The node with its `$ref`s followed and a lone `allOf` or a nullable
 * `anyOf` (`[S, {type:'null'}]`) looked through; `nullable` tells if `null` is allowed.
 */
export function settle(root: JsonNode, node: JsonNode): { node: JsonNode; nullable: boolean } {
  let current = node
  let nullable = hasType(current, 'null')
  for (let hops = 0; hops < 16; hops++) {
    const ref = current.$ref
    const target = typeof ref === 'string' ? resolveRef(root, ref) : undefined
    const [only, ...others] = nodesAt(current, 'allOf')
    const options = optionsOf(current)
    const nonNull = options.filter((option) => !isNullNode(option))
    if (target) current = target
    else if (only && !others.length) current = only
    else if (options.length > 1 && nonNull.length === 1 && nonNull[0]) {
      nullable = true
      current = nonNull[0]
    } else break
    nullable ||= hasType(current, 'null')
  }
  return { node: current, nullable }
}

function isNullNode(node: JsonNode): boolean {
  return typesOf(node).join() === 'null' || node.const === null
}
