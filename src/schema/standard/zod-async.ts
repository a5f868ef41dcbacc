/**
 * zod ≥ 4's `~standard.validate` parses synchronously first: an async transform
 * or refinement met on the way has already been called when zod gives up and
 * parses again asynchronously, so that first promise has no handler — its
 * rejection is an unhandled rejection (Node ends the process on it) and every
 * async check runs twice (colinhacks/zod#6610). For a zod schema holding an
 * async function, or one seen answering with a promise, fw calls zod's own
 * `safeParseAsync` instead: each check runs once and its rejection is awaited.
 */
import { isFunction, isObject } from '../../utils/is'
import type { StandardResult, StandardSchemaV1 } from '../adapter'

type Validate = (value: unknown) => StandardResult<unknown> | Promise<StandardResult<unknown>>

/** What fw reads of a zod ≥ 4 schema (checked at build: the vendor, `safeParseAsync`, `_zod.def`). */
interface ZodLike {
  _zod?: { def?: unknown }
  safeParseAsync?(value: unknown): Promise<{
    success: boolean
    data?: unknown
    error?: { issues: NonNullable<StandardResult<unknown>['issues']> }
  }>
}

/** The definitions walked at most per schema (recursive and very large schemas stop there: learned then). */
const MAX_NODES = 5000

const AsyncFunction = (async () => {}).constructor

/** Whether a zod definition tree holds an `async` function (a transform, refinement or check). */
function holdsAsyncFunction(root: unknown): boolean {
  const seen = new Set<unknown>()
  const pending: unknown[] = [root]
  while (pending.length > 0 && seen.size < MAX_NODES) {
    const node = pending.pop()
    if (node instanceof AsyncFunction) return true
    if (!isObject(node) || seen.has(node)) continue
    seen.add(node)
    const inner = (node as ZodLike)._zod
    if (inner !== undefined) pending.push(inner.def)
    // a getter (zod's lazy `shape`, a recursive field) is read as zod itself reads it when parsing;
    // one that throws hides nothing zod could run
    else
      for (const key of Object.keys(node))
        try {
          pending.push((node as Record<string, unknown>)[key])
        } catch {}
  }
  return false
}

/**
 * The schema's validate function: `~standard.validate`, or for a zod schema
 * with async checks its `safeParseAsync` (decided at build, and learned when a
 * synchronous-looking schema first answers with a promise).
 *
 * @example
 * const validate = validatorOf(z.string().refine(async (name) => free(name)))  // safeParseAsync
 */
export function validatorOf(schema: StandardSchemaV1): Validate {
  const standard = schema['~standard'].validate as Validate
  const { _zod: zod, safeParseAsync } = schema as ZodLike
  const def = zod?.def
  if (
    schema['~standard'].vendor !== 'zod' ||
    !isFunction(safeParseAsync) ||
    typeof def !== 'object'
  )
    return standard
  const parseAsync = (value: unknown) =>
    safeParseAsync
      .call(schema, value)
      .then((parsed) =>
        parsed.success ? { value: parsed.data } : { issues: parsed.error?.issues ?? [] },
      )
  if (holdsAsyncFunction(def)) return parseAsync
  let learnedAsync = false
  return (value) => {
    if (learnedAsync) return parseAsync(value)
    const result = standard(value)
    learnedAsync = result instanceof Promise
    return result
  }
}
