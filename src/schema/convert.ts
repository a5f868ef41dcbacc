/**
 * The one converter of wire values (SPEC §3.1), compiled from a library-neutral
 * `ConversionPlan` (schema/adapter.ts): every schema library converts alike.
 */
import { type ConversionPlan, type PlannedOption, SAME_PLAN } from './adapter'
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
  /**
   * an object naming an entry as Object.prototype names a member (`constructor`, `toString`) comes
   * out as a copy of no prototype, nested and in lists too: what a checker hands its library
   * (schema/parse.ts), else it (valibot's `key in input`) takes the inherited member for an absent
   * entry — a request without a `constructor` cookie was a 400 "received Function"
   */
  bare?: boolean
}

const identity: Converter = (value) => value
/** The JSON depth limit when a caller names none (the default `limits.depth`). */
export const DEFAULT_JSON_DEPTH = 100

/** Converters per JSON depth limit and `bare` (one key), then per plan object (built at compile time; holds no request data). */
const caches = new Map<number, WeakMap<object, Converter>>()

/**
 * Build (once, cached per plan object) the converter of a conversion plan.
 *
 * @example
 * compileConversion({ to: 'number', integer: true })('1.5') // 1
 */
export function compileConversion(plan: ConversionPlan, options: ConvertOptions = {}): Converter {
  const depth = options.depth ?? DEFAULT_JSON_DEPTH
  const key = depth * 2 + (options.bare ? 1 : 0)
  let cache = caches.get(key)
  if (!cache) caches.set(key, (cache = new WeakMap()))
  const cached = cache.get(plan)
  if (cached) return cached
  // A plan refers to itself only through `lazy` (a recursive schema), resolved per value: its
  // converter is built after it, never while it is built.
  const built = build(plan, depth, options.bare)
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

function build(plan: ConversionPlan, depth: number, bare?: boolean): Converter {
  const compile = (inner: ConversionPlan = SAME_PLAN): Converter =>
    compileConversion(inner, { depth, bare })
  switch (plan.to) {
    case 'same':
      return identity
    case 'custom':
      return plan.convert
    case 'maybe': {
      const inner = compile(plan.inner)
      // the string rule's, a list's and an object's converter hand `undefined` and `null` on as they are:
      // such an inner converter is the converter itself (no wrapper called per value)
      if (['string', 'array', 'object'].includes(plan.inner.to)) return inner
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
      return tupleOf(
        plan.items.map((item) => compile(item)),
        compile(plan.rest),
        depth,
      )
    case 'object':
      return objectOf(plan.entries, plan.unknownKeys, compile(plan.rest), depth, compile, bare)
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
  const tag = tagOf(options)
  return (value) => {
    // A tagged union: the member the value's tag names is tried first (one member, not each in
    // turn), at index -1; its error is not the union's (every member is tried after it, in order).
    const named =
      tag && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)[tag.wire]
        : undefined
    const tagged = named == null ? undefined : plans[tag?.byText.get(String(named)) ?? -1]
    let firstError: unknown
    for (let index = tagged ? -1 : 0; index < plans.length; index++) {
      const option = index < 0 ? tagged : plans[index]
      if (!option) continue
      try {
        const converted = option.convert(value)
        if (option.fits(converted)) return converted
      } catch (error) {
        if (!(error instanceof ConversionError)) throw error
        if (index >= 0) firstError ??= error
      }
    }
    // No option fits: hand the value on unchanged so the library reports the union.
    if (firstError && !anyString) throw firstError
    return value
  }
}

/**
 * The tag of a union of objects: a key (its wire name) every member holds one literal under (a
 * string, number or boolean), each member's literal its own, with the member each literal's text
 * names; `undefined` when the members share no such key. `v.union` and zod's `z.union` of
 * `{ kind: 'a', … } | { kind: 'b', … }` have one.
 */
function tagOf(
  options: readonly PlannedOption[],
): { wire: string; byText: ReadonlyMap<string, number> } | undefined {
  const first = options[0]?.plan
  if (options.length < 2 || first?.to !== 'object') return undefined
  for (const { wire } of first.entries) {
    const byText = new Map<string, number>()
    for (const [index, { plan }] of options.entries()) {
      const entry =
        plan.to === 'object' ? plan.entries.find((item) => item.wire === wire) : undefined
      // one literal option, a string, number or boolean, whose text no other member has
      const [literal, ...others] = entry?.plan.to === 'option' ? entry.plan.options : []
      if (others.length || !['string', 'number', 'boolean'].includes(typeof literal)) break
      const text = String(literal)
      if (byText.has(text)) break
      byText.set(text, index)
    }
    if (byText.size === options.length) return { wire, byText }
  }
  return undefined
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
