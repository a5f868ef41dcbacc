/** src/testing/context.ts: what value generation reads — refs resolved, keywords read safely, null only in JSON. */
import { describe, expect, it } from 'vitest'
import { asNumber, asSchema, type GenerateContext, resolved, typesOf, wireHasNull } from '../../src/testing/context'

const context = (wire: GenerateContext['wire']): GenerateContext => ({ wire, resolve: (ref) => (ref === '#/components/schemas/Id' ? { type: 'integer', minimum: 1 } : undefined) })

describe('resolved', () => {
  it('resolves a local $ref, keeping the referring schema’s own keywords', () => {
    expect(resolved({ $ref: '#/components/schemas/Id', description: 'the id' }, context('json'))).toEqual({ type: 'integer', minimum: 1, description: 'the id' })
    expect(resolved({ type: 'string' }, context('json'))).toEqual({ type: 'string' })
  })

  it('allows anything for a reference that resolves to nothing', () => {
    expect(resolved({ $ref: '#/components/schemas/Missing' }, context('json'))).toEqual({})
  })
})

describe('keywords read safely', () => {
  it('reads finite numbers and schema objects only', () => {
    expect(asNumber(3)).toBe(3)
    expect(asNumber(Number.POSITIVE_INFINITY)).toBeUndefined()
    expect(asNumber('3')).toBeUndefined()
    expect(asSchema({ type: 'string' })).toEqual({ type: 'string' })
    expect(asSchema([])).toBeUndefined()
    expect(asSchema(null)).toBeUndefined()
  })

  it('reads types, single or listed', () => {
    expect(typesOf({ type: 'string' })).toEqual(['string'])
    expect(typesOf({ type: ['integer', 'null', 1] })).toEqual(['integer', 'null'])
    expect(typesOf({})).toEqual([])
  })

  it('has null only where JSON travels', () => {
    expect(wireHasNull(context('json'))).toBe(true)
    for (const wire of ['form', 'query', 'header', 'cookie', 'path'] as const) expect(wireHasNull(context(wire)), wire).toBe(false)
  })
})
