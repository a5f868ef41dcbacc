/**
 * Values a document's JSON Schema allows, as fast-check arbitraries: the
 * schema's own `examples`/`default` among generated values; `$ref` into
 * `components`; wire-safe text where the value travels in a URL, a header
 * or a cookie; no `null` where the wire cannot carry it (params, forms).
 */
import * as fc from 'fast-check'
import type { JsonSchema } from '../openapi'

/** Where a generated value travels: decides its alphabet and whether `null` and empty lists can be sent. */
export type Wire = 'json' | 'form' | 'query' | 'header' | 'cookie' | 'path'

/** What generation needs besides the schema. */
export interface GenerateContext {
  wire: Wire
  /** a local `$ref` (`#/components/schemas/X`) → its schema */
  resolve: (ref: string) => JsonSchema | undefined
}

const MAX_DEPTH = 4
const BOUND = 1_000_000
const SAFE_TEXT = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_',
)
// Visible ASCII: a header value is trimmed by `Headers`, so no space at its ends.
const HEADER_TEXT = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code))

const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const asSchema = (value: unknown): JsonSchema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined

/** `null` and empty lists cannot be sent outside a JSON body (an empty list is no field at all). */
const wireHasNull = (context: GenerateContext): boolean => context.wire === 'json'

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

function textOf(schema: JsonSchema, context: GenerateContext): fc.Arbitrary<string> {
  const minLength = asNumber(schema.minLength) ?? (context.wire === 'path' ? 1 : 0)
  // Up to the documented limit (so a limit that counts something else than characters shows), else short.
  const maxLength = Math.max(
    minLength,
    Math.min(asNumber(schema.maxLength) ?? minLength + 16, minLength + 256),
  )
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u')
    return fc
      .stringMatching(pattern)
      .filter(
        (text) =>
          [...text].length >= minLength &&
          [...text].length <= (asNumber(schema.maxLength) ?? Infinity) &&
          (context.wire !== 'path' || /^[\w-]+$/.test(text)),
      )
  }
  const unit =
    context.wire === 'header'
      ? HEADER_TEXT
      : context.wire === 'path' || context.wire === 'cookie'
        ? SAFE_TEXT
        : 'grapheme'
  // A documented limit is reached for ('max' size): a limit that counts bytes instead of characters shows.
  return fc.string({
    unit,
    minLength,
    maxLength,
    ...(asNumber(schema.maxLength) !== undefined ? { size: 'max' as const } : {}),
  })
}

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
      return fc.emailAddress()
    case 'uuid':
      return fc.uuid()
    case 'uri':
      return fc.webUrl()
    default:
      return textOf(schema, context)
  }
}

/** A concrete media type for a declared one (`image/*` → `image/png`). */
export function concreteType(mediaType: string): string {
  if (mediaType === '*/*' || mediaType === '') return 'application/octet-stream'
  if (mediaType.endsWith('/*'))
    return `${mediaType.slice(0, -2)}/${mediaType.startsWith('image') ? 'png' : 'x-fw-contract'}`
  return mediaType
}

/** A small file of the given media type. */
export function fileOf(mediaType: string): fc.Arbitrary<File> {
  const type = concreteType(mediaType)
  return fc
    .uint8Array({ minLength: 1, maxLength: 48 })
    .map((bytes) => new File([bytes], 'upload.bin', { type }))
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = asNumber(schema.exclusiveMinimum)
  const exclusiveMax = asNumber(schema.exclusiveMaximum)
  const min = asNumber(schema.minimum) ?? (exclusiveMin !== undefined ? exclusiveMin : -BOUND)
  const max = asNumber(schema.maximum) ?? (exclusiveMax !== undefined ? exclusiveMax : BOUND)
  const inside = (value: number): boolean =>
    (exclusiveMin === undefined || value > exclusiveMin) &&
    (exclusiveMax === undefined || value < exclusiveMax)
  if (integer)
    return fc
      .integer({
        min: Math.ceil(Math.max(min, -Number.MAX_SAFE_INTEGER)),
        max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
      })
      .filter(inside)
  const decimals = fc
    .double({
      min: Math.max(min, -BOUND * 1000),
      max: Math.min(max, BOUND * 1000),
      noNaN: true,
      noDefaultInfinity: true,
    })
    .filter((value) => inside(value) && !Object.is(value, -0))
  const whole = fc
    .integer({ min: Math.ceil(Math.max(min, -BOUND)), max: Math.floor(Math.min(max, BOUND)) })
    .filter(inside)
  return Math.ceil(Math.max(min, -BOUND)) <= Math.floor(Math.min(max, BOUND))
    ? fc.oneof(whole, decimals)
    : decimals
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
