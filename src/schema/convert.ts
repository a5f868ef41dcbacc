import * as v from 'valibot'
import { jsonDepthExceeds } from '../utils/json-depth'
import { ConversionError, showValue } from './errors'
import { matchOption, toBigInt, toBoolean, toDate, toInteger, toNumber, toStringValue } from './scalars'
import { getFieldOptions } from './field'
import { shapeOf, type AnySchema, type SchemaShape } from './types'
import { wrappedSchema } from './walk'

/**
 * Turns a wire value (string, JSON value, form field, header) into what the
 * schema asks for, before valibot validates it (docs/api.md, conversion). Throws
 * `ConversionError` with the failing item path.
 */
export type Converter = (value: unknown) => unknown

/** Options of `compileConverter`. */
export interface ConvertOptions {
  /** nesting depth allowed in a JSON-encoded value (a query param or header holding `[…]` / `{…}`); default 100 */
  depth?: number
}

const identity: Converter = (value) => value
/** The JSON depth limit when a caller names none (the default `limits.depth`). */
export const DEFAULT_JSON_DEPTH = 100

/** Converters per JSON depth limit, then per schema object. */
const caches = new Map<number, WeakMap<object, Converter>>()

const INTEGER_ACTIONS = new Set(['integer', 'safe_integer'])

/**
 * Build (once, cached per schema object) the converter for a schema.
 *
 * @example
 * compileConverter(v.pipe(v.number(), v.integer()))('1.5') // 1
 */
export function compileConverter(schema: AnySchema, options: ConvertOptions = {}): Converter {
  const depth = options.depth ?? DEFAULT_JSON_DEPTH
  let cache = caches.get(depth)
  if (!cache) caches.set(depth, (cache = new WeakMap()))
  const cached = cache.get(schema)
  if (cached) return cached
  // Recursive (lazy) schemas look themselves up while being built.
  let built: Converter = identity
  const late: Converter = (value) => built(value)
  cache.set(schema, late)
  built = build(shapeOf(schema), depth)
  cache.set(schema, built)
  return built
}

function build(shape: SchemaShape, depth: number): Converter {
  const compile = (schema: AnySchema): Converter => compileConverter(schema, { depth })
  const hook = shape['~fwConvert']
  if (typeof hook === 'function') return (value) => hook.call(shape, value)
  // `v.optional`, `v.nullable`, … (every schema with a `wrapped` one: schema/walk.ts): `undefined`/`null` pass, the rest converts as the inner schema.
  const inner = wrappedSchema(shape)
  if (inner !== undefined) return wrapped(compile(inner))
  switch (shape.type) {
    case 'string':
      return toStringValue
    case 'number':
      return isInteger(shape) ? toInteger : toNumber
    case 'bigint':
      return toBigInt
    case 'boolean':
      return toBoolean
    case 'date':
      return toDate
    case 'picklist':
    case 'enum':
      return matchOption(shape.options ?? [])
    case 'literal':
      return matchOption([shape.literal])
    case 'array':
      return arrayOf(compile(shape.item as AnySchema), depth)
    case 'tuple':
    case 'loose_tuple':
    case 'strict_tuple':
    case 'tuple_with_rest':
      return tupleOf(shape, compile, depth)
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      return objectOf(shape, compile, depth)
    case 'record':
      return recordOf(compile(shape.value as AnySchema), depth)
    case 'union':
      return unionOf(shape.options as AnySchema[], compile)
    case 'lazy':
      return (value) => compile((shape.getter as (input: unknown) => AnySchema)(value))(value)
    default:
      return identity
  }
}

/**
 * Does the number schema require an integer? Looks through nested pipes
 * (`v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1))` keeps the inner
 * pipe as the outer one's first item).
 */
function isInteger(shape: SchemaShape): boolean {
  return (
    shape.pipe?.some(
      (action) =>
        (action.kind === 'validation' && INTEGER_ACTIONS.has(action.type)) ||
        (action.kind === 'schema' && action !== shape && isInteger(action as unknown as SchemaShape)),
    ) ?? false
  )
}

function wrapped(inner: Converter): Converter {
  return (value) => (value === undefined || value === null ? value : inner(value))
}

