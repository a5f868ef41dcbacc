/**
 * The schema seam: everything fw needs from a schema library, in one
 * interface. valibot is one adapter (`schema/valibot/`); any Standard Schema
 * V1 library (zod, arktype, effect, …) is another (SPEC §3.6). Outside
 * `src/schema/` fw reaches a schema only through a `SchemaAdapter` (picked by
 * `resolveAdapter`, schema/resolve.ts) and the library-neutral values it
 * returns: a `ConversionPlan`, a `Check`, a JSON Schema, a `Presence`.
 *
 * This file holds types (and two constants; no runtime import), so every adapter can
 * implement it without an import cycle.
 */

export type { StandardResult, StandardSchemaV1 } from '../types'
import type { StandardSchemaV1 } from '../types'

/** The input type of any schema fw takes (from `~standard.types`; valibot's `InferInput` agrees). */
export type SchemaInput<S> = S extends StandardSchemaV1<infer Input, unknown> ? Input : unknown

/** The output type of any schema fw takes (what the handler receives). */
export type SchemaOutput<S> = S extends StandardSchemaV1<unknown, infer Output> ? Output : unknown

/**
 * One validation failure, the one shape every library's issues are mapped to
 * (fw's 400 messages and `errors` items, SPEC §4/§3.6, are built from it).
 */
export interface SchemaIssue {
  /** why: the library's message (`required item missing` for an absent required value) */
  readonly message: string
  /** item names from the checked value down to the failing one (`[]` at the top), schema keys as the library reports them */
  readonly path: readonly (string | number)[]
}

/** The most issues one check reports (a body with thousands of bad items lists the first ones). */
export const MAX_SCHEMA_ISSUES = 100

/** The outcome of one check: the library's output (transforms and defaults applied), or its issues. */
export type CheckResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly SchemaIssue[] }

/**
 * A schema's validation, built once per schema at compile time: synchronous
 * when the library allows it (valibot, a sync Standard Schema), a promise
 * otherwise (an async refinement). Validates an already converted value.
 */
export type Check = (value: unknown) => CheckResult | Promise<CheckResult>

/**
 * How wire values convert before validation (SPEC §3.1), as data: planned once
 * per schema, compiled by fw (`compileConversion`, schema/convert.ts) into one
 * converter, so every library converts exactly alike.
 *
 * - `same`: passes unchanged (unknown, any, a plain Standard Schema without JSON Schema)
 * - `string` / `number` (`integer`: truncate toward zero) / `bigint` / `boolean` / `date`: scalars
 * - `option`: one of fixed values (picklist, enum, literal): `'1'` matches `1`
 * - `array` / `tuple`: repeated keys or JSON text; a single value becomes a one-element list
 * - `object`: entries by wire name (`Field` alias); unknown keys are dropped (`strip`) or kept for the library to judge
 * - `record`: every key's value converts alike
 * - `union`: the first option whose conversion `fits`; when none converts and no option is a string, the first error
 * - `maybe`: `undefined` and `null` pass, anything else converts as `inner` (optional, nullable, nullish)
 * - `lazy`: recursive schemas, resolved per value
 * - `custom`: a schema that converts its own wire value (fw's file schemas)
 */
export type ConversionPlan =
  | { readonly to: 'same' }
  | { readonly to: 'string' }
  | { readonly to: 'number'; readonly integer: boolean }
  | { readonly to: 'bigint' }
  | { readonly to: 'boolean' }
  | { readonly to: 'date' }
  | { readonly to: 'option'; readonly options: readonly unknown[] }
  | { readonly to: 'array'; readonly item: ConversionPlan }
  | {
      readonly to: 'tuple'
      readonly items: readonly ConversionPlan[]
      readonly rest: ConversionPlan | undefined
    }
  | {
      readonly to: 'object'
      readonly entries: readonly PlannedEntry[]
      readonly unknownKeys: 'strip' | 'keep'
      readonly rest: ConversionPlan | undefined
    }
  | { readonly to: 'record'; readonly value: ConversionPlan }
  | { readonly to: 'union'; readonly options: readonly PlannedOption[] }
  | { readonly to: 'maybe'; readonly inner: ConversionPlan }
  | { readonly to: 'lazy'; readonly resolve: (value: unknown) => ConversionPlan }
  | { readonly to: 'custom'; readonly convert: (value: unknown) => unknown }

/** The plan of a value that passes unchanged (one object: every planner answers it). */
export const SAME_PLAN: ConversionPlan = { to: 'same' }

/** One entry of an object schema: what fw needs to read it from the wire (Query/Headers/Cookies/Body). */
export interface PlannedEntry {
  /** the key in the schema (and in the handler's object) */
  readonly key: string
  /** the name on the wire: the `Field` alias, else the key */
  readonly wire: string
  readonly plan: ConversionPlan
  /** the entry's own schema (for its presence and its JSON Schema) */
  readonly schema: unknown
}

/** One option of a union: how it converts, and whether a converted value passes that option. */
export interface PlannedOption {
  readonly plan: ConversionPlan
  /** does the converted value pass this option's schema? (synchronous; an async option answers `true`) */
  readonly fits: (value: unknown) => boolean
}

/** Which side of a schema to describe: what the wire sends (`input`) or what the library outputs (`output`). */
export type SchemaSide = 'input' | 'output'

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect); recursive parts under `$defs`. */
export type JsonSchemaObject = Record<string, unknown>

/** Options of `describe`. */
export interface DescribeOptions {
  /**
   * fw's own knowledge of a sub-schema (a component reference, a file field),
   * asked for every sub-schema the adapter can walk, with what the library
   * made of it; `undefined` keeps the library's. An adapter that cannot walk
   * sub-schemas never asks.
   */
  readonly override?: (schema: unknown, described: JsonSchemaObject) => JsonSchemaObject | undefined
}

/** Whether a value may be absent or null, and the default the schema declares. */
export interface Presence {
  /** an absent value is valid (valibot: the outermost wrapper is `optional`, `exact_optional`, `nullish` or `undefinedable`) */
  readonly optional: boolean
  /** `null` is valid */
  readonly nullable: boolean
  /** the schema declares a default (valibot `v.optional(s, d)`, zod `.default(d)`, `Field(s, { default })`) */
  readonly hasDefault: boolean
  /** that default as declared (a value, or a function the library calls) */
  readonly default: unknown
}

/**
 * A presence: may the value be absent, may it be `null`, and the default the schema makes of an
 * absent value (`made`; `undefined` for none).
 *
 * @example
 * presence(true, false, 'x') // { optional: true, nullable: false, hasDefault: true, default: 'x' }
 */
export function presence(optional: boolean, nullable: boolean, made?: unknown): Presence {
  return { optional, nullable, hasDefault: made !== undefined, default: made }
}

/**
 * What fw needs from one schema library. Every method runs at build time
 * (once per schema); only the `Check` it returns runs per request.
 */
export interface SchemaAdapter<S = unknown> {
  /** which adapter: `'valibot'`, or `'standard'` for every other library (its JSON Schema writer's key, schema/describers.ts `describeWith`) */
  readonly vendor: 'valibot' | 'standard'
  /** is this value a schema of this library? */
  owns(schema: unknown): schema is S
  /** how wire values convert before validation (SPEC §3.1) */
  plan(schema: S): ConversionPlan
  /** the schema's validation, compiled once */
  check(schema: S): Check
  /** optional / nullable / default, read once */
  presence(schema: S): Presence
}
