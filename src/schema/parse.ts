import { HttpError } from '../exceptions/http'
import type { Check, CheckResult, ConversionPlan } from './adapter'
import { compileConversion, type Converter } from './convert'
import type { Failure } from './issues'
import { unwrapPlan } from './inspect'
import { resolveAdapter } from './resolve'
import type { AnySchema } from './types'

/**
 * A value that failed validation, returned (not thrown) by a `Checker`: the
 * 400 path then costs no Error and no stack capture.
 */
export class Invalid {
  // declared (set by the constructor, no field definitions emitted before it)
  declare readonly reason: string
  /** item names from the param down to the failing value */
  declare readonly path: (string | number)[]
  /** every failure when validation found several (the first is `reason`/`path`) */
  declare readonly all: readonly Failure[]

  constructor(reason: string, path: (string | number)[] = [], all?: readonly Failure[]) {
    this.reason = reason
    this.path = path
    this.all = all ?? [{ reason, path }]
  }
}

/**
 * Converts then validates one value: returns the output, or an `Invalid` when
 * validation fails (a promise of either when the schema's library validates
 * asynchronously). A value that cannot be converted still throws `ConversionError`.
 */
export type Checker = (value: unknown) => unknown

/**
 * A schema's convert-then-check (any adapted library), built once: `check`
 * returns the output, or failures as `Invalid` with their items named as on
 * the wire (fw's request path calls it per param, pipeline/extract.ts).
 *
 * @example
 * new SchemaChecker(v.pipe(v.string(), v.email())).check('x') instanceof Invalid // true
 * // `depth`: as `compileConversion`'s
 */
export class SchemaChecker {
  /** the schema's wire converter (compiled from its `ConversionPlan`, schema/convert.ts) */
  readonly #convert: Converter
  /** the adapter's validation of a converted value (valibot's, or a Standard Schema's) */
  readonly #validate: Check
  /** the plan issue paths are followed through, to name each object entry by its wire name */
  readonly #plan: ConversionPlan

  constructor(schema: AnySchema, options: { depth?: number } = {}) {
    const adapter = resolveAdapter(schema)
    if (!adapter)
      throw new TypeError(
        `fw: not a schema of any supported library (valibot, or a Standard Schema V1): ${String((schema as { type?: unknown } | undefined)?.type ?? typeof schema)}`,
      )
    const plan = adapter.plan(schema)
    // `bare`: an object naming an entry as Object.prototype names a member reaches the library as a copy of no prototype
    this.#convert = compileConversion(plan, { depth: options.depth, bare: true })
    this.#validate = adapter.check(schema)
    this.#plan = plan
  }

  /**
   * The converted, validated value, or its `Invalid` (a promise of either for an async library check).
   * A transform or refinement that throws on the value is that value's `Invalid` too, with the thrown
   * message (SPEC §3.6); an fw `HttpError` thrown there keeps its status.
   */
  check(value: unknown): unknown {
    const converted = this.#convert(value)
    // valibot's own run (through its adapter): a compiled second checker (schema/fast/, removed) gained under 10 %
    // on the in-process rows E3/E5 (E1 +15–27 %, E3 +1–8 %, E5 −3–+9 %, medians of alternating batches, Node 20, loaded machine).
    let result: CheckResult | Promise<CheckResult>
    try {
      result = this.#validate(converted)
    } catch (error) {
      return thrownInvalid(error)
    }
    return result instanceof Promise
      ? result.then((settled) => this.#answer(settled), thrownInvalid)
      : this.#answer(result)
  }

  #answer(result: CheckResult): unknown {
    if (result.ok) return result.value
    return invalidOf(
      result.issues.map((issue) => ({
        reason: issue.message,
        path: wirePath(this.#plan, issue.path),
      })),
    )
  }
}

/**
 * Build the convert-then-validate function of a schema (any adapted library),
 * once: `SchemaChecker`'s `check` as a function.
 *
 * @example
 * compileChecker(v.pipe(v.string(), v.email()))('x') instanceof Invalid // true
 */
export function compileChecker(schema: AnySchema, options: { depth?: number } = {}): Checker {
  const checker = new SchemaChecker(schema, options)
  return (value) => checker.check(value)
}

/**
 * Follow an issue path through the plan, naming object entries by their wire name (a copy of the
 * keys as they are where no entry on the way has a wire name of its own).
 */
function wirePath(plan: ConversionPlan, keys: readonly (string | number)[]): (string | number)[] {
  let current: ConversionPlan | undefined = plan
  return keys.map((key) => {
    const node = current && unwrapPlan(current)
    const entry = node?.to === 'object' ? node.entries.find((item) => item.key === key) : undefined
    current = entry
      ? entry.plan
      : node?.to === 'array'
        ? node.item
        : node?.to === 'record'
          ? node.value
          : node?.to === 'tuple'
            ? node.items[key as number]
            : undefined
    return entry ? entry.wire : key
  })
}

/** The longest thrown message a 400 repeats (a library may quote the whole refused value in it). */
const MAX_THROWN_MESSAGE = 200

/**
 * What a schema's own code threw while checking a value (a throwing `transform`, `.pipe`, refinement):
 * the `Invalid` of that value with the thrown message, never its stack; an `HttpError` is rethrown.
 */
function thrownInvalid(error: unknown): Invalid {
  if (error instanceof HttpError) throw error
  const reason =
    (error instanceof Error ? error.message : typeof error === 'string' ? error : '') ||
    'invalid value'
  return new Invalid(
    reason.length > MAX_THROWN_MESSAGE ? `${reason.slice(0, MAX_THROWN_MESSAGE - 3)}...` : reason,
  )
}

function invalidOf(issues: readonly Failure[]): Invalid {
  const first = issues[0] ?? { reason: 'invalid value', path: [] }
  return new Invalid(first.reason, first.path, issues)
}
