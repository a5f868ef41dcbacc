/**
 * The converters of containers (lists, tuples, objects, records), built from their items'
 * converters by `compileConversion` (schema/convert.ts). A container converts copy on write:
 * one sent as the schema asks goes on to the library as it is.
 */
import { jsonDepthExceeds } from '../utils/json-depth'
import type { ConversionPlan, PlannedEntry } from './adapter'
import { ConversionError, invalidValue } from './errors'
import { toStringValue } from './scalars'

/**
 * Turns a wire value (string, JSON value, form field, header) into what the
 * schema asks for, before the library validates it. Throws `ConversionError`
 * with the failing item path.
 */
export type Converter = (value: unknown) => unknown

/** Decode a JSON-encoded array (`[`) or object (`{`) sent as one string (query param, header), no deeper than `depth`. */
function decodeJson(value: string, open: '[' | '{', depth: number): unknown {
  if (value.trimStart()[0] !== open) return undefined
  if (jsonDepthExceeds(value, depth))
    throw new ConversionError(`JSON value nested deeper than ${depth} levels`)
  try {
    return JSON.parse(value)
  } catch {
    throw invalidValue('JSON', value)
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

/**
 * A list converter: each item by `itemAt(index)`, copied only from the first item that converts to
 * something else (a list sent as the schema asks, any JSON body's, is handed on as it is). A single
 * value becomes a one-element list with `wrap`; without it (a tuple) a non-list goes to the schema.
 * With `stringsKept` (the items' converter is the string rule, `toStringValue`: a string stays as
 * it is), a string item is not handed to it.
 */
function listOf(
  itemAt: (index: number) => Converter,
  wrap: boolean,
  depth: number,
  stringsKept = false,
): Converter {
  return (value) => {
    if (value === undefined || value === null) return value
    let list: unknown = value
    if (typeof value === 'string') list = decodeJson(value, '[', depth) ?? [value]
    if (!Array.isArray(list)) {
      if (!wrap) return list
      list = [list]
    }
    const items = list as unknown[]
    let out: unknown[] | undefined
    for (let index = 0; index < items.length; index++) {
      const read = items[index]
      const converted =
        stringsKept && typeof read === 'string' ? read : within(index, itemAt(index), read)
      if (out !== undefined) out[index] = converted
      else if (converted !== read) {
        out = items.slice(0, index)
        out[index] = converted
      }
    }
    return out ?? items
  }
}

/** A list of `item`s: repeated query keys, JSON text, or a single value as a one-element list. */
export function arrayOf(item: Converter, depth: number): Converter {
  return listOf(() => item, true, depth, item === toStringValue)
}

/** A tuple: each position by its own converter, the positions after them by `rest`. */
export function tupleOf(items: readonly Converter[], rest: Converter, depth: number): Converter {
  return listOf((index) => items[index] ?? rest, false, depth)
}

export function objectOf(
  planned: readonly PlannedEntry[],
  unknownKeys: 'strip' | 'keep',
  rest: Converter,
  depth: number,
  compile: (plan: ConversionPlan) => Converter,
  bare = false,
): Converter {
  const entries: readonly ObjectEntry[] = planned.map((entry) => ({
    key: entry.key,
    wire: entry.wire,
    convert: compile(entry.plan),
    inherited: entry.wire in Object.prototype,
  }))
  // An aliased entry's schema key is no unknown key either: sent instead of its wire name, it is not copied through.
  const known = new Set(entries.flatMap((entry) => [entry.wire, entry.key]))
  const keep = unknownKeys === 'keep'
  // The object as sent may go on to the library when nothing in it converts: its unknown keys are
  // the library's to drop (`strip`), and every entry is read under its own key (no wire name).
  // With `bare` (ConvertOptions.bare), an object naming an entry as Object.prototype names a member
  // is made a copy of no prototype.
  const made = bare && entries.some((entry) => entry.inherited || entry.key in Object.prototype)
  const reusable = !keep && !made && entries.every((entry) => entry.key === entry.wire)
  return (value) => {
    let input: unknown = value
    if (typeof value === 'string') input = decodeJson(value, '{', depth) ?? value
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
    const source = input as Record<string, unknown>
    const out = convertEntries(source, entries, reusable, made)
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
 * With `reusable` (see `objectOf`), an ordinary object (`Object.prototype`, as `JSON.parse` makes
 * them) whose every entry converts to itself is returned as it is; the copy starts at the first
 * entry that converts to something else. With `bare`, the copy is one of no prototype.
 */
function convertEntries(
  source: Record<string, unknown>,
  entries: readonly ObjectEntry[],
  reusable: boolean,
  bare: boolean,
): Record<string, unknown> {
  const prototype = Object.getPrototypeOf(source)
  const ordinary = prototype === Object.prototype
  let out: Record<string, unknown> | undefined =
    reusable && ordinary ? undefined : bare ? Object.create(null) : {}
  // nothing but `Object.prototype` to inherit from (query, form and JSON values)
  const plain = ordinary || prototype === null
  let index = 0
  try {
    for (; index < entries.length; index++) {
      const entry = entries[index] as ObjectEntry
      const wire = entry.wire
      // On a plain object, a name `Object.prototype` lacks is read once: a value read is the object's own.
      const own = entry.inherited || !plain ? Object.hasOwn(source, wire) : undefined
      const read = own === false ? undefined : source[wire]
      // the string rule leaves a string as it is: not called for one (a JSON body's text fields)
      const converted =
        typeof read === 'string' && entry.convert === toStringValue ? read : entry.convert(read)
      if (out === undefined) {
        if (converted === read) continue
        out = entriesBefore(source, entries, index)
      }
      const present = own ?? (read !== undefined || Object.hasOwn(source, wire))
      if (converted !== undefined || present) out[entry.key] = converted
    }
  } catch (error) {
    const failing = entries[index]
    throw error instanceof ConversionError && failing ? error.within(failing.wire) : error
  }
  return out ?? source
}

/** The first `count` entries of an ordinary object, each unchanged by its conversion, copied. */
function entriesBefore(
  source: Record<string, unknown>,
  entries: readonly ObjectEntry[],
  count: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (let index = 0; index < count; index++) {
    const { key, inherited } = entries[index] as ObjectEntry
    if (inherited ? Object.hasOwn(source, key) : key in source) out[key] = source[key]
  }
  return out
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

/** An object whose every key's value converts alike (into a new object; `__proto__` dropped). */
export function recordOf(convert: Converter, depth: number): Converter {
  return objectOf([], 'keep', convert, depth, () => convert)
}
