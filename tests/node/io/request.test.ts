/**
 * src/node/io/request.ts: a Node `IncomingMessage` as a Web `Request` for fw attached to a Node
 * backend — the URL from the socket's scheme and the Host (a missing or malformed Host →
 * localhost), hop-by-hop and pseudo headers dropped, a header value the Web refuses left out, a
 * reused body replacing the stream (and its length/encoding/type headers), the Node body read
 * only once fw reads it, the client's early close aborting the signal.
 */
import { describe, expect, it } from 'vitest'
import type { IncomingMessage } from 'node:http'
import { hasWireBody, requestUrl, toWebRequest } from '../../../src/node/io/request'
import { http, incomingMessage } from '../in-process'

/** An IncomingMessage as node:http's parser leaves it (../in-process). */
const incoming = (method: string, url: string, raw: string[], body?: string, encrypted = false): IncomingMessage =>
  incomingMessage(method, url, raw, { body, encrypted })

describe('requestUrl', () => {
  it('joins the scheme of the socket, the Host and the path, normalised', () => {
    expect(requestUrl(incoming('GET', '/', ['Host', 'example.com']), '/a/../b?c=d')).toBe('http://example.com/b?c=d')
    expect(requestUrl(incoming('GET', '/', ['Host', 'example.com:8443'], undefined, true), '/x')).toBe('https://example.com:8443/x')
    expect(requestUrl(incoming('GET', '/', ['Host', 'h']), 'no-slash')).toBe('http://h/no-slash')
  })

  it('uses localhost without a Host, with an empty or malformed one, and :authority of HTTP/2', () => {
    expect(requestUrl(incoming('GET', '/', []), '/p')).toBe('http://localhost/p')
    expect(requestUrl(incoming('GET', '/', ['Host', '']), '/p')).toBe('http://localhost/p')
    for (const hostile of ['exa mple.com', 'host:99999', '[::1'])
      expect(requestUrl(incoming('GET', '/', ['Host', hostile]), '/p')).toBe('http://localhost/p')
    expect(requestUrl(incoming('GET', '/', [':authority', 'h2.example']), '/p')).toBe('http://h2.example/p')
  })

  it('never lets the Host change the path, query or user: one with /, ?, #, @ or \\ is localhost', () => {
    // the backend routed (and guarded) `/p`; fw must serve `/p`, not `/admin/p`
    for (const hostile of ['a/admin', 'a?x=', 'a#frag', 'user@a', 'a\\admin', 'a%2fadmin/..'])
      expect(requestUrl(incoming('GET', '/', ['Host', hostile]), '/p')).toBe('http://localhost/p')
    const { request } = toWebRequest(incoming('GET', '/public', ['Host', 'example.com/admin']))
    expect(new URL(request.url).pathname).toBe('/public')
  })

  it('keeps an absolute-form target as it is', () => {
    expect(requestUrl(incoming('GET', '/', ['Host', 'a']), 'HTTP://other.example/x')).toBe('HTTP://other.example/x')
  })
})

describe('hasWireBody', () => {
  it('is true for a Transfer-Encoding or a Content-Length other than 0', () => {
    expect(hasWireBody(incoming('POST', '/', ['Transfer-Encoding', 'chunked']))).toBe(true)
    expect(hasWireBody(incoming('POST', '/', ['Content-Length', '3']))).toBe(true)
    expect(hasWireBody(incoming('POST', '/', ['Content-Length', '0']))).toBe(false)
    expect(hasWireBody(incoming('POST', '/', []))).toBe(false)
  })
})

describe('toWebRequest', () => {
  it('copies method (upper case) and headers, leaving out hop-by-hop, pseudo and refused ones', () => {
    const req = incoming('patch', '/items?id=1', ['Host', 'api.test', 'X-Trace', 'abc', 'Connection', 'keep-alive', 'Keep-Alive', 'timeout=5', ':path', '/items', 'X-Bad', 'caf\u00e9\u0100', 'X-Twice', 'a', 'X-Twice', 'b'])
    const { request } = toWebRequest(req)
    expect(request.method).toBe('PATCH')
    expect(request.url).toBe('http://api.test/items?id=1')
    expect([...request.headers]).toEqual([
      ['host', 'api.test'],
      ['x-trace', 'abc'],
      ['x-twice', 'a, b'],
    ])
  })

  it('takes the path given (Express originalUrl) over req.url', () => {
    const { request } = toWebRequest(incoming('GET', '/users', ['Host', 'h']), { url: '/api/users' })
    expect(new URL(request.url).pathname).toBe('/api/users')
  })

  it('reads the Node body only once fw reads it', async () => {
    const req = incoming('POST', '/', ['Host', 'h', 'Content-Length', '5', 'Content-Type', 'text/plain'], 'hello')
    const web = toWebRequest(req)
    expect(web.bodyStarted).toBe(false)
    expect(req.readableFlowing).toBeNull()
    expect(await web.request.text()).toBe('hello')
    expect(web.bodyStarted).toBe(true)
  })

  it('gives GET and HEAD no body, nor a request without one on the wire', () => {
    expect(toWebRequest(incoming('GET', '/', ['Content-Length', '5'], 'hello')).request.body).toBeNull()
    expect(toWebRequest(incoming('HEAD', '/', ['Content-Length', '5'], 'hello')).request.body).toBeNull()
    expect(toWebRequest(incoming('POST', '/', [])).request.body).toBeNull()
  })

  it('puts a reused body in place of the stream, with the headers that describe it', async () => {
    const raw = ['Host', 'h', 'Content-Length', '99', 'Content-Encoding', 'gzip', 'Content-Type', 'application/x-custom']
    const json = toWebRequest(incoming('POST', '/', raw), { body: { body: '{"a":1}', contentType: 'application/json' } })
    expect(json.request.headers.get('content-type')).toBe('application/json')
    expect(json.request.headers.has('content-length')).toBe(false)
    expect(json.request.headers.has('content-encoding')).toBe(false)
    expect(await json.request.text()).toBe('{"a":1}')
    expect(json.bodyStarted).toBe(false)

    const form = new FormData()
    form.append('a', '1')
    const multipart = toWebRequest(incoming('POST', '/', raw), { body: { body: form, contentType: null } })
    expect(multipart.request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    const kept = toWebRequest(incoming('POST', '/', raw), { body: { body: 'as is' } })
    expect(kept.request.headers.get('content-type')).toBe('application/x-custom')
  })

  it("aborts the signal when the response closes before it finished (the client went away), not after", () => {
    const req = incoming('GET', '/', ['Host', 'h'])
    const gone = new http.ServerResponse(req)
    const early = toWebRequest(req, { res: gone })
    gone.emit('close')
    expect(early.request.signal.aborted).toBe(true)
    expect(String(early.request.signal.reason)).toContain('client closed the connection')

    const done = new http.ServerResponse(req)
    const finished = toWebRequest(req, { res: done })
    Object.defineProperty(done, 'writableFinished', { value: true })
    done.emit('close')
    expect(finished.request.signal.aborted).toBe(false)
  })
})
