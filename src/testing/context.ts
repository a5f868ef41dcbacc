/**
 * What value generation (generate.ts, scalars.ts) reads: where a value
 * travels, how a local `$ref` resolves, and a schema's keywords read safely
 * (numbers, sub-schemas, types, `$ref` followed).
 */
import type { JsonSchema } from '../openapi/schema'

/** Where a generated value travels: decides its alphabet and whether `null` and empty lists can be sent. */
export type Wire = 'json' | 'form' | 'query' | 'header' | 'cookie' | 'path'

/** What generation needs besides the schema. */
export interface GenerateContext {
  wire: Wire
  /** a local `$ref` (`#/components/schemas/X`) → its schema */
  resolve: (ref: string) => JsonSchema | undefined
}

export const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
export const asSchema = (value: unknown): JsonSchema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined

/** `null` and empty lists cannot be sent outside a JSON body (an empty list is no field at all). */
export const wireHasNull = (context: GenerateContext): boolean => context.wire === 'json'

/** The schema with its `$ref` followed (one level at a time). */
export function resolved(schema: JsonSchema, context: GenerateContext): JsonSchema {
  const ref = schema.$ref
  if (typeof ref !== 'string') return schema
  const target = context.resolve(ref)
  return target
    ? { ...target, ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$ref')) }
    : {}
}

/** The types a schema names (`type: 'x'` or `type: ['x', 'null']`); empty when it names none. */
export function typesOf(schema: JsonSchema): string[] {
  const type = schema.type
  if (typeof type === 'string') return [type]
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : []
}
