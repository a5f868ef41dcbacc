/**
 * The fast path of `compileChecker` (bench/README.md measures it): at compile time, a schema of
 * the common kinds becomes closures that convert and validate in one pass,
 * returning the output or `FAIL`. No eval, no valibot internals: the schema is
 * read through its public shape (`type`, `pipe`, `entries`, `requirement`…).
 *
 * Supported: string, number, boolean, picklist, literal, array, object,
 * loose_object, strict_object, optional / nullable / nullish (default or not),
 * and pipes (nested too) of min_length, max_length, length, min_value,
 * max_value, integer, regex, email (and metadata). Anything else in a schema —
 * a transformation, a check, a union, a record, a file schema (`~fwConvert`),
 * a Field alias or options, a fallback — leaves that schema without a fast path.
 *
 * `FAIL` is always safe (the slow path runs on the same input). Two things the
 * slow path then repeats: a default function the fast path already called is
 * called again, and a getter on the input is read again. Entries are read as
 * own keys, as the converter reads them; names of `Object.prototype` members
 * are refused at compile time (valibot's `key in input` would see them).
 */
import * as v from 'valibot'
import { getFieldOptions } from '../field'
import { shapeOf, type AnySchema } from '../types'
import { allOf, boundsOf, compileAction, NO_BOUNDS, type Bounds } from './actions'
import { arrayNode, objectNode, refusal, wrapperNode } from './containers'
import { booleanNode, numberNode, optionNode, stringNode } from './scalars'
import { FAIL, type ActionShape, type Fast, type FastNode, type FastShape } from './types'

/** The valibot function each supported schema `type` must come from. */
const REFERENCES: Record<string, unknown> = {
  string: v.string,
  number: v.number,
  boolean: v.boolean,
  picklist: v.picklist,
  literal: v.literal,
  optional: v.optional,
  nullable: v.nullable,
  nullish: v.nullish,
  array: v.array,
  object: v.object,
  loose_object: v.looseObject,
  strict_object: v.strictObject,
}

/** What `v.pipe` copies from its first item onto the piped schema: they must still agree. */
const PIPED = ['type', 'reference', 'entries', 'item', 'wrapped', 'options', 'literal', 'default'] as const

const cache = new WeakMap<object, Fast | null>()

/**
 * The fast checker of a schema (built once, cached), or undefined when any
 * part of it has no fast form. It never throws: anything unexpected is `FAIL`,
 * and the caller then runs the slow path, which gives the real answer.
 *
 * @example
 * compileFast(v.object({ n: v.number() }))?.({ n: 1, x: 2 }) // { n: 1 }
 */
export function compileFast(schema: AnySchema): Fast | undefined {
  const cached = cache.get(schema)
  if (cached !== undefined) return cached ?? undefined
  const run = compileNode(schema)?.run
  const fast: Fast | null = run
    ? (value) => {
        try {
          return run(value)
        } catch {
          refusal.shape = undefined // no entry to point at: a throw (a getter on the input) may leave a nested one's
          return FAIL
        }
      }
    : null
  cache.set(schema, fast)
  return fast ?? undefined
}

/** A schema valibot runs as its `type` says: sync, no fallback, no cache, no fw hook, no Field options. */
export function isPlain(schema: unknown): schema is AnySchema {
  if (typeof schema !== 'object' || schema === null) return false
  const shape = schema as FastShape
  if (shape.kind !== 'schema' || shape.async !== false || shape['~fwConvert'] !== undefined) return false
  if ('fallback' in shape || 'cache' in shape || getFieldOptions(schema) !== undefined) return false
  return Object.hasOwn(REFERENCES, shape.type) && REFERENCES[shape.type] === shape.reference
}

/** Walk a schema's pipe (nested pipes first): the innermost schema and the actions after it, in run order. */
function flatten(schema: AnySchema, actions: ActionShape[]): AnySchema | undefined {
  const shape = shapeOf(schema) as FastShape
  if (!shape.pipe) return schema
  const [first, ...rest] = shape.pipe
  if (!isPlain(first)) return undefined
  const inner = shapeOf(first) as FastShape
  if (PIPED.some((key) => inner[key] !== shape[key])) return undefined
  const base = flatten(first, actions)
  for (const item of rest) {
    if (item.kind === 'metadata') continue
    actions.push(item)
  }
  return base
}

const nodes = new WeakMap<object, FastNode | null>()

/**
 * The fast node of a schema, or undefined; built once per schema object (a
 * schema shared by many entries, at every level, is compiled once, not once
 * per path to it; a schema met again while it is being built has none).
 */
export function compileNode(schema: unknown): FastNode | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  const cached = nodes.get(schema)
  if (cached !== undefined) return cached ?? undefined
  nodes.set(schema, null)
  const node = buildNode(schema)
  nodes.set(schema, node ?? null)
  return node
}

function buildNode(schema: unknown): FastNode | undefined {
  if (!isPlain(schema)) return undefined
  const actions: ActionShape[] = []
  const base = flatten(schema, actions)
  if (!base) return undefined
  const shape = shapeOf(base) as FastShape
  // The converter truncates numbers of a schema whose pipe holds `integer` (nested pipes included).
  const truncate = actions.some((action) => action.type === 'integer')
  if (shape.type === 'string' || shape.type === 'number' || shape.type === 'array') {
    const bounds = boundsOf(actions, shape.type)
    if (bounds && shape.type === 'string') return stringNode(bounds)
    if (bounds && shape.type === 'number') return numberNode(bounds, truncate)
    if (bounds) return arrayOf(shape, bounds)
  }
  const tests = actions.map(compileAction)
  if (tests.some((test) => test === undefined)) return undefined
  const node = baseNode(base, truncate)
  const test = allOf(tests.filter((test) => test !== undefined))
  if (!node || !test) return node
  const { run, check } = node
  return {
    run: (value) => {
      const out = run(value)
      return out === FAIL || !test(out) ? FAIL : out
    },
    check: (value) => {
      const out = check(value)
      return out === FAIL || !test(out) ? FAIL : out
    },
  }
}

/** The schema without its pipe's actions (those are applied by `compileNode`). */
function baseNode(schema: AnySchema, truncate: boolean): FastNode | undefined {
  const shape = shapeOf(schema) as FastShape
  switch (shape.type) {
    case 'string':
      return stringNode(NO_BOUNDS)
    case 'number':
      return numberNode(NO_BOUNDS, truncate)
    case 'boolean':
      return booleanNode()
    case 'picklist':
      return optionNode(shape.options ?? [])
    case 'literal':
      return optionNode([shape.literal])
    case 'optional':
    case 'nullable':
    case 'nullish': {
      const inner = compileNode(shape.wrapped)
      return inner && wrapperNode(schema, shape.type, inner)
    }
    case 'array':
      return arrayOf(shape, NO_BOUNDS)
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return objectNode(shape, shape.type, compileNode)
    default:
      return undefined
  }
}

function arrayOf(shape: FastShape, bounds: Bounds): FastNode | undefined {
  const item = compileNode(shape.item)
  return item && arrayNode(item, bounds)
}
