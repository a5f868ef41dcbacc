/**
 * Requests of one operation: valid ones sampled from its schemas (seeded),
 * and invalid variants of a valid one, each breaking one documented rule
 * (a required value missing, a wrong type, a value outside its enum or its
 * bounds, a body of an undocumented content type or over its byte limit).
 */
import * as fc from 'fast-check'
import type { JsonSchema } from '../openapi/schema'
import type { CaseBody, RequestCase } from './encode'
import { resolved, typesOf, type GenerateContext, type Wire } from './context'
import { valueOf } from './generate'
import type { BodyMedia, Operation, OperationParam } from './operations'
import { concreteType, fileOf } from './scalars'

/** An invalid request and the rule it breaks. */
export interface Variant {
  rule: string
  testCase: RequestCase
}

const UTF8 = new TextEncoder()

const isJson = (media: string): boolean => media === 'application/json' || media.endsWith('+json')
const isForm = (media: string): boolean =>
  media === 'application/x-www-form-urlencoded' || media === 'multipart/form-data'
const isXml = (media: string): boolean =>
  media === 'application/xml' || media === 'text/xml' || media.endsWith('+xml')

function wireOfMedia(media: string): Wire {
  return isJson(media) ? 'json' : 'form'
}

/** XML carries flat objects of scalars (and lists of them) only. */
function flatObject(schema: JsonSchema, resolve: GenerateContext['resolve']): boolean {
  const target = resolved(schema, { wire: 'form', resolve })
  const properties = (target.properties ?? {}) as Record<string, JsonSchema>
  return (
    typesOf(target).includes('object') &&
    Object.values(properties).every((property) => {
      const types = typesOf(resolved(property, { wire: 'form', resolve }))
      return (
        types.length > 0 &&
        !types.includes('object') &&
        (!types.includes('array') ||
          !typesOf(
            resolved((property.items ?? {}) as JsonSchema, { wire: 'form', resolve }),
          ).includes('object'))
      )
    })
  )
}

/** Text no longer than `maxBytes` in UTF-8 (whole characters dropped from the end). */
function withinBytes(text: string, maxBytes: number | undefined): string {
  if (maxBytes === undefined) return text
  const characters = [...text]
  while (UTF8.encode(characters.join('')).length > maxBytes) characters.pop()
  return characters.join('')
}

function mediaValue(
  media: BodyMedia,
  maxBytes: number | undefined,
  resolve: GenerateContext['resolve'],
): fc.Arbitrary<CaseBody> {
  const schema = resolved(media.schema, { wire: 'json', resolve })
  if (schema.format === 'binary')
    return fileOf(media.type).map((value) => ({ media: media.type, value }))
  const value = valueOf(media.schema, { wire: wireOfMedia(media.type), resolve })
  return value.map((item) => ({
    media: media.type,
    value: typeof item === 'string' ? withinBytes(item, maxBytes) : item,
  }))
}

/** The valid requests of an operation: an arbitrary over every documented param and body media type. */
function caseArbitrary(
  operation: Operation,
  resolve: GenerateContext['resolve'],
): fc.Arbitrary<RequestCase> {
  const where = (location: OperationParam['in']): fc.Arbitrary<Record<string, unknown>> => {
    const params = operation.params.filter((param) => param.in === location)
    const model = Object.fromEntries(
      params.map((param) => [param.name, valueOf(param.schema, { wire: location, resolve })]),
    )
    return fc.record(model, {
      requiredKeys: params.filter((param) => param.required).map((param) => param.name),
    })
  }
  const params = fc.record({
    path: where('path'),
    query: where('query'),
    header: where('header'),
    cookie: where('cookie'),
  })
  const body = operation.body
  const media = (body?.media ?? []).filter(
    (item) => !isXml(item.type) || flatObject(item.schema, resolve),
  )
  const bodies = media.map((item) => mediaValue(item, body?.maxBytes, resolve))
  if (!bodies.length) return params
  const sent = body?.required
    ? fc.oneof(...bodies)
    : fc.option(fc.oneof(...bodies), { nil: undefined })
  return fc
    .tuple(params, sent)
    .map(([values, payload]) => (payload ? { ...values, body: payload } : values))
}

/**
 * `runs` valid requests of an operation, the same ones for the same seed.
 *
 * @example
 * validCases(operation, resolve, 20, 42)
 */
export function validCases(
  operation: Operation,
  resolve: GenerateContext['resolve'],
  runs: number,
  seed: number,
): RequestCase[] {
  return fc.sample(caseArbitrary(operation, resolve), { seed, numRuns: runs })
}

/** A string the pattern does not match. */
function offPattern(pattern: string, wire: Wire): string | undefined {
  const regex = new RegExp(pattern, 'u')
  return ['!', '~~', 'A B', '0', 'a', '-', '', 'é'].find(
    (text) => !regex.test(text) && (wire !== 'path' || /^[!~\w-]+$/.test(text)),
  )
}

