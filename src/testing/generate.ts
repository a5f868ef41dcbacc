/**
 * Values a document's JSON Schema allows, as fast-check arbitraries: the
 * schema's own `examples`/`default` among generated values; `$ref` into
 * `components`; wire-safe text (scalars.ts) where the value travels in a
 * URL, a header or a cookie; no `null` where the wire cannot carry it
 * (params, forms).
 */
import * as fc from 'fast-check'
import type { JsonSchema } from '../openapi/schema'
import { asNumber, asSchema, resolved, typesOf, wireHasNull, type GenerateContext } from './context'
import { fileOf, numberOf, SAFE_TEXT, textOf } from './scalars'

const MAX_DEPTH = 4

function stringOf(
  schema: JsonSchema,
  context: GenerateContext,
  depth: number,
): fc.Arbitrary<unknown> {
  const contentSchema = asSchema(schema.contentSchema)
  if (schema.contentMediaType === 'application/json' && contentSchema)
    return valueOf(contentSchema, { ...context, wire: 'json' }, depth + 1).map((value) =>
      JSON.stringify(value),
    )
  switch (schema.format) {
    case 'binary':
      return fileOf(
        typeof schema.contentMediaType === 'string'
          ? schema.contentMediaType
          : 'application/octet-stream',
      )
    case 'date-time':
      return fc
        .date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })
        .map((date) => date.toISOString())
    case 'date':
      return fc
        .date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10))
    case 'email':
      // A pattern beside the format (a validator's own rule, e.g. valibot's) is the stricter promise.
      return typeof schema.pattern === 'string' ? textOf(schema, context) : fc.emailAddress()
    case 'uuid':
      return fc.uuid()
    case 'uri':
      return fc.webUrl()
    default:
      return textOf(schema, context)
  }
}

function arrayOf(
  schema: JsonSchema,
  context: GenerateContext,
  depth: number,
): fc.Arbitrary<unknown[]> {
  const items = asSchema(schema.items) ?? {}
  const minLength = Math.max(asNumber(schema.minItems) ?? 0, wireHasNull(context) ? 0 : 1)
  const maxLength =
    depth >= MAX_DEPTH
      ? minLength
      : Math.max(minLength, Math.min(asNumber(schema.maxItems) ?? minLength + 3, minLength + 3))
  return fc.array(valueOf(items, context, depth + 1), { minLength, maxLength })
}

function objectOf(
  schema: JsonSchema,
  context: GenerateContext,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = asSchema(schema.properties) ?? {}
  const required = Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === 'string')
    : []
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, property] of Object.entries(properties)) {
    const propertySchema = asSchema(property)
    if (propertySchema && (required.includes(key) || depth < MAX_DEPTH))
      model[key] = valueOf(propertySchema, context, depth + 1)
  }
  const record = fc.record(model, { requiredKeys: required.filter((key) => key in model) })
  const extra = asSchema(schema.additionalProperties)
  if (Object.keys(model).length || !extra || depth >= MAX_DEPTH) return record
  return fc.dictionary(
    fc.string({ unit: SAFE_TEXT, minLength: 1, maxLength: 8 }),
    valueOf(extra, context, depth + 1),
    { maxKeys: 3 },
  )
}

function anyValue(context: GenerateContext): fc.Arbitrary<unknown> {
  if (context.wire !== 'json') return textOf({}, context)
  return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null))
}

function byType(
  type: string,
  schema: JsonSchema,
  context: GenerateContext,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema, context, depth)
    case 'integer':
      return numberOf(schema, true)
    case 'number':
      return numberOf(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return arrayOf(schema, context, depth)
    case 'object':
      return objectOf(schema, context, depth)
    default:
      return anyValue(context)
  }
}

/** The values the schema documents by hand (`examples`, `example`, `default`), when they can travel on this wire. */
function documentedValues(schema: JsonSchema, context: GenerateContext): unknown[] {
  const values = [
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    ...('example' in schema ? [schema.example] : []),
    ...('default' in schema ? [schema.default] : []),
  ]
  return values.filter(
    (value) =>
      value !== undefined &&
      (wireHasNull(context) || (value !== null && !(Array.isArray(value) && value.length === 0))),
  )
}

function generated(
  schema: JsonSchema,
  context: GenerateContext,
  depth: number,
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) {
    const allowed = schema.enum.filter((value) => wireHasNull(context) || value !== null)
    return allowed.length ? fc.constantFrom(...allowed) : fc.constant(null)
  }
  const choices = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
  )
    .map(asSchema)
    .filter((choice): choice is JsonSchema => choice !== undefined)
    .map((choice) => withSiblings(schema, choice, context))
  const usable = choices.filter(
    (choice) =>
      wireHasNull(context) ||
      !typesOf(resolved(choice, context)).every((type) => type === 'null') ||
      typesOf(resolved(choice, context)).length === 0,
  )
  if (usable.length) return fc.oneof(...usable.map((choice) => valueOf(choice, context, depth + 1)))
  if (Array.isArray(schema.allOf))
    return valueOf(
      Object.assign({}, ...schema.allOf.map(asSchema)) as JsonSchema,
      context,
      depth + 1,
    )
  const types = typesOf(schema).filter((type) => wireHasNull(context) || type !== 'null')
  if (types.length > 1)
    return fc.oneof(...types.map((type) => byType(type, schema, context, depth)))
  return byType(types[0] ?? '', schema, context, depth)
}

/**
 * A choice of `anyOf`/`oneOf` with the keywords beside that list, when the choice names no type of
 * its own: both apply to the value. zod's `z.file().mime(['image/png', 'image/jpeg'])` is
 * `{ type: 'string', format: 'binary', anyOf: [{ contentMediaType: 'image/png' }, …] }`: each
 * choice is a file of one type, not any value.
 */
function withSiblings(
  schema: JsonSchema,
  choice: JsonSchema,
  context: GenerateContext,
): JsonSchema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = schema
  if (!Object.keys(siblings).length || choice.$ref !== undefined) return choice
  return typesOf(resolved(choice, context)).length ? choice : { ...siblings, ...choice }
}

/**
 * Values that the schema allows and that can travel on the context's wire.
 *
 * @example
 * fc.sample(valueOf({ type: 'integer', minimum: 1 }, { wire: 'query', resolve: () => undefined }), { seed: 1, numRuns: 3 })
 */
export function valueOf(
  schema: JsonSchema,
  context: GenerateContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  const target = resolved(schema, context)
  if (depth > MAX_DEPTH * 2) return fc.constant(wireHasNull(context) ? null : '')
  const made = generated(target, context, depth)
  const documented = documentedValues(target, context)
  return documented.length
    ? fc.oneof(
        { arbitrary: fc.constantFrom(...documented), weight: 1 },
        { arbitrary: made, weight: 3 },
      )
    : made
}
