/**
 * One message text for the same refusal in every library (SPEC §3.6, §4):
 * a Standard Schema issue is explained again from what fw already holds, the
 * schema's input JSON Schema and the refused value, in the words fw gives
 * for valibot (`Invalid type: Expected number but received "x"`,
 * `Invalid value: Expected >=1 but received 0`, `Invalid length: …`). A
 * refusal the JSON Schema does not explain (a refinement, a transform) keeps
 * the library's own message.
 */
import { hasType, isBinaryNode, type JsonNode, nodeAt, nodesAt, settle, typesOf } from './json'

/** A value as valibot names it in a message: `"text"`, `12`, `true`, `Object`, `Array`, `null`, `undefined`. */
export function received(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `${value}`
  if (typeof value === 'object' || typeof value === 'function')
    return (
      (value &&
        (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor
          ?.name) ??
      'null'
    )
  return typeof value
}

/** Several expectations as valibot joins them: `(a | b)`, or the one alone. */
function joined(expects: readonly string[]): string {
  const distinct = [...new Set(expects)]
  return distinct.length > 1 ? `(${distinct.join(' | ')})` : (distinct[0] ?? 'never')
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  integer: 'number',
  number: 'number',
  string: 'string',
  boolean: 'boolean',
  object: 'Object',
  array: 'Array',
  null: 'null',
}

/** The union members of a node (`anyOf`/`oneOf`, or several non-null `type`s), or `undefined`. */
function optionsOf(node: JsonNode): readonly JsonNode[] | undefined {
  if (node.anyOf !== undefined || node.oneOf !== undefined) {
    const options = [...nodesAt(node, 'anyOf'), ...nodesAt(node, 'oneOf')]
    if (options.length) return options
  }
  if (!Array.isArray(node.type)) return undefined
  const types = typesOf(node).filter((type) => type !== 'null')
  return types.length > 1 ? types.map((type) => ({ ...node, type })) : undefined
}

/** What a node expects, in valibot's words (`number`, `("en" | "zh")`, `(number | boolean)`); `undefined` when it says no type. */
function expectOf(root: JsonNode, start: JsonNode, depth = 0): string | undefined {
  const { node } = settle(root, start)
  if (Array.isArray(node.enum)) return joined(node.enum.map(received))
  if ('const' in node) return received(node.const)
  const options = optionsOf(node)
  if (options) {
    if (depth > 8) return undefined
    const expects = options.map((option) => expectOf(root, option, depth + 1))
    return expects.every((expect) => expect !== undefined) ? joined(expects as string[]) : undefined
  }
  const type = typesOf(node).find((name) => name !== 'null')
  return type === undefined ? undefined : TYPE_NAMES[type]
}

/** Does the value have the type a node names (its enum, const, one of its options)? */
function fits(root: JsonNode, start: JsonNode, value: unknown, depth = 0): boolean {
  const { node, nullable } = settle(root, start)
  if (value === null && nullable) return true
  // a file (a binary string, zod's `z.file()`) arrives as a `File`: refused for a rule, in the library's words
  if (value instanceof Blob && isBinaryNode(node)) return true
  if (Array.isArray(node.enum)) return node.enum.includes(value)
  if ('const' in node) return node.const === value
  const options = optionsOf(node)
  if (options) return depth > 8 || options.some((option) => fits(root, option, value, depth + 1))
  const types = typesOf(node)
  return !types.length || types.some((type) => fitsType(type, value))
}

function fitsType(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value)
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'array':
      return Array.isArray(value)
    case 'null':
      return value === null
    default:
      return typeof value === type
  }
}

/** Lenient on purpose: it only tells whether the format can be why the library refused (a refinement stays in its words). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const number = (node: JsonNode, key: string): number | undefined =>
  typeof node[key] === 'number' ? node[key] : undefined

/** A number's bounds: the keyword, its sign in the message, and whether `value` breaks `limit`. */
const BOUNDS: readonly [string, string, (value: number, limit: number) => boolean][] = [
  ['minimum', '>=', (value, limit) => value < limit],
  ['exclusiveMinimum', '>', (value, limit) => value <= limit],
  ['maximum', '<=', (value, limit) => value > limit],
  ['exclusiveMaximum', '<', (value, limit) => value >= limit],
]

