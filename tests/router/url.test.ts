/**
 * src/router/url.ts (and the route helpers of src/router/route-path.ts it builds on): the route
 * served comes from the request-target — split by index, refused when the target or Host is not
 * usable, re-addressed below a prefix, Bun's host-less requests and Deno's raw paths.
 * (Moved from tests/spec/request-target.test.ts: it tests this unit's exports.)
 */
import { describe, expect, it } from 'vitest'
import { normalizeRoute, under } from '../../src/router/route-path'
import { BACKSLASH, hostless, pathOf, rawPath, splitTarget, stripPrefix } from '../../src/router/url'

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

describe('pathOf', () => {
  it('cuts the query and the fragment, and reads an absolute-form target’s path', () => {
    expect(pathOf('/a#frag')).toBe('/a')
    expect(pathOf('HTTPS://h:1/x/y#z')).toBe('/x/y')
    expect(pathOf('/plain')).toBe('/plain')
  })

  it('answers `/` for an absolute target no URL parser takes', () => {
    expect(pathOf('http://[bad/x')).toBe('/')
  })
})

describe('hostless (Bun: a request without Host has a relative URL)', () => {
  it('serves a request with no Host, or an empty one, at its path on localhost, keeping method and headers', () => {
    const relative = { url: '/api/ping?x=1', method: 'POST', headers: new Headers({ 'x-a': 'b' }) }
    const absolute = hostless(new Proxy(new Request('http://placeholder/'), {
      get: (target, key) => (key in relative ? relative[key as keyof typeof relative] : Reflect.get(target, key, target)),
    }))
    expect(absolute?.url).toBe('http://localhost/api/ping?x=1')
    expect(absolute?.method).toBe('POST')
    expect(absolute?.headers.get('x-a')).toBe('b')
  })

  it('leaves an absolute URL alone, and refuses a relative one whose Host is present (a bad Host)', () => {
    expect(hostless(new Request('http://h/a'))).toBeUndefined()
    const badHost = { url: '/a', method: 'GET', headers: new Headers({ host: 'a/admin' }) } as unknown as Request
    expect(hostless(badHost)).toBeUndefined()
  })
})

describe('stripPrefix', () => {
  it('leaves a request alone under the root prefix, and one whose path only starts like the prefix', () => {
    const request = new Request('http://h/legacyx/users')
    expect(stripPrefix(request, '/legacy')).toBe(request)
    const root = new Request('http://h/a')
    expect(stripPrefix(root, '/')).toBe(root)
  })

  it('keeps the body and a query right after the prefix', async () => {
    const inner = stripPrefix(new Request('http://h/v2?x=1', { method: 'POST', body: 'payload' }), 'v2/')
    expect(inner.url).toBe('http://h/?x=1')
    expect(await inner.text()).toBe('payload')
  })
})
