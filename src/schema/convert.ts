/**
 * The one converter of wire values (SPEC §3.1), compiled from a library-neutral
 * `ConversionPlan` (schema/adapter.ts): every schema library converts alike.
 */
import { jsonDepthExceeds } from '../utils/json-depth'
import type { ConversionPlan, PlannedEntry, PlannedOption } from './adapter'
import { ConversionError, showValue } from './errors'
import { resolveAdapter } from './resolve'
import {
  matchOption,
  toBigInt,
  toBoolean,
  toDate,
  toInteger,
  toNumber,
  toStringValue,
} from './scalars'

/**
 * Turns a wire value (string, JSON value, form field, header) into what the
 * schema asks for, before the library validates it. Throws `ConversionError`
 * with the failing item path.
 */
export type Converter = (value: unknown) => unknown

/** Options of `compileConversion`. */
export interface ConvertOptions {
  /** nesting depth allowed in a JSON-encoded value (a query param or header holding `[…]` / `{…}`); default 100 */
  depth?: number
}

const identity: Converter = (value) => value
/** The JSON depth limit when a caller names none (the default `limits.depth`). */
export const DEFAULT_JSON_DEPTH = 100

/** Converters per JSON depth limit, then per plan object (built at compile time; holds no request data). */
const caches = new Map<number, WeakMap<object, Converter>>()

/**
 * Build (once, cached per plan object) the converter of a conversion plan.
 *
 * @example
 * compileConversion({ to: 'number', integer: true })('1.5') // 1
 */
export function compileConversion(plan: ConversionPlan, options: ConvertOptions = {}): Converter {
  const depth = options.depth ?? DEFAULT_JSON_DEPTH
  let cache = caches.get(depth)
  if (!cache) caches.set(depth, (cache = new WeakMap()))
  const cached = cache.get(plan)
  if (cached) return cached
  // Cyclic plans (recursive schemas) look themselves up while being built.
  let built: Converter = identity
  const late: Converter = (value) => built(value)
  cache.set(plan, late)
  built = build(plan, depth)
  cache.set(plan, built)
  return built
}

/**
 * The converter of a schema of any adapted library (identity for a schema no adapter owns).
 *
 * @example
 * compileConverter(v.pipe(v.number(), v.integer()))('1.5') // 1
 */
export function compileConverter(schema: unknown, options: ConvertOptions = {}): Converter {
  const adapter = resolveAdapter(schema)
  return adapter ? compileConversion(adapter.plan(schema), options) : identity
}

function build(plan: ConversionPlan, depth: number): Converter {
  const compile = (inner: ConversionPlan): Converter => compileConversion(inner, { depth })
  switch (plan.to) {
    case 'same':
      return identity
    case 'custom':
      return plan.convert
    case 'maybe': {
      const inner = compile(plan.inner)
      return (value) => (value === undefined || value === null ? value : inner(value))
    }
    case 'string':
      return toStringValue
    case 'number':
      return plan.integer ? toInteger : toNumber
    case 'bigint':
      return toBigInt
    case 'boolean':
      return toBoolean
    case 'date':
      return toDate
    case 'option':
      return matchOption(plan.options)
    case 'array':
      return arrayOf(compile(plan.item), depth)
    case 'tuple':
      return tupleOf(plan.items.map(compile), plan.rest ? compile(plan.rest) : identity, depth)
    case 'object':
      return objectOf(
        plan.entries,
        plan.unknownKeys,
        plan.rest ? compile(plan.rest) : identity,
        depth,
      )
    case 'record':
      return recordOf(compile(plan.value), depth)
    case 'union':
      return unionOf(plan.options, compile)
    case 'lazy':
      return (value) => compile(plan.resolve(value))(value)
  }
}

/** Decode a JSON-encoded array/object sent as one string (query param, header), no deeper than `depth`. */
function decodeJson(value: string, want: 'array' | 'object', depth: number): unknown {
  const first = value.trimStart()[0]
  if ((want === 'array' && first !== '[') || (want === 'object' && first !== '{')) return undefined
  if (jsonDepthExceeds(value, depth))
    throw new ConversionError(`JSON value nested deeper than ${depth} levels`)
  try {
    return JSON.parse(value)
  } catch {
    throw new ConversionError(`invalid JSON: ${showValue(value)}`)
  }
}

/** Run `convert`, naming `key` in the path of a `ConversionError` it throws. */
function within(key: string | number, convert: Converter, value: unknown): unknown {
  try {
    return convert(value)
  } catch (error) {
    throw error instanceof ConversionError ? error.within(key) : error
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
    for (let index = 0; index < items.length; index++)
      out[index] = within(index, item, items[index])
    return out
  }
}

