/**
 * src/testing/generate.ts: values a document's JSON Schema allows, as fast-check arbitraries —
 * checked here against the schema itself (ajv, draft 2020-12): every sample valid, documented
 * examples among them, refs followed, nothing a wire cannot carry.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/openapi/schema'
import type { GenerateContext } from '../../src/testing/context'
import { valueOf } from '../../src/testing/generate'

const ajv = new Ajv2020({ strict: false })
const on = (wire: GenerateContext['wire'], defs: Record<string, JsonSchema> = {}): GenerateContext => ({ wire, resolve: (ref) => defs[ref.replace('#/components/schemas/', '')] })
const samples = (schema: JsonSchema, context: GenerateContext): unknown[] => fc.sample(valueOf(schema, context), { numRuns: 150, seed: 7 })

describe('valueOf', () => {
  it.each<[string, JsonSchema]>([
    ['an object with required and optional properties', { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1, maxLength: 8 }, note: { type: ['string', 'null'] } } }],
    ['an enum', { enum: ['a', 'b', 'c'] }],
    ['a bounded list', { type: 'array', items: { type: 'number', exclusiveMinimum: 0, maximum: 1 }, minItems: 1, maxItems: 3 }],
    ['a union', { anyOf: [{ type: 'boolean' }, { type: 'string', format: 'date' }] }],
    ['a constant', { const: 'fixed' }],
  ])('gives only values valid under %s', (_name, schema) => {
    const validate = ajv.compile(schema)
    for (const value of samples(schema, on('json'))) expect(validate(value), JSON.stringify(value)).toBe(true)
  })

  it('includes the schema’s documented examples and default among its values', () => {
    const values = samples({ type: 'string', examples: ['documented-example'], default: 'the-default' }, on('query'))
    expect(values).toContain('documented-example')
    expect(values).toContain('the-default')
  })

  it('follows a $ref into the components', () => {
    const defs = { Id: { type: 'integer', minimum: 10, maximum: 12 } }
    for (const value of samples({ $ref: '#/components/schemas/Id' }, on('json', defs))) expect([10, 11, 12]).toContain(value)
  })

  it('never gives null where only JSON carries it (a query, a header)', () => {
    for (const value of samples({ type: ['string', 'null'] }, on('query'))) expect(value).not.toBeNull()
    expect(samples({ type: ['string', 'null'] }, on('json'))).toContain(null)
  })

  it('ends a self-referencing schema at a bounded depth', () => {
    const defs: Record<string, JsonSchema> = { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } }, required: ['child'] } }
    expect(() => samples({ $ref: '#/components/schemas/Node' }, on('json', defs))).not.toThrow()
  })
})
