/**
 * Converters of scalar wire values (docs/api.md, conversion): strings from a path, query,
 * header or form field, or JSON scalars, to what the schema asks for.
 * Each throws `ConversionError` for a value it cannot convert.
 */
import { isAsciiDigits } from '../utils/chars'
import { invalidValue } from './errors'

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/
/** The words a boolean is sent as, lower case: the first six are `true`, the others `false`. */
const BOOLEAN_WORDS = 'true 1 yes on y t false 0 no off n f'.split(' ')

export function toStringValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  return value
}

/**
 * What the `…Of` cores return for a value they cannot convert (a throw costs
 * microseconds on V8, so the cores answer without one); the `to…` converters
 * then throw why.
 */
export const UNCONVERTIBLE: unique symbol = Symbol('fw.schema.unconvertible')

/**
 * `toNumber` without the throw. Only finite numbers: `'-1e400'` (−Infinity once read) and a JSON
 * number beyond ±1.8e308 are refused as `invalid number`, as `Infinity` written out is, whatever
 * the library's bounds would make of them.
 */
export function numberOf(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : UNCONVERTIBLE
  if (typeof value === 'string') {
    // 1–15 digits (`page=2`, the common query number) are exactly what `NUMBER` accepts of such a string
    if (isAsciiDigits(value, 15)) return Number(value)
    const number = NUMBER.test(value) ? Number(value) : Number.NaN
    return Number.isFinite(number) ? number : UNCONVERTIBLE
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === undefined || value === null) return value
  return UNCONVERTIBLE
}

/** The converter of a core: its answer, or the `ConversionError` saying why it has none (`invalid <kind>: <value>`). */
function throwing(core: (value: unknown) => unknown, kind: string): (value: unknown) => unknown {
  return (value) => {
    const out = core(value)
    if (out === UNCONVERTIBLE) throw invalidValue(kind, value)
    return out
  }
}

export const toNumber: (value: unknown) => unknown = /* @__PURE__ */ throwing(numberOf, 'number')

/** `toInteger` without the throw. */
export function integerOf(value: unknown): unknown {
  const number = numberOf(value)
  if (typeof number !== 'number') return number
  const integer = Math.trunc(number)
  return Number.isSafeInteger(integer) ? integer : UNCONVERTIBLE
}

/** A number truncated to an integer; beyond ±2^53 − 1 it is no exact integer any more: refused. */
export function toInteger(value: unknown): unknown {
  const integer = integerOf(value)
  if (integer !== UNCONVERTIBLE) return integer
  toNumber(value)
  throw invalidValue('integer', value, ' is out of the safe integer range')
}

export function toBigInt(value: unknown): unknown {
  if (typeof value === 'bigint') return value
  if (
    (typeof value === 'string' && /^[+-]?\d+$/.test(value)) ||
    (typeof value === 'number' && Number.isInteger(value))
  ) {
    return BigInt(value)
  }
  if (value === undefined || value === null) return value
  throw invalidValue('integer', value)
}

/** `toBoolean` without the throw. */
export function booleanOf(value: unknown): unknown {
  if (typeof value === 'boolean') return value
  if (typeof value === 'string') {
    const index = BOOLEAN_WORDS.indexOf(value.toLowerCase())
    if (index >= 0) return index < 6
  } else if (value === 0 || value === 1) {
    return value === 1
  } else if (value === undefined || value === null) {
    return value
  }
  return UNCONVERTIBLE
}

export const toBoolean: (value: unknown) => unknown = /* @__PURE__ */ throwing(booleanOf, 'boolean')

export function toDate(value: unknown): unknown {
  if (value instanceof Date) return value
  let date: Date | undefined
  if (typeof value === 'number') date = epoch(value)
  else if (typeof value === 'string')
    date = /^-?\d+(?:\.\d+)?$/.test(value) ? epoch(Number(value)) : new Date(value)
  else if (value === undefined || value === null) return value
  if (date === undefined || Number.isNaN(date.getTime())) throw invalidValue('date', value)
  return date
}

// Epoch numbers below 1e11 are seconds (good until year 5138), larger ones milliseconds.
function epoch(value: number): Date {
  return new Date(Math.abs(value) < 1e11 ? value * 1000 : value)
}

export function matchOption(options: readonly unknown[]): (value: unknown) => unknown {
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
