import * as v from 'valibot'
import { ConversionError, showValue } from './errors'
import { getFieldOptions } from './field'
import { shapeOf, type AnySchema, type SchemaShape } from './types'

/**
 * Turns a wire value (string, JSON value, form field, header) into what the
 * schema asks for, before valibot validates it (SPEC §3.1). Throws
 * `ConversionError` with the failing item path.
 */
export type Converter = (value: unknown) => unknown

const identity: Converter = (value) => value
const cache = new WeakMap<object, Converter>()

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
const TRUE = new Set(['true', '1', 'yes', 'on', 'y', 't'])
const FALSE = new Set(['false', '0', 'no', 'off', 'n', 'f'])
const INTEGER_ACTIONS = new Set(['integer', 'safe_integer'])

/**
 * Build (once, cached per schema object) the converter for a schema.
 *
 * @example
 * compileConverter(v.pipe(v.number(), v.integer()))('1.5') // 1
 */
export function compileConverter(schema: AnySchema): Converter {
  const cached = cache.get(schema)
  if (cached) return cached
  // Recursive (lazy) schemas look themselves up while being built.
  let built: Converter = identity
  const late: Converter = (value) => built(value)
  cache.set(schema, late)
  built = build(shapeOf(schema), schema)
  cache.set(schema, built)
  return built
}

function build(shape: SchemaShape, schema: AnySchema): Converter {
  const hook = shape['~fwConvert']
  if (typeof hook === 'function') return (value) => hook.call(shape, value)
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
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
    case 'nullable':
    case 'nullish':
    case 'non_nullable':
    case 'non_nullish':
    case 'non_optional':
      return wrapped(shape)
    case 'array':
      return arrayOf(compileConverter(shape.item as AnySchema))
    case 'tuple':
    case 'loose_tuple':
    case 'strict_tuple':
    case 'tuple_with_rest':
      return tupleOf(shape)
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      return objectOf(shape)
    case 'record':
      return recordOf(compileConverter(shape.value as AnySchema))
    case 'union':
      return unionOf(shape.options as AnySchema[])
    case 'lazy':
      return (value) => compileConverter((shape.getter as (input: unknown) => AnySchema)(value))(value)
    default:
      void schema
      return identity
  }
}

function isInteger(shape: SchemaShape): boolean {
  return shape.pipe?.some((action) => action.kind === 'validation' && INTEGER_ACTIONS.has(action.type)) ?? false
}

function toStringValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return value
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'number') return value
  if (typeof value === 'string') {
    if (NUMBER.test(value)) return Number(value)
    throw new ConversionError(`invalid number: ${showValue(value)}`)
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === undefined || value === null) return value
  throw new ConversionError(`invalid number: ${showValue(value)}`)
}

function toInteger(value: unknown): unknown {
  const number = toNumber(value)
  return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : number
}

function toBigInt(value: unknown): unknown {
  if (typeof value === 'bigint') return value
  if ((typeof value === 'string' && /^[+-]?\d+$/.test(value)) || (typeof value === 'number' && Number.isInteger(value))) {
    return BigInt(value)
  }
  if (value === undefined || value === null) return value
  throw new ConversionError(`invalid integer: ${showValue(value)}`)
}

function toBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string') {
    const lower = value.toLowerCase()
    if (TRUE.has(lower)) return true
    if (FALSE.has(lower)) return false
  } else if (value === 0 || value === 1) {
    return value === 1
  } else if (value === undefined || value === null) {
    return value
  }
  throw new ConversionError(`invalid boolean: ${showValue(value)}`)
}

function toDate(value: unknown): unknown {
  if (value instanceof Date) return value
  let date: Date | undefined
  if (typeof value === 'number') date = epoch(value)
  else if (typeof value === 'string') date = /^-?\d+(?:\.\d+)?$/.test(value) ? epoch(Number(value)) : new Date(value)
  else if (value === undefined || value === null) return value
  if (date === undefined || Number.isNaN(date.getTime())) throw new ConversionError(`invalid date: ${showValue(value)}`)
  return date
}

// Epoch numbers below 1e11 are seconds (good until year 5138), larger ones milliseconds.
function epoch(value: number): Date {
  return new Date(Math.abs(value) < 1e11 ? value * 1000 : value)
}

function matchOption(options: readonly unknown[]): Converter {
  const byText = new Map<string, unknown>()
  for (const option of options) if (!byText.has(String(option))) byText.set(String(option), option)
  return (value) => {
    if (options.includes(value)) return value
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      return byText.has(String(value)) ? byText.get(String(value)) : value
    }
    return value
  }
}

function wrapped(shape: SchemaShape): Converter {
  const inner = compileConverter(shape.wrapped as AnySchema)
  return (value) => (value === undefined || value === null ? value : inner(value))
}

/** Decode a JSON-encoded array/object sent as one string (query param, header). */
function decodeJson(value: string, want: 'array' | 'object'): unknown {
  const first = value.trimStart()[0]
  if ((want === 'array' && first !== '[') || (want === 'object' && first !== '{')) return undefined
  try {
    return JSON.parse(value)
  } catch {
    throw new ConversionError(`invalid JSON: ${showValue(value)}`)
  }
}

function arrayOf(item: Converter): Converter {
  return (value) => {
    if (value === undefined || value === null) return value
    let list: unknown = value
    if (typeof value === 'string') list = decodeJson(value, 'array') ?? [value]
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

function tupleOf(shape: SchemaShape): Converter {
  const items = (shape.items ?? []).map(compileConverter)
  const rest = shape.rest ? compileConverter(shape.rest) : identity
  return (value) => {
    let list: unknown = value
    if (typeof value === 'string') list = decodeJson(value, 'array') ?? [value]
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
export function objectEntries(schema: AnySchema): EntryPlan[] {
  const entries = shapeOf(schema).entries ?? {}
  return Object.keys(entries).map((key) => {
    const entry = entries[key] as AnySchema
    return { key, wire: getFieldOptions(entry)?.alias ?? key, convert: compileConverter(entry) }
  })
}

function objectOf(shape: SchemaShape): Converter {
  const entries = objectEntries(shape as unknown as AnySchema)
  const keepsUnknown = shape.type !== 'object' && shape.type !== 'strict_object'
  const rest = shape.rest ? compileConverter(shape.rest) : identity
  const known = new Set(entries.map((entry) => entry.wire))
  return (value) => {
    let input: unknown = value
    if (typeof value === 'string') input = decodeJson(value, 'object') ?? value
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

function recordOf(convert: Converter): Converter {
  return (value) => {
    let input: unknown = value
    if (typeof value === 'string') input = decodeJson(value, 'object') ?? value
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
    const out: Record<string, unknown> = {}
    copyUnknown(input as Record<string, unknown>, out, new Set(), convert)
    return out
  }
}

function unionOf(options: AnySchema[]): Converter {
  const plans = options.map((option) => ({ option, convert: compileConverter(option) }))
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
