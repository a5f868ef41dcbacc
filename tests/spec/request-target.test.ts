/**
 * The route served comes from the request-target, and the
 * route helpers of src/router/url.ts and src/router/route-path.ts.
 */
import { describe, expect, it } from 'vitest'
import { normalizeRoute, under } from '../../src/router/route-path'
import { BACKSLASH, pathOf, rawPath, splitTarget, stripPrefix } from '../../src/router/url'

describe('splitTarget', () => {
  it('splits path and query by index; drops a trailing slash', () => {
    expect(splitTarget('http://h/api/x/?a=1', null)).toEqual({ path: '/api/x', search: 'a=1', start: 8 })
    expect(splitTarget('https://h:8080', null)).toMatchObject({ path: '/', search: '' })
    expect(splitTarget('http://h?x=1', null)).toMatchObject({ path: '/', search: 'x=1' })
  })

  it('refuses URLs that do not come from a usable request-target and Host', () => {
    expect(splitTarget('/public/api/calc/add', null)).toBeUndefined() // Bun: relative URL for a bad Host
    expect(splitTarget('http://a@b/public/api/calc/add', null)).toBeUndefined() // userinfo
    expect(splitTarget('http://x/api/public/api/calc/add', 'x/api')).toBeUndefined() // Deno: Host text prepended
    expect(splitTarget('http://x/api', 'a b')).toBeUndefined()
    expect(splitTarget('http://x/api', 'x\\y')).toBeUndefined()
    expect(splitTarget('ftp://x/api', null)).toBeUndefined()
  })

  it('refuses a port that is not digits up to 65535 (Bun and Deno put the Host in the URL as sent)', () => {
    for (const bad of ['http://a:99999/p', 'http://a:65536/p', 'http://a:1x/p', 'http://a:123456/p', 'http://[::1]:70000/p', 'http://a:-1/p']) {
      expect(splitTarget(bad, null), bad).toBeUndefined()
    }
    for (const good of ['http://a:65535/p', 'http://a:0/p', 'http://a:/p', 'http://[::1]/p', 'http://[::1]:8000/p', 'http://a/p:1', 'http://a?b=:99999']) {
      expect(splitTarget(good, null), good).toBeDefined()
    }
  })

  it('refuses a bad Host right after a usable one (the last usable Host is remembered, not the test)', () => {
    for (const bad of ['x/api', 'a b', 'x\\y', 'h@evil']) {
      expect(splitTarget('http://h/api', 'h')).toMatchObject({ path: '/api' })
      expect(splitTarget('http://h/api', 'h')).toMatchObject({ path: '/api' })
      expect(splitTarget('http://h/api', bad), bad).toBeUndefined()
      expect(splitTarget('http://h/api', bad), bad).toBeUndefined()
    }
  })

  it('takes http: and https: in any case, no other scheme (as /^https?:\/\//i)', () => {
    const schemes = ['http', 'https', 'HTTP', 'HtTpS', 'ftp', 'htt', 'httpx', 'hxxp', 'http:', 'h\u0054tp', '\u0008ttp', 'HTTP\u0013', 'ws', 'file', '']
    for (const scheme of schemes) {
      for (const url of [`${scheme}://h/a?b`, `${scheme}:/h/a`, `${scheme}//h/a`]) {
        expect(splitTarget(url, null) !== undefined, url).toBe(/^https?:\/\//i.test(url))
      }
    }
  })

  it('accepts every usable Host', () => {
    for (const host of ['example.com', 'example.com:8080', '127.0.0.1:3000', '[::1]:80', 'xn--bcher-kva.example']) {
      expect(splitTarget(`http://${host}/api?q`, host)).toMatchObject({ path: '/api', search: 'q' })
    }
  })
})

describe('route helpers', () => {
  it('normalizeRoute, under, pathOf', () => {
    expect(normalizeRoute('v2/')).toBe('/v2')
    expect(normalizeRoute('/')).toBe('')
    expect(under('/api', '/api/x')).toBe(true)
    expect(under('/api', '/apix')).toBe(false)
    expect(pathOf('http://h/a/b?x=1')).toBe('/a/b')
    expect(pathOf('/a/b?x=1')).toBe('/a/b')
  })

  it('stripPrefix keeps method, headers and query', () => {
    const inner = stripPrefix(new Request('http://h/legacy/users?x=1', { method: 'DELETE', headers: { 'x-a': 'b' } }), '/legacy')
    expect(inner.url).toBe('http://h/users?x=1')
    expect(inner.method).toBe('DELETE')
    expect(inner.headers.get('x-a')).toBe('b')
    expect(stripPrefix(new Request('http://h/legacy'), '/legacy').url).toBe('http://h/')
    const outside = new Request('http://h/other')
    expect(stripPrefix(outside, '/legacy')).toBe(outside)
  })
})

describe('rawPath (Deno: the path as the client sent it)', () => {
  it('a backslash in the path is refused; one in the query is not', () => {
    expect(rawPath('http://h/api\\ping', '/api\\ping')).toBe(BACKSLASH)
    expect(rawPath('http://h/api/ping?a=\\', '/api/ping')).toBeUndefined()
  })

  it('dot segments are resolved as Node and Bun resolve them, plain paths left alone', () => {
    expect(rawPath('http://h/api/x/../ping', '/api/x/../ping')).toBe('http://h/api/ping')
    expect(rawPath('http://h/x/../api/./ping?a=1', '/x/../api/./ping')).toBe('http://h/api/ping?a=1')
    expect(rawPath('http://h/api/x/%2e%2E/ping', '/api/x/%2e%2E/ping')).toBe('http://h/api/ping')
    expect(rawPath('http://h/api/ping', '/api/ping')).toBeUndefined()
    expect(rawPath('http://h/.well-known/x/', '/.well-known/x')).toBeUndefined() // its own href: no loop
    expect(rawPath('http://h/a.b/c..d', '/a.b/c..d')).toBeUndefined()
  })
})
