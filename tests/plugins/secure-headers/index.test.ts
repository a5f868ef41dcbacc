/**
 * fw-api/plugins/secure-headers in process (SPEC §14): helmet's and Hono's
 * defaults, each overridable or off, HSTS only over https, an answer's own
 * headers kept (the docs page's CSP). Over real HTTP: tests/runtimes/traffic.test.ts.
 */
import 'fw-api/adapters'
import 'fw-api/health'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { serveStatic } from 'fw-api/static'
import { DEFAULT_CSP, secureHeaders } from 'fw-api/plugins/secure-headers'
import { service } from '../../runtimes/fixtures/traffic'

class Hello extends api.API {
  @api.get
  hello() {
    return 'hi'
  }
  @api.get
  framed() {
    return new Response('x', { headers: { 'x-frame-options': 'DENY' } })
  }
}

const DEFAULTS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'origin-agent-cluster': '?1',
  'x-xss-protection': '0',
}

const headersOf = async (fw: Fw, url: string): Promise<Headers> => (await fw.fetch(new Request(url))).headers

const publicDir = mkdtempSync(join(tmpdir(), 'fw-secure-headers-'))
writeFileSync(join(publicDir, 'page.html'), '<h1>a static page</h1>')
afterAll(() => rmSync(publicDir, { recursive: true, force: true }))

describe('secureHeaders()', () => {
  it('on the service, also on the answers of mounted apps: static files (a page, a 404) and a fetch handler', async () => {
    const fw = new Fw({ api: Hello, route: '/api', health: true }).use(secureHeaders())
    fw.mount(serveStatic(publicDir), '/assets')
    fw.mount(() => new Response('mounted', { headers: { 'x-frame-options': 'DENY' } }), '/legacy')
    for (const url of ['http://localhost/assets/page.html', 'http://localhost/assets/missing.css', 'http://localhost/legacy/x']) {
      const headers = Object.fromEntries(await headersOf(fw, url))
      expect(headers, url).toMatchObject({ ...DEFAULTS, 'x-frame-options': url.includes('legacy') ? 'DENY' : 'SAMEORIGIN' })
    }
    // the health probes stay outside every plugin (a balancer reads their status only)
    expect((await headersOf(fw, 'http://localhost/healthz')).get('x-content-type-options')).toBeNull()
  })

  it('sends the defaults on answers and errors; no CSP, COEP or Permissions-Policy unless asked; no HSTS over http', async () => {
    const fw = new Fw({ api: Hello }).use(secureHeaders())
    for (const url of ['http://localhost/hello', 'http://localhost/nowhere']) {
      const headers = await headersOf(fw, url)
      for (const [name, value] of Object.entries(DEFAULTS)) expect(headers.get(name), `${url} ${name}`).toBe(value)
      for (const name of ['content-security-policy', 'cross-origin-embedder-policy', 'permissions-policy', 'strict-transport-security'])
        expect(headers.has(name), name).toBe(false)
    }
  })

  it('HSTS over https only', async () => {
    const fw = new Fw({ api: Hello }).use(secureHeaders())
    expect((await headersOf(fw, 'https://localhost/hello')).get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains')
  })

  it('each header is overridable or off; the default CSP on asking; directives serialised', async () => {
    const fw = new Fw({ api: Hello }).use(
      secureHeaders({
        xFrameOptions: 'DENY',
        referrerPolicy: false,
        strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
        contentSecurityPolicy: true,
        crossOriginEmbedderPolicy: true,
        permissionsPolicy: 'camera=()',
      }),
    )
    const headers = await headersOf(fw, 'https://localhost/hello')
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.has('referrer-policy')).toBe(false)
    expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains; preload')
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; form-action 'self'; frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' https: 'unsafe-inline'; upgrade-insecure-requests",
    )
    expect(Object.keys(DEFAULT_CSP)).toContain('frame-ancestors')
    expect(headers.get('cross-origin-embedder-policy')).toBe('require-corp')
    expect(headers.get('permissions-policy')).toBe('camera=()')
    const custom = new Fw({ api: Hello }).use(secureHeaders({ contentSecurityPolicy: { 'default-src': ["'none'"], 'img-src': 'data:' } }))
    expect((await headersOf(custom, 'http://localhost/hello')).get('content-security-policy')).toBe("default-src 'none'; img-src data:")
  })

  it("an answer's own header wins", async () => {
    const fw = new Fw({ api: Hello }).use(secureHeaders())
    expect((await headersOf(fw, 'http://localhost/framed')).get('x-frame-options')).toBe('DENY')
  })

  it("the docs page keeps its own CSP (its script allowed) and gets the rest", async () => {
    const headers = (await service.fetch(new Request('http://localhost/api/docs'))).headers
    expect(headers.get('content-security-policy')).toContain('frame-ancestors')
    expect(headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('a value that is not a header value is ImproperlyConfigured, once', () => {
    expect(() => secureHeaders({ xFrameOptions: 'DENY\r\nSet-Cookie: a=b' })).toThrow(/not a valid header value/)
    expect(() => secureHeaders({ permissionsPolicy: true })).toThrow(/no default value/)
  })
})

describe('the docs page served compressed (SPEC §14)', () => {
  it('its ~3.5 MB script is gzip-encoded for a browser that accepts it', async () => {
    const page = await (await service.fetch(new Request('http://localhost/api/docs'))).text()
    const script = /src="([^"]+\.js)"/.exec(page)?.[1]
    expect(script).toBeDefined()
    const response = await service.fetch(new Request(`http://localhost${script}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const bytes = new Uint8Array(await new Response(response.body).arrayBuffer())
    const plain = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer()
    expect(plain.byteLength).toBeGreaterThan(3_000_000)
    expect(bytes.byteLength).toBeLessThan(plain.byteLength / 2.5)
  })
})
