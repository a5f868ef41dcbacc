/**
 * The failures of an object value the fast path refused, found entry by entry:
 * each entry's fast node vouches for the entries that pass, and
 * valibot runs only on the entries that fail, so a body with one bad field
 * costs one small valibot run instead of a run over the whole object. The
 * answer is what valibot's run of the whole object lists (same issues, same
 * order, same messages): an object runs its entries in order with the same
 * config, prefixing each issue's path with the entry's key, and a missing
 * required entry is a schema issue without input ("required item missing").
 *
 * Anything this does not mirror step by step gives `undefined` and the caller
 * runs valibot on the whole value: a value that is no plain object, a strict
 * object with an unknown key, no failing entry found. Compiled only for a
 * plain object schema without a pipe whose entries all have fast nodes and
 * no default function (a node's check could call it once more than valibot does).
 */
import * as v from 'valibot'
import { issueKeys, MAX_ISSUES, reasonOf, type Failure } from '../issues'
import { shapeOf, type AnySchema } from '../types'
import { compileNode, isPlain } from './compile'
import { entryPlans, type EntryPlan } from './containers'
import { FAIL, type FastShape } from './types'

/**
 * The failures of a converted value, or undefined: run valibot on the whole value.
 * `refused`: the entry the fast run of the same value refused (`refusal` in
 * containers.ts), when known: the entries before it are not checked again, and
 * it goes straight to valibot.
 */
export type Explain = (converted: unknown, refused?: number) => Failure[] | undefined

const OBJECTS = new Set(['object', 'loose_object', 'strict_object'])
/** Nesting walked looking for default functions (a deeper schema counts as having one). */
const MAX_DEPTH = 64

/** Does any schema in this tree have a default function? (each schema looked at once; too deep counts as yes) */
function callsDefaults(schema: AnySchema | undefined, depth = 0, seen = new Set<AnySchema>()): boolean {
  if (schema === undefined || seen.has(schema)) return false
  if (depth > MAX_DEPTH) return true
  seen.add(schema)
  const shape = shapeOf(schema)
  if (typeof shape.default === 'function') return true
  const first = shape.pipe?.[0] as AnySchema | undefined
  const children = [shape.wrapped, shape.item, first, ...Object.values(shape.entries ?? {})]
  return children.some((child) => callsDefaults(child, depth + 1, seen))
}

/** Does the entry's fast node vouch for this value (valibot would find no issue)? */
function passes(plan: EntryPlan, value: unknown): boolean {
  try {
    return plan.node.check(value) !== FAIL
  } catch {
    return false
  }
}

/**
 * The explainer of an object schema (see the file comment), or undefined for
 * any other schema.
 *
 * @example
 * compileExplain(v.object({ a: v.string(), b: v.number() }), { abortPipeEarly: true })?.({ b: 'x' })
 * // [{ reason: 'required item missing', path: ['a'] }, { reason: 'Invalid type: Expected number but received "x"', path: ['b'] }]
 */
export function compileExplain(schema: AnySchema, config: v.Config<v.BaseIssue<unknown>>): Explain | undefined {
  const shape = shapeOf(schema) as FastShape
  if (!isPlain(schema) || shape.pipe || !OBJECTS.has(shape.type) || callsDefaults(schema)) return undefined
  const plans = entryPlans(shape, compileNode)
  if (!plans) return undefined
  const entries = shape.entries ?? {}
  const strict = shape.type === 'strict_object'
  // a global `abortEarly` (v.setGlobalConfig) stops valibot's run at the first failing entry (read once a failure is found)
  const stops = (): boolean => v.getGlobalConfig(config).abortEarly === true
  return (converted, refused = -1) => {
    if (typeof converted !== 'object' || converted === null || Array.isArray(converted)) return undefined
    const source = converted as Record<string, unknown>
    if (strict) for (const key of Object.keys(source)) if (!Object.hasOwn(entries, key)) return undefined
    let found: Failure[] | undefined
    let early: boolean | undefined
    // the entries before the refused one passed the fast run
    for (let index = refused < 0 ? 0 : refused; index < plans.length; index++) {
      const plan = plans[index] as EntryPlan
      const present = Object.hasOwn(source, plan.key)
      if (!present && !plan.defaulted) {
        if (plan.optional) continue
        ;(found ??= []).push({ reason: 'required item missing', path: [plan.key] })
        if ((early ??= stops())) break
        continue
      }
      // valibot runs the entry on its value, or on its (static) default when absent
      const value = present ? source[plan.key] : shapeOf(plan.schema).default
      if (index !== refused && passes(plan, value)) continue
      const result = v.safeParse(plan.schema, value, config)
      if (result.success) return undefined
      found ??= []
      for (const issue of result.issues) {
        if (found.length >= MAX_ISSUES) break
        found.push({ reason: reasonOf(issue), path: issueKeys(issue, plan.key) })
      }
      if ((early ??= stops()) || found.length >= MAX_ISSUES) break
    }
    return found && found.length > MAX_ISSUES ? found.slice(0, MAX_ISSUES) : found
  }
}