function tupleOf(items: Converter[], rest: Converter, depth: number): Converter {
  return (value) => {
    let list: unknown = value
    if (typeof value === 'string') list = decodeJson(value, 'array', depth) ?? [value]
    if (!Array.isArray(list)) return list
    return list.map((entry: unknown, index) => within(index, items[index] ?? rest, entry))
  }
}

function objectOf(
  planned: readonly PlannedEntry[],
  unknownKeys: 'strip' | 'keep',
  rest: Converter,
  depth: number,
): Converter {
  const entries: readonly ObjectEntry[] = planned.map((entry) => ({
    key: entry.key,
    wire: entry.wire,
    convert: compileConversion(entry.plan, { depth }),
    inherited: entry.wire in Object.prototype,
  }))
  // An aliased entry's schema key is no unknown key either: sent instead of its wire name, it is not copied through.
  const known = new Set(entries.flatMap((entry) => [entry.wire, entry.key]))
  const keep = unknownKeys === 'keep'
  return (value) => {
    let input: unknown = value
    if (typeof value === 'string') input = decodeJson(value, 'object', depth) ?? value
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
    const source = input as Record<string, unknown>
    const out = convertEntries(source, entries)
    if (keep) copyUnknown(source, out, known, rest)
    return out
  }
}

/** One object entry as its converter reads it (built once per plan). */
interface ObjectEntry {
  key: string
  wire: string
  convert: Converter
  /** does `Object.prototype` hold this name? (then a value read must be checked to be the object's own) */
  inherited: boolean
}

/**
 * Each entry read once and converted, in one loop with one `try` (no call
 * per entry to name the failing key): the hot path of a query object (E1).
 */
function convertEntries(
  source: Record<string, unknown>,
  entries: readonly ObjectEntry[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const plain = isPlain(source)
  let index = 0
  try {
    for (; index < entries.length; index++) {
      const entry = entries[index] as ObjectEntry
      const wire = entry.wire
      // On a plain object, a name `Object.prototype` lacks is read once: a value read is the object's own.
      const checkFirst = entry.inherited || !plain
      const own = checkFirst ? Object.hasOwn(source, wire) : undefined
      const read = own === false ? undefined : source[wire]
      const present = own ?? (read !== undefined || Object.hasOwn(source, wire))
      const converted = entry.convert(read)
      if (converted !== undefined || present) out[entry.key] = converted
    }
  } catch (error) {
    const failing = entries[index]
    throw error instanceof ConversionError && failing ? error.within(failing.wire) : error
  }
  return out
}

/** A plain object or a null-prototype one (query, form and JSON values): nothing but `Object.prototype` to inherit from. */
function isPlain(source: object): boolean {
  const prototype = Object.getPrototypeOf(source)
  return prototype === null || prototype === Object.prototype
}

function copyUnknown(
  source: Record<string, unknown>,
  out: Record<string, unknown>,
  known: Set<string>,
  convert: Converter,
): void {
  for (const key of Object.keys(source)) {
    if (known.has(key) || key === '__proto__') continue
    out[key] = within(key, convert, source[key])
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

function unionOf(
  options: readonly PlannedOption[],
  compile: (plan: ConversionPlan) => Converter,
): Converter {
  const plans = options.map((option) => ({ fits: option.fits, convert: compile(option.plan) }))
  const anyString = options.some((option) => option.plan.to === 'string')
  return (value) => {
    let firstError: ConversionError | undefined
    for (const { fits, convert } of plans) {
      try {
        const converted = convert(value)
        if (fits(converted)) return converted
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error
        firstError ??= error
      }
    }
    // No option fits: hand the value on unchanged so the library reports the union.
    if (firstError && !anyString) throw firstError
    return value
  }
}

/** One entry of an object schema with its wire name (alias) and converter. */
export interface EntryPlan {
  key: string
  wire: string
  convert: Converter
  /** the entry's own schema */
  schema: unknown
}

/** The entries of an object schema (any adapted library) with their wire names (aliases) and converters. */
export function objectEntries(schema: unknown, options: ConvertOptions = {}): EntryPlan[] {
  const plan = resolveAdapter(schema)?.plan(schema)
  if (plan?.to !== 'object') return []
  return plan.entries.map((entry) => ({
    key: entry.key,
    wire: entry.wire,
    convert: compileConversion(entry.plan, options),
    schema: entry.schema,
  }))
}
