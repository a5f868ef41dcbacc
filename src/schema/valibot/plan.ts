/**
 * valibot → `ConversionPlan` (SPEC §3.1): read once per schema from the
 * schema objects valibot builds (their `type`, `pipe`, `entries`, `wrapped`,
 * …), the only place fw reads them to convert.
 */
import * as v from 'valibot'
import type { ConversionPlan, PlannedEntry, PlannedOption } from '../adapter'
import { getFieldOptions } from '../field'
import { shapeOf, type AnySchema, type SchemaShape } from '../types'
import { wrappedSchema } from '../walk'

const INTEGER_ACTIONS = new Set(['integer', 'safe_integer'])
const SAME: ConversionPlan = { to: 'same' }

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
  if (typeof hook === 'function')
    return { to: 'custom', convert: (value) => hook.call(shape, value) }
  // `v.optional`, `v.nullable`, … (every schema with a `wrapped` one: schema/walk.ts)
  const inner = wrappedSchema(shape)
  if (inner !== undefined) return { to: 'maybe', inner: planValibot(inner) }
  switch (shape.type) {
    case 'string':
      return { to: 'string' }
    case 'number':
      return { to: 'number', integer: isInteger(shape) }
    case 'bigint':
      return { to: 'bigint' }
    case 'boolean':
      return { to: 'boolean' }
    case 'date':
      return { to: 'date' }
    case 'picklist':
    case 'enum':
      return { to: 'option', options: shape.options ?? [] }
    case 'literal':
      return { to: 'option', options: [shape.literal] }
    case 'array':
      return { to: 'array', item: planValibot(shape.item as AnySchema) }
    case 'tuple':
    case 'loose_tuple':
    case 'strict_tuple':
    case 'tuple_with_rest':
      return {
        to: 'tuple',
        items: (shape.items ?? []).map(planValibot),
        rest: shape.rest ? planValibot(shape.rest) : undefined,
      }
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      // only `v.object` strips unknown keys; the others keep them for valibot to judge (a strict object refuses them)
      return {
        to: 'object',
        entries: entriesOf(shape),
        unknownKeys: shape.type === 'object' ? 'strip' : 'keep',
        rest: shape.rest ? planValibot(shape.rest) : undefined,
      }
    case 'record':
      return { to: 'record', value: planValibot(shape.value as AnySchema) }
    case 'union':
      return { to: 'union', options: (shape.options as AnySchema[]).map(optionOf) }
    case 'lazy': {
      const getter = shape.getter as (input: unknown) => AnySchema
      return { to: 'lazy', resolve: (value) => planValibot(getter(value)) }
    }
    default:
      return SAME
  }
}

/** The entries of an object schema with their wire names (`Field` aliases). */
function entriesOf(shape: SchemaShape): PlannedEntry[] {
  const entries = shape.entries ?? {}
  return Object.keys(entries).map((key) => {
    const schema = entries[key] as AnySchema
    return { key, wire: getFieldOptions(schema)?.alias ?? key, plan: planValibot(schema), schema }
  })
}

function optionOf(option: AnySchema): PlannedOption {
  // `v.safeParse(option, value).success`, without the result object it builds
  return {
    plan: planValibot(option),
    fits: (value) => !option['~run']({ value }, v.getGlobalConfig()).issues,
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
        (action.kind === 'validation' && INTEGER_ACTIONS.has(action.type)) ||
        (action.kind === 'schema' &&
          action !== shape &&
          isInteger(action as unknown as SchemaShape)),
    ) ?? false
  )
}
