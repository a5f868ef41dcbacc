/**
 * src/request/context.ts: the one request context — what it reads lazily and once (URL, query,
 * cookies, state, the client through trusted proxies), its deadline signal, and the cookies and
 * headers it adds to the answer.
 */
import { describe, expect, it } from 'vitest'
import type { ClientAddressing } from '../../src/request/client'
import { RequestContext, withSetCookies } from '../../src/request/context'

const contextOf = (url: string, init: RequestInit = {}, addressing?: ClientAddressing): RequestContext => {
  const raw = new Request(url, init)
  const parsed = new URL(url)
  return new RequestContext(raw, parsed.pathname, parsed.search.slice(1), 1_700_000_000_000, { KEY: 'v' }, { waitUntil: () => {} }, addressing)
}

describe('RequestContext', () => {
  it('holds the method, path, query text, arrival time, env and ctx it was made with', () => {
    const context = contextOf('http://h/a/b?x=1', { method: 'POST' })
    expect(context.method).toBe('POST')
    expect(context.path).toBe('/a/b')
    expect(context.search).toBe('x=1')
    expect(context.time.toISOString()).toBe('2023-11-14T22:13:20.000Z')
    expect(context.env).toEqual({ KEY: 'v' })
    expect(context.route).toBeUndefined()
  })

  it('parses the URL, query and cookies once, on first use', () => {
    const context = contextOf('http://h/a?tag=x&tag=y&q=1', { headers: { cookie: 'sid=abc; theme="dark"' } })
    expect(context.url).toBe(context.url)
    expect(context.query).toBe(context.query)
    expect({ ...context.query }).toEqual({ tag: ['x', 'y'], q: '1' })
    expect(context.cookies).toBe(context.cookies)
    expect({ ...context.cookies }).toEqual({ sid: 'abc', theme: 'dark' })
    expect(context.headers.get('cookie')).toBe('sid=abc; theme="dark"')
  })

  it('keeps one state object per request', () => {
    const context = contextOf('http://h/')
    ;(context.state as Record<string, unknown>).user = 'u1'
    expect((context.state as Record<string, unknown>).user).toBe('u1')
    expect((contextOf('http://h/').state as Record<string, unknown>).user).toBeUndefined()
  })

  it('reads the client from the URL without trusted proxies (forwarding headers change nothing)', () => {
    const context = contextOf('http://api.test:8080/x', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil' } })
    expect(context.ip).toBeUndefined()
    expect(context.protocol).toBe('http')
    expect(context.secure).toBe(false)
    expect(context.host).toBe('api.test:8080')
    expect(context.origin).toBe('http://api.test:8080')
  })

  it('reads the peer and what trusted proxies say, once', () => {
    let resolved = 0
    const addressing: ClientAddressing = {
      peer: () => '10.0.0.1',
      resolve: (_headers, peer) => (resolved++, { ip: `client-of-${peer}`, protocol: 'https', host: 'api.example.com:443' }),
    }
    const context = contextOf('http://internal:3000/x', {}, addressing)
    expect(context.ip).toBe('client-of-10.0.0.1')
    expect(context.protocol).toBe('https')
    expect(context.secure).toBe(true)
    expect(context.host).toBe('api.example.com:443')
    expect(context.origin).toBe('https://api.example.com')
    expect(resolved).toBe(1)
  })

  it('falls back to the peer when the proxies say nothing', () => {
    const context = contextOf('http://h/', {}, { peer: () => '192.0.2.9', resolve: () => undefined })
    expect(context.ip).toBe('192.0.2.9')
  })

  it('aborts its signal when the request expires, with the reason', () => {
    const context = contextOf('http://h/')
    const signal = context.signal
    expect(signal.aborted).toBe(false)
    context.expire(new Error('deadline'))
    expect(signal.aborted).toBe(true)
    expect((signal.reason as Error).message).toBe('deadline')
    const early = contextOf('http://h/')
    early.expire('gone')
    expect(early.signal.aborted).toBe(true)
  })

  it('refuses this.respond() outside a request', () => {
    expect(() => contextOf('http://h/').responder(1)).toThrow('fw: this.respond() is only available while fw is handling a request')
  })
})

describe('withSetCookies', () => {
  it('adds the pending cookies and headers to the answer once', () => {
    const context = contextOf('http://h/')
    context.setCookies = ['a=1', 'b=2']
    context.responseHeaders = ['ratelimit', 'a', 'ratelimit', 'b']
    const response = withSetCookies(context, new Response('x'))
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(response.headers.get('ratelimit')).toBe('a, b')
    expect(context.setCookies).toBeUndefined()
    expect(withSetCookies(context, new Response('y')).headers.getSetCookie()).toEqual([])
  })

  it('copies an answer whose headers are immutable (a fetched Response) rather than fail', async () => {
    const context = contextOf('http://h/')
    context.setCookies = ['a=1']
    const immutable = Response.redirect('http://h/elsewhere', 302)
    const sent = withSetCookies(context, immutable)
    expect(sent).not.toBe(immutable)
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe('http://h/elsewhere')
    expect(sent.headers.getSetCookie()).toEqual(['a=1'])
  })

  it('gives back the same answer when nothing is pending', () => {
    const response = new Response('x')
    expect(withSetCookies(contextOf('http://h/'), response)).toBe(response)
  })
})
