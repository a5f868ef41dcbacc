/**
 * valibot → `ConversionPlan` (SPEC §3.1): read once per schema from the
 * schema objects valibot builds (their `type`, `pipe`, `entries`, `wrapped`,
 * …), the only place fw reads them to convert.
 */
import { isFunction } from '../../utils/is'
import * as v from 'valibot'
import { type ConversionPlan, SAME_PLAN } from '../adapter'
import { getFieldOptions } from '../field'
import { shapeOf, type AnySchema, type SchemaShape } from '../types'
import { wrappedSchema } from '../walk'

/** A string's, a bigint's, a boolean's or a date's plan: its type names it (`{ to: 'string' }`). */
function scalarPlan(shape: SchemaShape): ConversionPlan {
  return { to: shape.type as 'string' | 'bigint' | 'boolean' | 'date' }
}

/** A picklist's, an enum's or a literal's plan: one of its options (a literal's one). */
function optionsPlan(shape: SchemaShape): ConversionPlan {
  return { to: 'option', options: shape.options ?? [shape.literal] }
}

/** A plan per type read from the schema alone (a container, a wrapper or a custom type is not here). */
const PLANNERS: Readonly<Record<string, (shape: SchemaShape) => ConversionPlan>> = {
  string: scalarPlan,
  bigint: scalarPlan,
  boolean: scalarPlan,
  date: scalarPlan,
  number: (shape) => ({ to: 'number', integer: isInteger(shape) }),
  picklist: optionsPlan,
  enum: optionsPlan,
  literal: optionsPlan,
  array: (shape) => ({ to: 'array', item: planValibot(shape.item as AnySchema) }),
  record: (shape) => ({ to: 'record', value: planValibot(shape.value as AnySchema) }),
  union: (shape) => ({
    to: 'union',
    options: (shape.options as AnySchema[]).map((option) => ({
      plan: planValibot(option),
      // `v.safeParse(option, value).success`, without the result object it builds
      fits: (value) => !option['~run']({ value }, v.getGlobalConfig()).issues,
    })),
  }),
  lazy: ({ getter }) => ({
    to: 'lazy',
    resolve: (value) => planValibot((getter as NonNullable<typeof getter>)(value)),
  }),
}
/** `object`, `loose_object`, `strict_object`, `object_with_rest`, and the four tuples alike. */
const CONTAINER = /^(?:loose_|strict_)?(object|tuple)(?:_with_rest)?$/

/** Plans per schema object (built at compile time; a lazy schema's getter may return the same schema again). */
const plans = new WeakMap<object, ConversionPlan>()

/**
 * The conversion plan of a valibot schema, built once per schema object.
 *
 * @example
 * planValibot(v.pipe(v.number(), v.integer())) // { to: 'number', integer: true }
 */
export function planValibot(schema: AnySchema): ConversionPlan {
  const known = plans.get(schema)
  if (known) return known
  const built = build(shapeOf(schema))
  plans.set(schema, built)
  return built
}

function build(shape: SchemaShape): ConversionPlan {
  const embedded = shape['~fwPlan']
  if (embedded !== undefined) return embedded
  const hook = shape['~fwConvert']
  if (isFunction(hook)) return { to: 'custom', convert: (value) => hook.call(shape, value) }
  // `v.optional`, `v.nullable`, … (every schema with a `wrapped` one: schema/walk.ts)
  const inner = wrappedSchema(shape)
  if (inner !== undefined) return { to: 'maybe', inner: planValibot(inner) }
  const type = shape.type
  const planned = Object.hasOwn(PLANNERS, type) && PLANNERS[type]
  if (planned) return planned(shape)
  const rest = shape.rest ? planValibot(shape.rest) : undefined
  const container = CONTAINER.exec(type)?.[1]
  if (container === 'tuple')
    return { to: 'tuple', items: (shape.items ?? []).map(planValibot), rest }
  // only `v.object` strips unknown keys; the others keep them for valibot to judge (a strict object refuses them)
  if (container !== 'object') return SAME_PLAN
  // the entries with their wire names (`Field` aliases)
  const entries = shape.entries ?? {}
  return {
    to: 'object',
    entries: Object.keys(entries).map((key) => {
      const schema = entries[key] as AnySchema
      return { key, wire: getFieldOptions(schema)?.alias ?? key, plan: planValibot(schema), schema }
    }),
    unknownKeys: type === 'object' ? 'strip' : 'keep',
    rest,
  }
}

/**
 * Does the number schema require an integer? Looks through nested pipes
 * (`v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1))` keeps the inner
 * pipe as the outer one's first item).
 */
function isInteger(shape: SchemaShape): boolean {
  return (
    shape.pipe?.some(
      (action) =>
        (action.kind === 'validation' && ['integer', 'safe_integer'].includes(action.type)) ||
        (action.kind === 'schema' &&
          action !== shape &&
          isInteger(action as unknown as SchemaShape)),
    ) ?? false
  )
}
