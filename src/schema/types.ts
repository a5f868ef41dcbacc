import type * as v from 'valibot'
import type { ConversionPlan } from './adapter'

/** Any valibot schema (sync); the unit every fw param is declared with. */
export type AnySchema = v.GenericSchema

/**
 * The parts of a valibot schema fw inspects once, at compile time, to build its
 * conversion plan. valibot schemas are plain objects, so this is a read-only view.
 */
export interface SchemaShape {
  readonly kind?: string
  readonly type: string
  readonly pipe?: readonly { readonly kind: string; readonly type: string }[]
  readonly entries?: Record<string, AnySchema>
  readonly item?: AnySchema
  readonly items?: readonly AnySchema[]
  readonly wrapped?: AnySchema
  readonly options?: readonly unknown[]
  readonly literal?: unknown
  readonly key?: AnySchema
  readonly value?: AnySchema
  readonly rest?: AnySchema
  readonly default?: unknown
  readonly getter?: (input: unknown) => AnySchema
  /** extension hook: a schema (e.g. `file.Image`) that converts its own wire value */
  readonly '~fwConvert'?: (value: unknown) => unknown
  /** a valibot schema that stands for another library's schema (valibot/embed.ts) carries that schema's plan */
  readonly '~fwPlan'?: ConversionPlan
}

/** View a schema through the fields fw reads. */
export function shapeOf(schema: AnySchema): SchemaShape {
  return schema as unknown as SchemaShape
}
