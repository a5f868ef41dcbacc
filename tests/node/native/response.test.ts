/**
 * src/node/native/response.ts: the light `Response` of fw's Node server. A string, bytes or no
 * body with plain (or `Headers`) headers keeps its parts for the server (`lightParts`); anything
 * else, or reading anything but `status`, `ok` and `headers`, makes the Web `Response` once, after
 * which the parts are gone. `instanceof Response` holds both ways; the statics stay the Web ones.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_TYPE, installLightResponse, lightParts } from '../../../src/node/native/response'

const WebResponse = globalThis.Response

beforeEach(() => {
  expect(installLightResponse()).toBe(true)
})
afterEach(() => {
  globalThis.Response = WebResponse
})

describe('installLightResponse', () => {
  it('replaces the global once; a second call keeps it', () => {
    const light = globalThis.Response
    expect(light).not.toBe(WebResponse)
    expect(installLightResponse()).toBe(true)
    expect(globalThis.Response).toBe(light)
    expect(Object.getOwnPropertyDescriptor(globalThis, 'Response')?.enumerable).toBe(false)
  })
})

describe('a light response', () => {
  it('keeps its parts: string, bytes, nothing; plain or Headers headers', () => {
    expect(lightParts(new Response('hi'))).toEqual({ status: 200, body: 'hi', headers: undefined })
    const bytes = new Uint8Array([1, 2, 3])
    expect(lightParts(new Response(bytes, { status: 404 }))?.body).toBe(bytes)
    expect(lightParts(new Response(null, { status: 204 }))).toEqual({ status: 204, body: null, headers: undefined })
    expect(lightParts(new Response(undefined))).toEqual({ status: 200, body: null, headers: undefined })
    const headers = new Headers({ 'x-a': '1' })
    expect(lightParts(new Response('x', { headers }))?.headers).toBe(headers)
    expect(lightParts(new Response('x', { headers: { 'content-type': 'text/csv' } }))?.headers).toEqual({ 'content-type': 'text/csv' })
  })

  it('answers status, ok and headers without leaving the light form', () => {
    const response = new Response('body', { status: 201, headers: { 'x-id': '7' } })
    expect(response.status).toBe(201)
    expect(response.ok).toBe(true)
    expect(response.headers.get('x-id')).toBe('7')
    response.headers.set('x-more', 'yes')
    expect(lightParts(response)?.headers).toEqual({ 'x-id': '7', 'x-more': 'yes' })
    expect(new Response('', { status: 500 }).ok).toBe(false)
  })

  it('gives a body without headers the default content type (the one @hono/node-server gives)', () => {
    expect(new Response('hi').headers.get('content-type')).toBe(DEFAULT_TYPE)
    expect(new Response(null).headers.get('content-type')).toBeNull()
    expect(new Response('hi', { headers: {} }).headers.get('content-type')).toBeNull()
  })

  it('changes its headers on a copy: the object it was given (fw shares its frozen inits) stays as it was', () => {
    const shared = Object.freeze({ 'content-type': 'application/json' })
    const first = new Response('{}', { headers: shared })
    first.headers.set('x-request-id', 'a')
    first.headers.delete('content-type')
    expect(shared).toEqual({ 'content-type': 'application/json' })
    expect(lightParts(first)?.headers).toEqual({ 'x-request-id': 'a' })
    expect(lightParts(new Response('{}', { headers: shared }))?.headers).toBe(shared)
  })

  it('refuses a header name or value as Headers refuses it', () => {
    const response = new Response('x', { headers: { 'x-a': '1' } })
    expect(() => response.headers.set('bad name', 'v')).toThrow(TypeError)
    expect(() => response.headers.set('x-b', 'line\r\nInjected: yes')).toThrow(TypeError)
    expect(lightParts(response)?.headers).toEqual({ 'x-a': '1' })
  })

  it('becomes the Web response once its body is read; the parts are gone then', async () => {
    const response = new Response('payload', { status: 202, headers: { 'x-a': '1' } })
    expect(await response.text()).toBe('payload')
    expect(lightParts(response)).toBeUndefined()
    expect(response.bodyUsed).toBe(true)
    expect(response.status).toBe(202)
    expect(response.headers.get('x-a')).toBe('1')
    await expect(response.text()).rejects.toThrow(TypeError)
    const cloned = new Response('c').clone()
    expect(await cloned.text()).toBe('c')
  })

  it('is the Web one from the start for a stream, a statusText, a status outside 200–599 or odd headers', () => {
    const stream = new ReadableStream({ start: (controller) => controller.close() })
    for (const response of [
      new Response(stream),
      new Response('x', { statusText: 'Fine' }),
      new Response('x', { headers: [['x-a', '1']] }),
      new Response(new Blob(['b'])),
      new Response(new URLSearchParams('a=1')),
      new Response('x', null as unknown as ResponseInit),
    ])
      expect(lightParts(response)).toBeUndefined()
  })

  it('throws the Web Response errors for a bad status or a body on a null-body status', () => {
    expect(() => new Response('x', { status: 99 })).toThrow(RangeError)
    expect(() => new Response('x', { status: 600 })).toThrow(RangeError)
    expect(new Response('x', { status: 200.5 }).status).toBe(200) // WebIDL unsigned short, as the Web one
    expect(() => new Response('x', { status: 204 })).toThrow(TypeError)
  })

  it('is an instance of the Web Response, and a Web response is one of it', () => {
    const light = new Response('x')
    expect(light).toBeInstanceOf(WebResponse)
    expect(light).toBeInstanceOf(Response)
    expect(new WebResponse('y')).toBeInstanceOf(Response)
    expect({}).not.toBeInstanceOf(Response)
  })

  it('keeps the statics: json, redirect, error', async () => {
    const json = Response.json({ a: 1 }, { status: 201 })
    expect(json.status).toBe(201)
    expect(await json.json()).toEqual({ a: 1 })
    expect(Response.redirect('http://localhost/x', 302).headers.get('location')).toBe('http://localhost/x')
    expect(Response.error().type).toBe('error')
  })

  it('has no parts for what is not a light response', () => {
    expect(lightParts(new WebResponse('x'))).toBeUndefined()
    expect(lightParts(Object.create(null) as Response)).toBeUndefined()
    expect(lightParts({ status: 200 } as unknown as Response)).toBeUndefined()
  })
})
