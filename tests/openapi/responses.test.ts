/**
 * src/openapi/responses.ts: a route's documented answers — its success (JSON, in the envelope,
 * a file, events, its own content type), the errors fw answers by itself (shared components, an
 * envelope's form or problem+json), declared errors, what its plugins answer, statuses a hook
 * takes over.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { file } from 'fw-api'
import { responsesOf, SHARED_SCHEMAS, usedShared } from '../../src/openapi/responses'
import type { RouteInfo } from '../../src/openapi/route-info'

/** A GET route without params, body, security or declarations, changed by `more`. */
const route = (more: Partial<RouteInfo> = {}): RouteInfo =>
  ({ params: [], security: [], status: 200, doc: {}, errors: [], handled: [], answers: [], takenOver: [], ...more }) as unknown as RouteInfo

describe('responsesOf: the success', () => {
  it('documents the result as JSON, or inside the envelope', () => {
    const bare = responsesOf(route({ result: v.object({ id: v.number() }) }), {}, {})
    expect(bare['200']).toMatchObject({ description: 'Success: the result as JSON', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'number' } } } } } })
    const enveloped = responsesOf(route({ envelope: { resultKey: 'data', messageKey: 'msg' } }), {}, {})
    expect(enveloped['200']?.description).toBe('Success: the result in the envelope (`data`)')
  })

  it('documents a file result, server-sent events, and a Response the endpoint builds itself', () => {
    expect(responsesOf(route({ result: file.Image }), {}, {})['200']).toEqual({
      description: 'Success: the file, sent as it is with its own content type',
      content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
    })
    expect(Object.keys((responsesOf(route({ doc: { events: true } }), {}, {})['200']?.content as object) ?? {})).toEqual(['text/event-stream'])
    expect(responsesOf(route({ doc: { contentType: 'text/csv' } }), {}, {})['200']?.content).toEqual({ 'text/csv': { schema: { type: 'string' } } })
  })

  it('answers under the declared success status', () => {
    expect(Object.keys(responsesOf(route({ status: 201 }), {}, {}))[0]).toBe('201')
  })
})

describe('responsesOf: the errors fw answers', () => {
  it('documents 404, 405 and 500 always; 400 with params; 401 with security; 413 and 415 with a body', () => {
    expect(Object.keys(responsesOf(route(), {}, {}))).toEqual(['200', '404', '405', '500'])
    const full = responsesOf(route({ params: [{}] as never, security: [{}] as never, body: {} as never }), {}, {})
    expect(Object.keys(full)).toEqual(['200', '400', '401', '404', '405', '413', '415', '500'])
  })

  it('shares each error response as a component, problem+json without an envelope', () => {
    const shared = {}
    const responses = responsesOf(route(), {}, shared)
    expect(responses['404']).toEqual({ $ref: '#/components/responses/NotFound' })
    expect(shared).toMatchObject({ NotFound: { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } } })
  })

  it('names an envelope’s error component by its keys, in the envelope’s form', () => {
    const shared: Record<string, Record<string, unknown>> = {}
    responsesOf(route({ envelope: { resultKey: 'data', messageKey: 'msg', errorsKey: 'errors' }, classEnvelope: { messageKey: 'msg' } }), {}, shared)
    expect(shared['NotFound.data.msg.errors']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['data', 'msg'], properties: { data: { type: 'null' }, errors: { type: 'array' } } } } },
    })
    expect(shared['MethodNotAllowed.msg']).toBeDefined()
  })

  it('documents declared errors in place, naming where they come from', () => {
    const responses = responsesOf(route({ errors: [{ status: 404, name: 'NotFound' }, { status: 409, name: 'Conflict', hook: 'check' }] }), {}, {})
    expect(responses['404']?.description).toMatch(/; declared: `NotFound` raised by the endpoint$/)
    expect(responses['404']?.$ref).toBeUndefined()
    expect(responses['409']?.description).toBe('Declared: `Conflict` from the before hook `check`')
  })

  it('leaves out a 4xx an error hook takes over, unless the hook lists it', () => {
    const responses = responsesOf(route({ takenOver: [{ statuses: undefined, misses: false, listed: [] }] as never }), {}, {})
    expect(Object.keys(responses)).toEqual(['200', '405', '500'])
  })
})

describe('responsesOf: plugin answers', () => {
  it('documents what plugins answer, empty ones without a body, with their headers', () => {
    const responses = responsesOf(
      route({ answers: [{ status: 304, description: 'Not Modified', by: 'conditional()', empty: true, headers: { ETag: 'the tag' } }, { status: 412, description: 'Precondition Failed', by: 'conditional()' }] }),
      {},
      {},
    )
    expect(responses['304']).toEqual({ description: 'Not Modified (conditional())', headers: { ETag: { description: 'the tag', schema: { type: 'string' } } } })
    expect(responses['412']?.content).toMatchObject({ 'application/problem+json': {} })
  })
})

describe('usedShared', () => {
  it('keeps the shared schemas the document refers to, ParamIssue through Problem', () => {
    expect(Object.keys(usedShared({ '/a': { get: { $ref: '#/components/schemas/Problem' } } }, {}))).toEqual(['ParamIssue', 'Problem'])
    expect(Object.keys(usedShared({}, { x: { $ref: '#/components/schemas/ParamIssue' } }))).toEqual(['ParamIssue'])
    expect(usedShared({}, {})).toEqual({})
    expect(Object.keys(SHARED_SCHEMAS)).toEqual(['ParamIssue', 'Problem'])
  })
})
