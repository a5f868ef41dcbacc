/**
 * What planning reads of a schema of any library, through the seam
 * (schema/adapter.ts, schema/resolve.ts): its conversion plan's kind, its
 * presence. Build time only.
 */
import type { ConversionPlan, Presence } from './adapter'
import { resolveAdapter } from './resolve'

const SAME: ConversionPlan = { to: 'same' }

/**
 * The kind of value a schema converts to, through `maybe` (optional /
 * nullable): `'array'`, `'object'`, `'string'`, … (`'same'` for a schema no adapter owns).
 *
 * @example
 * planKind(z.array(z.string()).optional()) // 'array'
 */
export function planKind(schema: unknown): ConversionPlan['to'] {
  let plan = resolveAdapter(schema)?.plan(schema) ?? SAME
  for (let hops = 0; plan.to === 'maybe' && hops < 16; hops++) plan = plan.inner
  return plan.to
}

/**
 * Optional / nullable / default of a schema of any library (`undefined` for a schema no adapter owns).
 *
 * @example
 * presenceOf(z.number().default(1)) // { optional: true, nullable: false, hasDefault: true, default: 1 }
 */
export function presenceOf(schema: unknown): Presence | undefined {
  return resolveAdapter(schema)?.presence(schema)
}
