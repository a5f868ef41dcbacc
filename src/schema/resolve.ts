/**
 * Which adapter a schema goes through (schema/adapter.ts): the one place fw
 * tells schema libraries apart.
 */
import type { SchemaAdapter } from './adapter'
import { isStandard, standardAdapter } from './standard/adapter'
import { valibotAdapter } from './valibot/adapter'

/**
 * Is this a Standard Schema V1 (`~standard.validate`)? zod, arktype, valibot,
 * effect Schema, … all are (schema/standard/adapter.ts `isStandard`, the one test).
 *
 * @example
 * isStandardSchema(z.string()) // true
 */
export const isStandardSchema: (schema: unknown) => boolean = isStandard

/**
 * The adapter of a schema: valibot's for a valibot schema (`kind: 'schema'`
 * with `~run`, vendor `valibot`); `undefined` for anything no adapter owns.
 * A Standard Schema of another library (zod, arktype, effect, …) goes
 * through the Standard Schema adapter (schema/standard/, SPEC §3.6).
 *
 * @example
 * resolveAdapter(v.string())?.vendor // 'valibot'
 */
export function resolveAdapter(schema: unknown): SchemaAdapter | undefined {
  if (valibotAdapter.owns(schema)) return valibotAdapter
  if (standardAdapter.owns(schema)) return standardAdapter as SchemaAdapter
  return undefined
}
