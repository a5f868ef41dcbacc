import * as v from 'valibot'
import { compileConverter } from './convert'
import { FAIL, compileFast } from './fast'
import { refusal } from './fast/containers'
import { compileExplain } from './fast/explain'
import { getFieldOptions } from './field'
import { issueKeys, MAX_ISSUES, reasonOf, type Failure } from './issues'
import { shapeOf, type AnySchema } from './types'
import { innerOf } from './walk'

/**
 * A value that failed validation, returned (not thrown) by a `Checker`: the
 * 400 path then costs no Error and no stack capture.
 */
export class Invalid {
  readonly reason: string
  /** item names from the param down to the failing value */
  readonly path: (string | number)[]
  /** every failure when validation found several (the first is `reason`/`path`) */
  readonly all: readonly Failure[]

  constructor(reason: string, path: (string | number)[] = [], all?: readonly Failure[]) {
    this.reason = reason
    this.path = path
    this.all = all ?? [{ reason, path }]
  }
}

/**
 * Converts then validates one value: returns the output, or an `Invalid` when
 * validation fails. A value that cannot be converted still throws `ConversionError`.
 */
export type Checker = (value: unknown) => unknown

// One issue per failing item (not per failing pipe action), every item listed.
const config = { abortPipeEarly: true } as const

/**
 * Build the convert-then-validate function of a schema, once, returning
 * failures as `Invalid` (fw's request path uses this).
 *
 * @example
 * compileChecker(v.pipe(v.string(), v.email()))('x') instanceof Invalid // true
 * // `{ fast: false }`: convert + valibot only (the differential tests' reference); `depth`: as `compileConverter`'s
 */
export function compileChecker(schema: AnySchema, options: { fast?: boolean; depth?: number } = {}): Checker {
  const convert = compileConverter(schema, { depth: options.depth })
  const aliased = hasAliases(schema)
  const slow: Checker = (value) => {
    const result = v.safeParse(schema, value, config)
    if (result.success) return result.output
    return invalidOf(result.issues.slice(0, MAX_ISSUES).map((issue) => ({ reason: reasonOf(issue), path: aliased ? wirePath(schema, issueKeys(issue)) : issueKeys(issue) })))
  }
  // Common schemas (a bare `v.string()` included) also get one-pass closures; on `FAIL` the slow path gives the answer.
  const fast = options.fast === false ? undefined : compileFast(schema)
  if (!fast) return (value) => slow(convert(value))
  // An object the fast path refused: valibot runs only on the entries that fail (fast/explain.ts).
  const explain = compileExplain(schema, config)
  if (!explain) {
    return (value) => {
      const out = fast(value)
      return out === FAIL ? slow(convert(value)) : out
    }
  }
  const shape = shapeOf(schema)
  return (value) => {
    refusal.shape = undefined
    const out = fast(value)
    if (out !== FAIL) return out
    // the entry the fast run refused, when it was this object's own (not a throw, not a nested object's)
    const refused = refusal.shape === shape ? refusal.index : -1
    const converted = convert(value)
    const found = explain(converted, refused)
    return found ? invalidOf(found) : slow(converted)
  }
}

/** Does any object entry the issue paths can lead through carry a `Field` alias? (else the paths are the keys as they are) */
function hasAliases(schema: AnySchema, seen = new Set<AnySchema>()): boolean {
  const current = innerOf(schema)
  if (seen.has(current)) return false
  seen.add(current)
  const shape = shapeOf(current)
  const entries = Object.values(shape.entries ?? {})
  if (entries.some((entry) => getFieldOptions(entry)?.alias)) return true
  return [...entries, shape.item, shape.value, ...(shape.items ?? [])].some((child) => child !== undefined && hasAliases(child, seen))
}

/** Follow an issue path through the schema, naming object entries by their wire alias. */
function wirePath(schema: AnySchema, keys: (string | number)[]): (string | number)[] {
  let current: AnySchema | undefined = schema
  return keys.map((key) => {
    if (current) current = innerOf(current)
    const shape: ReturnType<typeof shapeOf> | undefined = current && shapeOf(current)
    const entry: AnySchema | undefined = typeof key === 'string' ? shape?.entries?.[key] : undefined
    current = entry ?? shape?.item ?? shape?.value ?? shape?.items?.[key as number]
    return (entry && getFieldOptions(entry)?.alias) || key
  })
}

function invalidOf(all: Failure[]): Invalid {
  const first = all[0] ?? { reason: 'invalid value', path: [] }
  return new Invalid(first.reason, first.path, all)
}
