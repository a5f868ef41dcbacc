/**
 * src/utils/http.ts in-process: null-body statuses, Set-Cookie appended, a Response told by its
 * shape, a body held to its Content-Length, and `framed` — the framing headers fw cannot vouch
 * for dropped (the same over real HTTP: tests/utils/framing.test.ts, tests/runtimes/framing.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { appendSetCookie, framed, heldToLength, HOP_BY_HOP, isNullBodyStatus, isResponseLike, outgoingResponse } from '../../src/utils/http'

const streamOf = (...chunks: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    },
  })

describe('isNullBodyStatus / HOP_BY_HOP', () => {
  it('knows the statuses that never carry a body', () => {
    expect([204, 205, 304].every(isNullBodyStatus)).toBe(true)
    expect([200, 201, 404, 500].some(isNullBodyStatus)).toBe(false)
  })

  it('lists the hop-by-hop fields in lower case', () => {
    expect(HOP_BY_HOP.has('transfer-encoding')).toBe(true)
    expect(HOP_BY_HOP.has('connection')).toBe(true)
    expect(HOP_BY_HOP.has('content-length')).toBe(false)
  })
})

describe('appendSetCookie', () => {
  /** A Node-like response: one header map. */
  const target = (prior?: number | string | string[]) => {
    const headers = new Map<string, unknown>(prior === undefined ? [] : [['set-cookie', prior]])
    return { headers, getHeader: (name: string) => headers.get(name) as never, setHeader: (name: string, value: string[]) => headers.set(name, value) }
  }

  it('adds cookies after those already set, one or several', () => {
    const one = target('a=1')
    appendSetCookie(one, ['b=2'])
    expect(one.headers.get('set-cookie')).toEqual(['a=1', 'b=2'])
    const many = target(['a=1', 'c=3'])
    appendSetCookie(many, ['b=2'])
    expect(many.headers.get('set-cookie')).toEqual(['a=1', 'c=3', 'b=2'])
    const none = target()
    appendSetCookie(none, ['x=1'])
    expect(none.headers.get('set-cookie')).toEqual(['x=1'])
  })

  it('writes nothing for no cookies', () => {
    const none = target()
    appendSetCookie(none, [])
    expect(none.headers.has('set-cookie')).toBe(false)
  })
})

describe('isResponseLike', () => {
  it('recognises this runtime’s Response and another library’s by their shape', () => {
    expect(isResponseLike(new Response('x'))).toBe(true)
    const foreign = { status: 200, arrayBuffer: async () => new ArrayBuffer(0), headers: new Headers(), body: null }
    expect(isResponseLike(foreign)).toBe(true)
  })

  it('never takes data that merely has status, headers and body keys for a Response', () => {
    expect(isResponseLike({ status: 200, headers: {}, body: 'x' })).toBe(false)
    expect(isResponseLike({ status: '200', arrayBuffer: () => 1, headers: new Headers(), body: null })).toBe(false)
    expect(isResponseLike({ status: 200, arrayBuffer: () => 1, headers: new Headers(), body: 'text' })).toBe(false)
    expect(isResponseLike(null)).toBe(false)
    expect(outgoingResponse({ status: 200 })).toBeUndefined()
  })
})

describe('heldToLength', () => {
  it('passes a body that matches its Content-Length', async () => {
    const response = heldToLength(streamOf('ab', 'c'), 200, new Headers({ 'content-length': '3' }))
    expect(await response.text()).toBe('abc')
    expect(framed(response).headers.get('content-length')).toBe('3')
  })

  it('errors a body that runs past or stops short of its Content-Length (never a desynchronised connection)', async () => {
    await expect(heldToLength(streamOf('abcd'), 200, new Headers({ 'content-length': '3' })).text()).rejects.toThrow('fw: the body ran past its Content-Length (3)')
    await expect(heldToLength(streamOf('ab'), 200, new Headers({ 'content-length': '3' })).text()).rejects.toThrow('fw: the body ended at 2 of its Content-Length (3) bytes')
  })

  it('does not count a body without a usable Content-Length', async () => {
    expect(await heldToLength(streamOf('abcd'), 200, new Headers({ 'content-length': 'x' })).text()).toBe('abcd')
    expect(await heldToLength(streamOf('abcd'), 200, new Headers()).text()).toBe('abcd')
  })
})

describe('framed', () => {
  it('gives back the same Response when there is nothing to drop', () => {
    const response = new Response('x', { headers: { 'content-type': 'text/plain' } })
    expect(framed(response)).toBe(response)
  })

  it('drops a Content-Length fw cannot vouch for and a Transfer-Encoding', async () => {
    const response = new Response(streamOf('abc'), { headers: { 'content-length': '99', 'transfer-encoding': 'chunked' } })
    const sent = framed(response)
    expect(sent.headers.get('content-length')).toBeNull()
    expect(sent.headers.get('transfer-encoding')).toBeNull()
    expect(await sent.text()).toBe('abc')
  })

  it('drops a non-zero Content-Length of a null body, except on a null-body status', () => {
    expect(framed(new Response(null, { headers: { 'content-length': '5' } })).headers.get('content-length')).toBeNull()
    expect(framed(new Response(null, { headers: { 'content-length': '0' } })).headers.get('content-length')).toBe('0')
    expect(framed(new Response(null, { status: 304, headers: { 'content-length': '5' } })).headers.get('content-length')).toBe('5')
  })

  it('keeps an app’s own Content-Encoding (bytes it compressed itself)', () => {
    expect(framed(new Response('x', { headers: { 'content-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip')
  })

  it('rebuilds another library’s Response as this runtime’s own, its headers cleaned, a null-body status without body', async () => {
    const foreign = { status: 201, statusText: 'Created', url: '', arrayBuffer: async () => new ArrayBuffer(0), headers: new Headers({ 'x-a': '1', 'transfer-encoding': 'chunked' }), body: streamOf('hi') }
    const sent = outgoingResponse(foreign)
    expect(sent).toBeInstanceOf(Response)
    expect(sent?.status).toBe(201)
    expect(sent?.headers.get('x-a')).toBe('1')
    expect(sent?.headers.get('transfer-encoding')).toBeNull()
    expect(await sent?.text()).toBe('hi')
    const noContent = outgoingResponse({ ...foreign, status: 204, headers: new Headers({ 'transfer-encoding': 'chunked' }) })
    expect(noContent?.body).toBeNull()
  })

  it('answers with the Response as it is when it cannot be read (a throwing getter)', () => {
    const hostile = Object.defineProperty(new Response('x'), 'headers', {
      get() {
        throw new Error('no headers')
      },
    })
    expect(framed(hostile)).toBe(hostile)
  })
})
