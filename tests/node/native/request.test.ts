/**
 * src/node/native/request.ts: the native path's `Request` over an `IncomingMessage` — method
 * copied, URL and headers built on first use (a bad target or Host refused at once), `text()`,
 * `json()`, `arrayBuffer()`, `bytes()` read from the socket once (a second read refused as the
 * Web one refuses it), every other member answered by the Web `Request` built once (its body the
 * rest of the socket, its signal aborted when the client goes), `instanceof Request` kept.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { incomingOf, nativeRequest, nativeRequestAt } from '../../../src/node/native/request'
import { BadRequestTarget } from '../../../src/node/native/target'
import { FRAMED } from '../../../src/utils/http'
import { capturedResponse, incomingMessage } from '../in-process'

const WebRequest = globalThis.Request
afterEach(() => {
  globalThis.Request = WebRequest
})

const post = (body: string, raw: string[] = []) =>
  incomingMessage('POST', '/items?x=1', ['Host', 'api.test', 'Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body)), ...raw], { body })

describe('nativeRequest', () => {
  it('is a Request with the method, the URL and the headers of the IncomingMessage', () => {
    const incoming = post('{}', ['X-Trace', 'abc'])
    const request = nativeRequest(incoming, 'localhost')
    expect(request).toBeInstanceOf(Request)
    expect(request.method).toBe('POST')
    expect(request.url).toBe('http://api.test/items?x=1')
    expect(request.headers.get('x-trace')).toBe('abc')
    expect(request.headers).toBe(request.headers)
    expect(incomingOf(request)).toBe(incoming)
    expect(incomingOf(new Request('http://x/'))).toBeUndefined()
    expect(Reflect.get(request, FRAMED)).toBe(true)
  })

  it('takes the hostname given where the request has no Host, and refuses a bad Host or target at once', () => {
    expect(nativeRequest(incomingMessage('GET', '/x', []), 'fallback.test').url).toBe('http://fallback.test/x')
    expect(() => nativeRequest(incomingMessage('GET', '/x', ['Host', 'a/admin']), 'localhost')).toThrow(BadRequestTarget)
    expect(() => nativeRequest(incomingMessage('GET', 'x', ['Host', 'h']), 'localhost')).toThrow(BadRequestTarget)
  })

  it('reads text, json, bytes and arrayBuffer from the socket, once', async () => {
    expect(await nativeRequest(post('{"a":1}'), 'localhost').json()).toEqual({ a: 1 })
    expect(await nativeRequest(post('é'), 'localhost').text()).toBe('é')
    const bytes = await nativeRequest(post('ab'), 'localhost').bytes()
    expect([...bytes]).toEqual([97, 98])
    expect(new Uint8Array(await nativeRequest(post('ab'), 'localhost').arrayBuffer())).toEqual(new Uint8Array([97, 98]))

    const once = nativeRequest(post('x'), 'localhost')
    expect(once.bodyUsed).toBe(false)
    await once.text()
    expect(once.bodyUsed).toBe(true)
    await expect(once.text()).rejects.toThrow('Body is unusable: the request body was already read')
    await expect(once.json()).rejects.toThrow(TypeError)
  })

  it('refuses malformed JSON with the SyntaxError of JSON.parse', async () => {
    await expect(nativeRequest(post('{"a":'), 'localhost').json()).rejects.toThrow(SyntaxError)
  })

  it('reads a GET through the Web Request: no body', async () => {
    const request = nativeRequest(incomingMessage('GET', '/', ['Host', 'h']), 'localhost')
    expect(await request.text()).toBe('')
    expect(request.body).toBeNull()
  })

  it('answers any other member from the Web Request, built once: body, clone, formData', async () => {
    const request = nativeRequest(post('streamed'), 'localhost')
    const body = request.body
    expect(body).toBeInstanceOf(ReadableStream)
    expect(request.body).toBe(body)
    expect(await new Response(body).text()).toBe('streamed')

    const form = incomingMessage('POST', '/', ['Host', 'h', 'Content-Type', 'application/x-www-form-urlencoded', 'Content-Length', '7'], { body: 'a=1&b=2' })
    expect([...(await nativeRequest(form, 'localhost').formData())]).toEqual([['a', '1'], ['b', '2']])

    const cloned = nativeRequest(post('twice'), 'localhost').clone()
    expect(await cloned.text()).toBe('twice')
  })

  it('aborts the signal when the response closes before it finished; not after', () => {
    const incoming = incomingMessage('GET', '/', ['Host', 'h'])
    const { res } = capturedResponse(incoming)
    const request = nativeRequest(incoming, 'localhost', res)
    expect(request.signal.aborted).toBe(false)
    res.emit('close')
    expect(request.signal.aborted).toBe(true)

    const done = incomingMessage('GET', '/', ['Host', 'h'])
    const finished = capturedResponse(done).res
    finished.end('ok')
    const later = nativeRequest(done, 'localhost', finished)
    expect(later.signal.aborted).toBe(false)
    expect(nativeRequest(done, 'localhost').signal.aborted).toBe(false)
  })

  it('stays an instance of the global Request when a library replaced it with a subclass', () => {
    class Subclass extends WebRequest {}
    globalThis.Request = Subclass
    const request = nativeRequest(incomingMessage('GET', '/', ['Host', 'h']), 'localhost')
    expect(request).toBeInstanceOf(Subclass)
    expect(request).toBeInstanceOf(WebRequest)
  })
})

describe('nativeRequestAt', () => {
  it('takes the URL and raw headers worked out by the caller', async () => {
    const incoming = post('{"b":2}', ['Connection', 'keep-alive'])
    const request = nativeRequestAt(incoming, 'http://localhost/api/items', undefined, ['Host', 'api.test', 'X-Only', 'this'])
    expect(request.url).toBe('http://localhost/api/items')
    expect([...request.headers]).toEqual([['host', 'api.test'], ['x-only', 'this']])
    expect(await request.json()).toEqual({ b: 2 })
  })
})
