/**
 * The one converter of wire values (SPEC §3.1), compiled from a library-neutral
 * `ConversionPlan` (schema/adapter.ts): every schema library converts alike.
 */
import type { ConversionPlan, PlannedOption } from './adapter'
import { ConversionError } from './errors'
import { arrayOf, type Converter, objectOf, recordOf, tupleOf } from './convert-containers'
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

export type { Converter } from './convert-containers'

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
        compile,
      )
    case 'record':
      return recordOf(compile(plan.value), depth)
    case 'union':
      return unionOf(plan.options, compile)
    case 'lazy':
      return (value) => compile(plan.resolve(value))(value)
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