/** A bound or rule of the node the value breaks, in valibot's words; `undefined` when it breaks none fw can read. */
function ruleBroken(node: JsonNode, value: unknown, patterns: Patterns): string | undefined {
  if (typeof value === 'number') {
    if (hasType(node, 'integer') && !Number.isInteger(value))
      return `Invalid integer: Received ${received(value)}`
    for (const [key, sign, breaks] of BOUNDS) {
      const limit = number(node, key)
      if (limit !== undefined && breaks(value, limit))
        return `Invalid value: Expected ${sign}${limit} but received ${received(value)}`
    }
    const step = number(node, 'multipleOf')
    if (step !== undefined && value % step !== 0)
      return `Invalid multiple: Expected %${step} but received ${received(value)}`
    return undefined
  }
  if (typeof value === 'string' || Array.isArray(value)) {
    const text = typeof value === 'string'
    const least = number(node, text ? 'minLength' : 'minItems')
    const most = number(node, text ? 'maxLength' : 'maxItems')
    // a string's length in code points, as JSON Schema counts it (counted only when bounded)
    const length =
      least === undefined && most === undefined ? 0 : text ? codePoints(value) : value.length
    if (least !== undefined && least === most && length !== least)
      return `Invalid length: Expected ${least} but received ${length}`
    if (least !== undefined && length < least)
      return `Invalid length: Expected >=${least} but received ${length}`
    if (most !== undefined && length > most)
      return `Invalid length: Expected <=${most} but received ${length}`
  }
  if (typeof value === 'string') {
    // a format first: a library may give its own pattern for it too (zod's email)
    if (node.format === 'email' && !LOOKS_LIKE_EMAIL.test(value))
      return `Invalid email: Received ${received(value)}`
    if (typeof node.pattern === 'string' && !matches(patterns, node.pattern, value))
      return `Invalid format: Expected /${node.pattern}/ but received ${received(value)}`
  }
  return undefined
}

/** A string's length in code points. */
function codePoints(text: string): number {
  let count = 0
  for (const _point of text) count++
  return count
}

/** A schema's `pattern`s compiled once, with its checker: pattern text → RegExp (`null`: JavaScript cannot read it). */
export type Patterns = ReadonlyMap<string, RegExp | null>

/**
 * Every `pattern` in a JSON Schema, compiled (read with Unicode semantics,
 * else as written): built at build with the checker, so a refusal compiles
 * nothing. Holds schema text only, never a client's.
 *
 * @example
 * patternsOf({ properties: { code: { type: 'string', pattern: '^[a-z]+$' } } }).get('^[a-z]+$') // /^[a-z]+$/u
 */
export function patternsOf(root: JsonNode): Patterns {
  const patterns = new Map<string, RegExp | null>()
  const seen = new Set<object>()
  const pending: unknown[] = [root]
  while (pending.length) {
    const value = pending.pop()
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    seen.add(value)
    const pattern = Array.isArray(value) ? undefined : (value as JsonNode).pattern
    if (typeof pattern === 'string' && !patterns.has(pattern))
      patterns.set(pattern, compilePattern(pattern))
    for (const child of Object.values(value)) pending.push(child)
  }
  return patterns
}

function compilePattern(pattern: string): RegExp | null {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags)
    } catch {
      // not a pattern with these flags: try the next, then give up
    }
  }
  return null
}

/** Does the value match a pattern of the schema? `true` when JavaScript cannot read it (the library's message stays). */
function matches(patterns: Patterns, pattern: string, value: string): boolean {
  const compiled = patterns.has(pattern) ? patterns.get(pattern) : compilePattern(pattern)
  return compiled ? compiled.test(value) : true
}

/** The node the issue path leads to from the root (object properties, items, tuple items, record values). */
function nodeAtPath(root: JsonNode, path: readonly (string | number)[]): JsonNode | undefined {
  let current: JsonNode | undefined = root
  for (const key of path) {
    if (!current) return undefined
    const { node } = settle(root, current)
    const named = nodeAt(node, 'properties')
    const prefix = nodesAt(node, 'prefixItems')
    current =
      (typeof key === 'string' && named ? nodeAt(named, key) : undefined) ??
      (typeof key === 'number' ? (prefix[key] ?? nodeAt(node, 'items')) : undefined) ??
      nodeAt(node, 'additionalProperties')
  }
  return current
}

/**
 * fw's message for a library's issue at `path` about `value` (the checked
 * value at that path): the type it expects, or the bound it breaks, as fw
 * says them for valibot; else the library's `message`. `patterns`: the
 * schema's patterns compiled (`patternsOf(root)`, made once with the checker).
 *
 * @example
 * issueMessage({ type: 'integer', minimum: 1 }, [], 0, 'Too small') // 'Invalid value: Expected >=1 but received 0'
 */
export function issueMessage(
  root: JsonNode,
  path: readonly (string | number)[],
  value: unknown,
  message: string,
  patterns: Patterns = patternsOf(root),
): string {
  const start = nodeAtPath(root, path)
  if (!start) return message
  if (!fits(root, start, value)) {
    const expected = expectOf(root, start)
    return expected === undefined
      ? message
      : `Invalid type: Expected ${expected} but received ${received(value)}`
  }
  const { node } = settle(root, start)
  return ruleBroken(node, value, patterns) ?? message
}
