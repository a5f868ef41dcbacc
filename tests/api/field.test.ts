/**
 * src/api/field.ts: the field form of an endpoint (`add = api.post(params, handler, { doc })`) —
 * the handler marked with its declaration, options checked when it is made.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { declaredBy, fieldDeclOf, fieldEndpoint } from '../../src/api/field'
import { ImproperlyConfigured } from '../../src/exceptions'

const Params = { a: v.number() }
const handler = (input: unknown) => input

describe('fieldEndpoint / fieldDeclOf', () => {
  it('marks the handler itself with its method, params and path', () => {
    const endpoint = fieldEndpoint('POST', [Params, handler])
    expect(endpoint).toBe(handler)
    expect(fieldDeclOf(endpoint)).toEqual({ method: 'POST', params: Params })
    const withPath = fieldEndpoint('GET', ['/{a}', Params, (input: unknown) => input])
    expect(fieldDeclOf(withPath)).toEqual({ method: 'GET', path: '/{a}', params: Params })
    expect(fieldDeclOf(fieldEndpoint('GET', [() => 1]))).toEqual({ method: 'GET', params: undefined })
  })

  it('keeps a checked doc', () => {
    const endpoint = fieldEndpoint('GET', [Params, () => 1, { doc: { summary: 'Sum', status: 200 } }])
    expect(fieldDeclOf(endpoint)?.doc).toEqual({ summary: 'Sum', status: 200 })
  })

  it('refuses options that are no object, unknown options and a bad doc, naming the call', () => {
    expect(() => fieldEndpoint('DELETE', [() => 1, 'x'])).toThrow('api.del(…, handler, options): options must be an object ({ doc: { … } })')
    expect(() => fieldEndpoint('GET', [() => 1, { doc: {}, before: 'x', after: 1 }])).toThrow(
      "api.get(…, handler, options): unknown option 'before', 'after'; a field endpoint takes { doc } (hooks and templates go on other members, naming it)",
    )
    expect(() => fieldEndpoint('PATCH', [() => 1, { doc: { status: 500 } }])).toThrow(ImproperlyConfigured)
  })

  it('finds no declaration on anything else', () => {
    expect(fieldDeclOf(() => 1)).toBeUndefined()
    expect(fieldDeclOf({})).toBeUndefined()
    expect(fieldDeclOf(undefined)).toBeUndefined()
  })
})

describe('declaredBy', () => {
  it('reads (path, params?) or (params?), as every endpoint form writes them', () => {
    const params = { id: v.number() }
    expect(declaredBy(['{id}', params])).toEqual({ path: '{id}', params })
    expect(declaredBy(['{id}'])).toEqual({ path: '{id}', params: undefined })
    expect(declaredBy([params])).toEqual({ params })
    expect(declaredBy([])).toEqual({ params: undefined })
  })
})
