/**
 * src/testing/check.ts: one answer against the document — a 5xx, a valid request refused, an
 * invalid one accepted, an undocumented status or content type, a JSON body off its schema.
 */
import { describe, expect, it } from 'vitest'
import type { OpenAPIDocument } from '../../src/openapi/document'
import { ResponseChecker } from '../../src/testing/check'
import { operationsOf } from '../../src/testing/operations'

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  components: { responses: { Missing: { description: 'gone', content: { 'application/problem+json': { schema: { type: 'object', required: ['status'] } } } } } },
  paths: {
    '/items/{id}': {
      get: {
        operationId: 'items.get',
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } },
          202: { description: 'accepted' },
          204: { description: 'nothing' },
          404: { $ref: '#/components/responses/Missing' },
          '5XX': { description: 'error', content: { 'text/*': {} } },
        },
      },
    },
  },
} as unknown as OpenAPIDocument
const [operation] = operationsOf(document)
const checker = new ResponseChecker(document)
const check = (response: Response, intent: 'valid' | 'invalid' = 'valid') => {
  if (!operation) throw new Error('no operation')
  return checker.check(operation, response, intent)
}

describe('ResponseChecker', () => {
  it('finds nothing in an answer that matches the document', async () => {
    expect(await check(Response.json({ id: 1 }))).toEqual([])
    expect(await check(new Response(null, { status: 204 }))).toEqual([])
    expect(await check(Response.json({ status: 404 }, { status: 404, headers: { 'content-type': 'application/problem+json' } }))).toEqual([])
  })

  it('finds a body off its schema, and a body that is no JSON, with the failing path', async () => {
    expect(await check(Response.json({ id: 'one' }))).toEqual([{ kind: 'schema', detail: '200 body does not match its schema: /id must be integer (body: {"id":"one"})' }])
    const notJson = await check(new Response('{', { headers: { 'content-type': 'application/json' } }))
    expect(notJson).toEqual([{ kind: 'schema', detail: '200 application/json body is not JSON: {' }])
    expect(await check(Response.json({}, { status: 404, headers: { 'content-type': 'application/problem+json' } }))).toMatchObject([{ kind: 'schema' }])
  })

  it('finds a server error (matched by its 5XX range), a valid request refused, an invalid one accepted', async () => {
    expect(await check(new Response('boom', { status: 503, headers: { 'content-type': 'text/plain' } }))).toEqual([{ kind: 'server-error', detail: '503: boom' }])
    expect(await check(Response.json({ msg: 'BadRequest: id' }, { status: 400 }))).toEqual([
      { kind: 'rejected-valid', detail: '400: BadRequest: id' },
      { kind: 'undocumented-status', detail: '400 (documented: 200, 202, 204, 404, 5XX)' },
    ])
    expect(await check(Response.json({ id: 1 }), 'invalid')).toEqual([{ kind: 'accepted-invalid', detail: '200' }])
  })

  it('finds an undocumented content type, and a body where none is documented', async () => {
    expect(await check(new Response('<id/>', { headers: { 'content-type': 'application/xml' } }))).toEqual([
      { kind: 'undocumented-content-type', detail: '200 sent application/xml; documented: application/json' },
    ])
    expect(await check(new Response('x', { status: 202, headers: { 'content-type': 'text/plain' } }))).toEqual([{ kind: 'undocumented-content-type', detail: '202 sent text/plain; documented: no body' }])
  })

  it('reads at most 1 MiB of a body', async () => {
    const huge = new Response('x'.repeat(3 * 1024 * 1024), { status: 500, headers: { 'content-type': 'text/plain' } })
    const [finding] = await check(huge)
    expect(finding?.detail.length).toBeLessThan(300)
  })
})
