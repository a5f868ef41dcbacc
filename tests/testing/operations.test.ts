/**
 * src/testing/operations.ts: an OpenAPI document's operations as the contract check reads them —
 * path-level and own params (refs followed), request bodies per media type with their byte limit,
 * responses, and a JSON pointer to each.
 */
import { describe, expect, it } from 'vitest'
import type { OpenAPIDocument } from '../../src/openapi/document'
import { dereferenced, follow, operationsOf, pointerToken } from '../../src/testing/operations'

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  components: { parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer' } } }, schemas: { 'a/b~c': { type: 'string' } } },
  paths: {
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', schema: { type: 'integer' } }],
      get: { operationId: 'items.get', parameters: [{ $ref: '#/components/parameters/Page' }, { name: 'x', in: 'body' }], responses: { 200: { description: 'ok' } } },
      put: {
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } }, 'text/plain': {} }, 'x-fw-max-bytes': 100 },
        responses: {},
      },
      summary: 'not an operation',
    },
  },
} as unknown as OpenAPIDocument

describe('operationsOf', () => {
  const [get, put] = operationsOf(document)

  it('lists each operation with its id (or method and path), method and template', () => {
    expect(get).toMatchObject({ id: 'items.get', method: 'GET', template: '/items/{id}', pointer: '#/paths/~1items~1{id}/get' })
    expect(put).toMatchObject({ id: 'PUT /items/{id}', method: 'PUT' })
    expect(operationsOf(document)).toHaveLength(2)
  })

  it('joins path-level and own params, follows refs, drops what is no param, requires path params', () => {
    expect(get?.params).toEqual([
      { in: 'path', name: 'id', required: true, schema: { type: 'integer' } },
      { in: 'query', name: 'page', required: false, schema: { type: 'integer' } },
    ])
  })

  it('reads the request body’s media types, whether it is required, and its byte limit', () => {
    expect(put?.body).toEqual({ required: true, media: [{ type: 'application/json', schema: { type: 'object' } }, { type: 'text/plain', schema: {} }], maxBytes: 100 })
    expect(get?.body).toBeUndefined()
    expect(get?.responses).toEqual({ 200: { description: 'ok' } })
  })
})

describe('follow / dereferenced / pointerToken', () => {
  it('follows a local pointer, escapes unescaped', () => {
    expect(follow(document, '#/components/schemas/a~1b~0c')).toEqual({ type: 'string' })
    expect(follow(document, '#/components/nothing')).toBeUndefined()
    expect(follow(document, 'https://elsewhere/schema')).toBeUndefined()
  })

  it('gives an object as it is, or what its $ref points at', () => {
    expect(dereferenced(document, { $ref: '#/components/parameters/Page' })).toMatchObject({ name: 'page' })
    expect(dereferenced(document, { type: 'x' })).toEqual({ type: 'x' })
    expect(dereferenced(document, [1])).toBeUndefined()
  })

  it('escapes ~ and / in a pointer token', () => {
    expect(pointerToken('/a~b/')).toBe('~1a~0b~1')
  })
})
