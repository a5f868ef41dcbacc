/**
 * src/openapi/request-body.ts: a route's request body in the document — the media types its
 * accept mode takes (JSON, forms, XML only with fw-api/xml, text, binary), file fields as
 * multipart with their encoding, the byte limit, and what the typed client reads (`x-fw-body`).
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { file } from 'fw-api'
import { requestBodyOf } from '../../src/openapi/request-body'
import type { RouteBody } from '../../src/openapi/route-info'

const Item = v.object({ name: v.string(), count: v.optional(v.number(), 1) })
const whole = (fields: Partial<RouteBody>): RouteBody => ({ shape: 'whole', accept: 'any', key: 'data', schema: Item, required: true, ...fields })

describe('requestBodyOf', () => {
  it('offers JSON and both forms for `any`, no XML unless fw-api/xml is imported', () => {
    const body = requestBodyOf(whole({}), {})
    expect(Object.keys(body.content as object)).toEqual(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'])
    expect(body).toMatchObject({ description: 'The whole body (`data`).', required: true, 'x-fw-body': { shape: 'whole', key: 'data' } })
  })

  it('offers JSON only for `json`, the forms only for `form`', () => {
    expect(Object.keys(requestBodyOf(whole({ accept: 'json' }), {}).content as object)).toEqual(['application/json'])
    expect(Object.keys(requestBodyOf(whole({ accept: 'form' }), {}).content as object)).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded'])
  })

  it('describes text and binary bodies by their content type', () => {
    expect(requestBodyOf(whole({ accept: 'text', schema: undefined }), {}).content).toEqual({ 'text/plain': { schema: { type: 'string' } } })
    expect(requestBodyOf(whole({ accept: 'binary', schema: undefined, contentType: 'image/png' }), {}).content).toEqual({ 'image/png': { schema: { type: 'string', format: 'binary' } } })
    expect(Object.keys(requestBodyOf(whole({ accept: 'binary', schema: undefined }), {}).content as object)).toEqual(['application/octet-stream'])
  })

  it('sends a body with files as multipart only, naming each file field’s accepted types', () => {
    const Upload = v.object({ title: v.string(), avatar: file.Image })
    const content = requestBodyOf(whole({ schema: Upload }), {}).content as Record<string, { encoding?: Record<string, unknown> }>
    expect(Object.keys(content)).toEqual(['multipart/form-data'])
    expect(content['multipart/form-data']?.encoding?.avatar).toMatchObject({ contentType: expect.stringContaining('image/') })
  })

  it('describes body fields under their wire names, with defaults and the required ones', () => {
    const body = requestBodyOf(
      {
        shape: 'fields',
        accept: 'json',
        required: false,
        fields: [
          { key: 'userName', wire: 'user_name', schema: v.string(), required: true, hasDefault: false },
          { key: 'age', wire: 'age', schema: v.number(), required: false, hasDefault: true, default: 18 },
        ],
      },
      {},
    )
    expect((body.content as Record<string, { schema: unknown }>)['application/json']?.schema).toEqual({
      type: 'object',
      properties: { user_name: { type: 'string' }, age: { type: 'number', default: 18 } },
      required: ['user_name'],
    })
    expect(body['x-fw-body']).toEqual({ shape: 'fields', fields: [{ key: 'userName', wire: 'user_name' }, { key: 'age', wire: 'age' }] })
    expect(body.description).toBe('Body fields.')
  })

  it('states the byte limit, and a body of the instance (common param) for the client', () => {
    const body = requestBodyOf(whole({ maxLength: 1024, target: 'instance' }), {})
    expect(body.description).toBe('The whole body (`data`). At most 1024 bytes (413 beyond).')
    expect(body['x-fw-max-bytes']).toBe(1024)
    expect(body['x-fw-body']).toEqual({ shape: 'whole', key: 'data', target: 'instance' })
  })

  it('offers XML for an object body once fw-api/xml is imported', async () => {
    await import('fw-api/xml')
    expect(Object.keys(requestBodyOf(whole({}), {}).content as object)).toEqual([
      'application/json',
      'application/xml',
      'text/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ])
    expect(Object.keys(requestBodyOf(whole({ schema: v.array(v.string()) }), {}).content as object)).not.toContain('application/xml')
  })
})
