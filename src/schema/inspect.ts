/**
 * What fw reads about a schema of any adapted library, through the seam
 * (schema/adapter.ts): its conversion plan, the kind of value it takes on the
 * wire, its object entries, whether it may be absent. Folders outside
 * `src/schema/` ask these, never a library's schema objects.
 */
import {
  type ConversionPlan,
  type PlannedEntry,
  type Presence,
  presence,
  SAME_PLAN,
} from './adapter'
import { resolveAdapter } from './resolve'

const ABSENT = presence(false, false)
/** Wrappers nest only as deep as an author wrote them; the walk is bounded all the same. */
const MAX_WRAPPERS = 16

/** The conversion plan of a schema (`same` for a value no adapter owns). */
export function planOf(schema: unknown): ConversionPlan {
  return resolveAdapter(schema)?.plan(schema) ?? SAME_PLAN
}

/** A plan under its `maybe` wrappers (optional, nullable, …). */
export function unwrapPlan(plan: ConversionPlan): ConversionPlan {
  let current = plan
  for (let hops = 0; hops < MAX_WRAPPERS && current.to === 'maybe'; hops++) current = current.inner
  return current
}

/**
 * What a schema takes on the wire, under its wrappers: `'array'`, `'object'`, `'string'`, …
 *
 * @example
 * wireKind(v.optional(v.array(v.string()))) // 'array'
 */
export function wireKind(schema: unknown): ConversionPlan['to'] {
  return unwrapPlan(planOf(schema)).to
}

/** Does the schema take a list (array or tuple: repeated query keys)? */
export function takesList(schema: unknown): boolean {
  const kind = wireKind(schema)
  return kind === 'array' || kind === 'tuple'
}

/** The entries of an object schema (under its wrappers) with their wire names; `[]` for any other schema. */
export function schemaEntries(schema: unknown): readonly PlannedEntry[] {
  const plan = unwrapPlan(planOf(schema))
  return plan.to === 'object' ? plan.entries : []
}

/** Optional / nullable / default of a schema (nothing of the kind for a value no adapter owns). */
export function presenceOf(schema: unknown): Presence {
  return resolveAdapter(schema)?.presence(schema) ?? ABSENT
}

/**
 * May the value be absent? (valibot: the outermost wrapper is `v.optional`, `v.nullish`, …; not `v.nullable`)
 *
 * @example
 * mayBeAbsent(v.nullish(v.string())) // true
 */
export function mayBeAbsent(schema: unknown): boolean {
  return presenceOf(schema).optional
}
