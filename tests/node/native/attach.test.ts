/**
 * src/node/native/attach.ts: fw attached to node:http, Express, Koa, Fastify — the request is the
 * native stand-in at the URL the framework routed (hop-by-hop and pseudo headers left out, a Host
 * that is not a usable one read as localhost, never moving into the path), or a Web `Request`
 * when the body was consumed, is absent or chunked; a light answer goes to `res` as it is (its
 * framing left to Node, Set-Cookie appended to the middleware's), any other is piped.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import { attachedRequest, bufferOf, eachHeader, sendAttached } from '../../../src/node/native/attach'
import { installLightResponse, lightParts } from '../../../src/node/native/response'
import { capturedResponse, incomingMessage } from '../in-process'

const WebResponse = globalThis.Response
beforeEach(() => {
  installLightResponse()
})
afterEach(() => {
  globalThis.Response = WebResponse
})

const incoming = (method: string, url: string, raw: string[], body?: string): IncomingMessage => incomingMessage(method, url, raw, { body })
const captured = capturedResponse

describe('attachedRequest', () => {
  it('is the native stand-in at the routed URL, hop-by-hop and pseudo headers left out', async () => {
    const req = incoming('POST', '/users', ['Host', 'api.test', 'Connection', 'keep-alive', ':scheme', 'http', 'Content-Type', 'application/json', 'Content-Length', '7'], '{"a":1}')
    const { request, bodyStarted } = attachedRequest(req, { url: '/api/users' })
    expect(lightParts(new Response('x'))).toBeDefined()
    expect(request.url).toBe('http://api.test/api/users')
    expect(request.headers.get('connection')).toBeNull()
    expect(request.headers.get(':scheme')).toBeNull()
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(bodyStarted).toBe(false)
    expect(await request.json()).toEqual({ a: 1 })
  })

  it('parses a URL the parser would change: dot segments, upper-case Host', () => {
    expect(attachedRequest(incoming('GET', '/a/../b', ['Host', 'API.test']), {}).request.url).toBe('http://api.test/b')
    expect(attachedRequest(incoming('GET', '/x', []), {}).request.url).toBe('http://localhost/x')
  })

  it('never lets a Host with /, ?, @ or a space move into the path the framework routed', () => {
    for (const host of ['api.test/admin', 'a?', 'user@evil', 'a b'])
      expect(attachedRequest(incoming('GET', '/public', ['Host', host]), { url: '/public' }).request.url).toBe('http://localhost/public')
  })

  it('is a Web Request for a consumed, absent or chunked body', async () => {
    const consumed = attachedRequest(incoming('POST', '/', ['Host', 'h', 'Content-Length', '5']), { body: { body: 'again' } })
    expect(await consumed.request.text()).toBe('again')
    const none = attachedRequest(incoming('POST', '/', ['Host', 'h']), {})
    expect(none.request.body).toBeNull()
    const chunked = attachedRequest(incoming('POST', '/', ['Host', 'h', 'Transfer-Encoding', 'chunked'], 'streamed'), {})
    expect(chunked.request.headers.has('transfer-encoding')).toBe(false)
    expect(await chunked.request.text()).toBe('streamed')
  })
})

describe('sendAttached', () => {
  it('writes a light answer as it is: status, headers merged, Set-Cookie appended, the body whole', async () => {
    const req = incoming('GET', '/', [])
    const { res, response } = captured(req)
    res.setHeader('Set-Cookie', 'session=1')
    res.setHeader('X-Middleware', 'kept')
    await sendAttached(res, new Response('{"ok":1}', { status: 201, headers: { 'Content-Type': 'application/json', 'Set-Cookie': 'fw=2', 'Content-Length': '999' } }))
    const answer = await response
    expect(answer.status).toBe(201)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.headers.get('x-middleware')).toBe('kept')
    expect(answer.headers.getSetCookie()).toEqual(['session=1', 'fw=2'])
    expect(await answer.text()).toBe('{"ok":1}')
  })

  it('types a body answered without headers, and sends no body for HEAD', async () => {
    const plain = captured(incoming('GET', '/', []))
    await sendAttached(plain.res, new Response('hi'))
    expect((await plain.response).headers.get('content-type')).toBe('text/plain; charset=UTF-8')
    const head = captured(incoming('HEAD', '/', []))
    await sendAttached(head.res, new Response('hi'))
    expect((await head.response).body).toBeNull()
  })

  it('pipes any other answer (a stream)', async () => {
    const { res, response } = captured(incoming('GET', '/', []))
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a'))
        controller.enqueue(new TextEncoder().encode('b'))
        controller.close()
      },
    })
    await sendAttached(res, new Response(stream, { headers: { 'x-kind': 'stream' } }))
    const answer = await response
    expect(answer.headers.get('x-kind')).toBe('stream')
    expect(await answer.text()).toBe('ab')
  })
})

describe('eachHeader', () => {
  it('visits lower-case names, leaves framing out of a whole light body, returns Set-Cookie', () => {
    const seen: [string, string][] = []
    const response = new Response('x', { headers: { 'X-A': '1', 'Content-Length': '1', 'Set-Cookie': 'c=1' } })
    expect(eachHeader(response, lightParts(response), (name, value) => seen.push([name, value]))).toEqual(['c=1'])
    expect(seen).toEqual([['x-a', '1']])
  })

  it('keeps framing of a Web response, and reads its Headers', () => {
    const seen: string[] = []
    const headers = new Headers({ 'content-length': '1', 'x-b': '2' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    const response = new WebResponse('x', { headers })
    expect(eachHeader(response, undefined, (name) => seen.push(name))).toEqual(['a=1', 'b=2'])
    expect(seen).toEqual(['content-length', 'content-type', 'x-b'])
  })
})

describe('bufferOf', () => {
  it('gives a Buffer of a string (UTF-8) or over the same bytes of a view', () => {
    expect(bufferOf('é').toString('hex')).toBe('c3a9')
    const bytes = new Uint8Array([0, 1, 2, 3]).subarray(1, 3)
    const buffer = bufferOf(bytes)
    expect([...buffer]).toEqual([1, 2])
    bytes[0] = 9
    expect(buffer[0]).toBe(9)
  })
})