/** Decode a JSON-encoded array/object sent as one string (query param, header), no deeper than `depth`. */
function decodeJson(value: string, want: 'array' | 'object', depth: number): unknown {
  const first = value.trimStart()[0]
  if ((want === 'array' && first !== '[') || (want === 'object' && first !== '{')) return undefined
  if (jsonDepthExceeds(value, depth)) throw new ConversionError(`JSON value nested deeper than ${depth} levels`)
  try {
    return JSON.parse(value)
  } catch {
    throw new ConversionError(`invalid JSON: ${showValue(value)}`)
  }
}

function arrayOf(item: Converter, depth: number): Converter {
  return (value) => {
    if (value === undefined || value === null) return value
    let list: unknown = value
    if (typeof value === 'string') list = decodeJson(value, 'array', depth) ?? [value]
    if (!Array.isArray(list)) list = [list] // a single value becomes a one-element list
    const items = list as unknown[]
    const out = new Array<unknown>(items.length)
    for (let index = 0; index < items.length; index++) {
      try {
        out[index] = item(items[index])
      } catch (error) {
        throw error instanceof ConversionError ? error.within(index) : error
      }
    }
    return out
  }
}

function tupleOf(shape: SchemaShape, compile: (schema: AnySchema) => Converter, depth: number): Converter {
  const items = (shape.items ?? []).map((item) => compile(item))
  const rest = shape.rest ? compile(shape.rest) : identity
  return (value) => {
    let list: unknown = value
    if (typeof value === 'string') list = decodeJson(value, 'array', depth) ?? [value]
    if (!Array.isArray(list)) return list
    return list.map((entry: unknown, index) => {
      try {
        return (items[index] ?? rest)(entry)
      } catch (error) {
        throw error instanceof ConversionError ? error.within(index) : error
      }
    })
  }
}

interface EntryPlan {
  key: string
  wire: string
  convert: Converter
}

/** The entries of an object schema with their wire names (aliases) and converters. */
export function objectEntries(schema: AnySchema, options: ConvertOptions = {}): EntryPlan[] {
  const entries = shapeOf(schema).entries ?? {}
  return Object.keys(entries).map((key) => {
    const entry = entries[key] as AnySchema
    return { key, wire: getFieldOptions(entry)?.alias ?? key, convert: compileConverter(entry, options) }
  })
}

function objectOf(shape: SchemaShape, compile: (schema: AnySchema) => Converter, depth: number): Converter {
  const entries = objectEntries(shape as unknown as AnySchema, { depth })
  const keepsUnknown = shape.type !== 'object' && shape.type !== 'strict_object'
  const rest = shape.rest ? compile(shape.rest) : identity
  const known = new Set(entries.map((entry) => entry.wire))
  return (value) => {
    let input: unknown = value
    if (typeof value === 'string') input = decodeJson(value, 'object', depth) ?? value
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
    const source = input as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (const entry of entries) {
      const raw = Object.hasOwn(source, entry.wire) ? source[entry.wire] : undefined
      try {
        const converted = entry.convert(raw)
        if (converted !== undefined || Object.hasOwn(source, entry.wire)) out[entry.key] = converted
      } catch (error) {
        throw error instanceof ConversionError ? error.within(entry.wire) : error
      }
    }
    if (keepsUnknown || shape.type === 'strict_object') copyUnknown(source, out, known, rest)
    return out
  }
}

function copyUnknown(source: Record<string, unknown>, out: Record<string, unknown>, known: Set<string>, convert: Converter): void {
  for (const key of Object.keys(source)) {
    if (known.has(key) || key === '__proto__') continue
    try {
      out[key] = convert(source[key])
    } catch (error) {
      throw error instanceof ConversionError ? error.within(key) : error
    }
  }
}

function recordOf(convert: Converter, depth: number): Converter {
  return (value) => {
    let input: unknown = value
    if (typeof value === 'string') input = decodeJson(value, 'object', depth) ?? value
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
    const out: Record<string, unknown> = {}
    copyUnknown(input as Record<string, unknown>, out, new Set(), convert)
    return out
  }
}

function unionOf(options: AnySchema[], compile: (schema: AnySchema) => Converter): Converter {
  const plans = options.map((option) => ({ option, convert: compile(option) }))
  return (value) => {
    let firstError: ConversionError | undefined
    for (const { option, convert } of plans) {
      try {
        const converted = convert(value)
        if (v.safeParse(option, converted).success) return converted
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error
        firstError ??= error
      }
    }
    // No option fits: hand the value on unchanged so valibot reports the union.
    if (firstError && plans.every(({ option }) => shapeOf(option).type !== 'string')) throw firstError
    return value
  }
}