/** Values that break one rule of the schema, each with the rule's name. */
export function badValues(
  schema: JsonSchema,
  wire: Wire,
  valid: unknown,
  resolve: GenerateContext['resolve'],
): { rule: string; value: unknown }[] {
  const target = resolved(schema, { wire, resolve })
  if (target.anyOf || target.oneOf || target.allOf || 'const' in target) return []
  const bad: { rule: string; value: unknown }[] = []
  if (Array.isArray(target.enum)) {
    if (target.enum.every((item) => typeof item === 'string'))
      bad.push({ rule: 'a value outside its enum', value: `${String(target.enum[0])}-not-listed` })
    return bad
  }
  const types = typesOf(target).filter((type) => type !== 'null')
  const type = types.length === 1 ? types[0] : undefined
  const max = typeof target.maximum === 'number' ? target.maximum : undefined
  const min = typeof target.minimum === 'number' ? target.minimum : undefined
  if (type === 'number' || type === 'integer') {
    bad.push({ rule: `a ${type} param given text`, value: 'abc' })
    if (type === 'integer')
      bad.push({ rule: 'an integer given a decimal', value: (min ?? 0) + 1.5 })
    if (max !== undefined) bad.push({ rule: `a value over its maximum ${max}`, value: max + 1 })
    if (min !== undefined) bad.push({ rule: `a value under its minimum ${min}`, value: min - 1 })
  }
  if (type === 'boolean') bad.push({ rule: 'a boolean given text', value: 'maybe' })
  if (type === 'object' && wire === 'json') bad.push({ rule: 'an object given text', value: 'abc' })
  if (type === 'string' && target.format !== 'binary') {
    if (wire === 'json') bad.push({ rule: 'a string given an object', value: { not: 'a string' } })
    if (target.contentMediaType === 'application/json')
      bad.push({ rule: 'JSON text that does not parse', value: '{' })
    if (target.format === 'date-time')
      bad.push({ rule: 'a date-time given text', value: 'not-a-date' })
    if (typeof target.maxLength === 'number')
      bad.push({
        rule: `a string longer than its maxLength ${target.maxLength}`,
        value: 'a'.repeat(target.maxLength + 1),
      })
    if (typeof target.minLength === 'number' && target.minLength > (wire === 'path' ? 1 : 0))
      bad.push({
        rule: `a string shorter than its minLength ${target.minLength}`,
        value: 'a'.repeat(target.minLength - 1),
      })
    const off = typeof target.pattern === 'string' ? offPattern(target.pattern, wire) : undefined
    if (off !== undefined)
      bad.push({ rule: `a string off its pattern ${String(target.pattern)}`, value: off })
  }
  if (
    type === 'array' &&
    typeof target.maxItems === 'number' &&
    Array.isArray(valid) &&
    valid.length
  ) {
    bad.push({
      rule: `a list over its maxItems ${target.maxItems}`,
      value: Array.from({ length: target.maxItems + 1 }, () => valid[0]),
    })
  }
  return bad
}

function paramVariants(
  param: OperationParam,
  base: RequestCase,
  resolve: GenerateContext['resolve'],
): Variant[] {
  const values = base[param.in]
  const variants: Variant[] = []
  const named = `${param.in} param '${param.name}'`
  if (param.required && param.in !== 'path') {
    const { [param.name]: _left, ...rest } = values
    variants.push({ rule: `missing required ${named}`, testCase: { ...base, [param.in]: rest } })
  }
  const valid =
    values[param.name] ??
    fc.sample(valueOf(param.schema, { wire: param.in, resolve }), { seed: 1, numRuns: 1 })[0]
  for (const { rule, value } of badValues(param.schema, param.in, valid, resolve))
    variants.push({
      rule: `${named}: ${rule}`,
      testCase: { ...base, [param.in]: { ...values, [param.name]: value } },
    })
  return variants
}

function bodyVariants(
  operation: Operation,
  base: RequestCase,
  resolve: GenerateContext['resolve'],
  seed: number,
): Variant[] {
  const body = operation.body
  const first = body?.media[0]
  if (!body || !first) return []
  const variants: Variant[] = []
  const { body: _body, ...bare } = base
  if (body.required) variants.push({ rule: 'missing required body', testCase: bare })
  variants.push({
    rule: 'a body of an undocumented content type',
    testCase: { ...bare, body: { raw: 'x=1', contentType: 'application/x-fw-contract' } },
  })
  if (body.maxBytes !== undefined)
    variants.push({
      rule: `a body over its ${body.maxBytes} bytes`,
      testCase: {
        ...bare,
        body: {
          raw: 'é'.repeat(Math.ceil((body.maxBytes + 1) / 2)),
          contentType: concreteType(first.type),
        },
      },
    })
  const structured =
    body.media.find((item) => isJson(item.type)) ?? body.media.find((item) => isForm(item.type))
  if (!structured) return variants
  const schema = resolved(structured.schema, { wire: 'json', resolve })
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const wire = wireOfMedia(structured.type)
  const sample = fc.sample(valueOf(schema, { wire, resolve }), { seed, numRuns: 1 })[0]
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return variants
  const valid = sample as Record<string, unknown>
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  const bodyOf = (value: Record<string, unknown>): RequestCase => ({
    ...bare,
    body: { media: structured.type, value },
  })
  for (const key of required) {
    const { [key]: _left, ...rest } = valid
    variants.push({ rule: `body field '${key}' missing (required)`, testCase: bodyOf(rest) })
  }
  for (const [key, property] of Object.entries(properties)) {
    const sampled =
      valid[key] ?? fc.sample(valueOf(property, { wire, resolve }), { seed, numRuns: 1 })[0]
    for (const { rule, value } of badValues(property, wire, sampled, resolve))
      variants.push({
        rule: `body field '${key}': ${rule}`,
        testCase: bodyOf({ ...valid, [key]: value }),
      })
  }
  return variants
}

/**
 * The invalid variants of an operation, built on one valid request.
 *
 * @example
 * invalidCases(operation, validCases(operation, resolve, 1, 42)[0], resolve, 42)
 */
export function invalidCases(
  operation: Operation,
  base: RequestCase,
  resolve: GenerateContext['resolve'],
  seed: number,
): Variant[] {
  return [
    ...operation.params.flatMap((param) => paramVariants(param, base, resolve)),
    ...bodyVariants(operation, base, resolve, seed),
  ]
}
