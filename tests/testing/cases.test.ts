/**
 * src/testing/cases.ts: requests of one operation — valid ones sampled (the same for the same
 * seed, every required param and body present), and invalid variants of a valid one, each
 * breaking exactly one documented rule, checked here against the schema with ajv.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/openapi/schema'
import { badValues, invalidCases, validCases } from '../../src/testing/cases'
import type { Operation } from '../../src/testing/operations'

const resolve = (): JsonSchema | undefined => undefined
const operation: Operation = {
  id: 'items.create',
  method: 'POST',
  template: '/items/{id}',
  pointer: '#/paths/~1items~1{id}/post',
  responses: {},
  params: [
    { in: 'path', name: 'id', required: true, schema: { type: 'integer', minimum: 1, maximum: 99 } },
    { in: 'query', name: 'mode', required: true, schema: { enum: ['fast', 'slow'] } },
    { in: 'header', name: 'x-note', required: false, schema: { type: 'string', maxLength: 4 } },
  ],
  body: {
    required: true,
    maxBytes: 64,
    media: [{ type: 'application/json', schema: { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 2, maxLength: 10 }, count: { type: 'integer' } } } }],
  },
}

describe('validCases', () => {
  it('samples requests with every required param and a body, the same for the same seed', () => {
    const cases = validCases(operation, resolve, 20, 42)
    expect(cases).toHaveLength(20)
    expect(validCases(operation, resolve, 20, 42)).toEqual(cases)
    for (const testCase of cases) {
      expect(testCase.path.id).toBeGreaterThanOrEqual(1)
      expect(['fast', 'slow']).toContain(testCase.query.mode)
      expect(testCase.body).toMatchObject({ media: 'application/json' })
    }
  })
})

describe('invalidCases', () => {
  const [base] = validCases(operation, resolve, 1, 42)
  if (!base) throw new Error('no valid case')
  const variants = invalidCases(operation, base, resolve, 42)
  const rules = variants.map((variant) => variant.rule)

  it('breaks each documented rule once, naming it', () => {
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^path param 'id': an? integer param given text$/),
        "path param 'id': an integer given a decimal",
        "path param 'id': a value over its maximum 99",
        "path param 'id': a value under its minimum 1",
        "missing required query param 'mode'",
        "query param 'mode': a value outside its enum",
        "header param 'x-note': a string longer than its maxLength 4",
        'missing required body',
        'a body of an undocumented content type',
        'a body over its 64 bytes',
        "body field 'title' missing (required)",
        "body field 'title': a string longer than its maxLength 10",
        "body field 'title': a string shorter than its minLength 2",
      ]),
    )
    expect(rules).not.toContain("missing required header param 'x-note'")
  })

  it('changes only the part each rule names', () => {
    const overMaximum = variants.find((variant) => variant.rule === "path param 'id': a value over its maximum 99")
    expect(overMaximum?.testCase).toEqual({ ...base, path: { ...base.path, id: 100 } })
    const tooBig = variants.find((variant) => variant.rule === 'a body over its 64 bytes')?.testCase.body
    expect(tooBig && 'raw' in tooBig && new TextEncoder().encode(String(tooBig.raw)).length).toBeGreaterThan(64)
  })
})

describe('badValues', () => {
  it('gives values the schema refuses (checked with ajv), none for unions and constants', () => {
    const ajv = new Ajv2020({ strict: false })
    const schemas: JsonSchema[] = [
      { type: 'integer', minimum: 0, maximum: 5 },
      { type: 'string', maxLength: 3, minLength: 2, pattern: '^[a-z]+$' },
      { type: 'boolean' },
      { type: 'array', items: { type: 'integer' }, maxItems: 2 },
    ]
    for (const schema of schemas) {
      const validate = ajv.compile(schema)
      const bad = badValues(schema, 'json', schema.type === 'array' ? [1] : undefined, resolve)
      expect(bad.length, JSON.stringify(schema)).toBeGreaterThan(0)
      for (const { rule, value } of bad) expect(validate(value), rule).toBe(false)
    }
    expect(badValues({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, 'json', 1, resolve)).toEqual([])
    expect(badValues({ const: 'x' }, 'json', 'x', resolve)).toEqual([])
  })
})
