/**
 * In process: the CORS policies that would let any website
 * read credentialed responses are refused when the plugin is constructed or
 * the service is built (`exceptions.ImproperlyConfigured`), and the `cors`
 * option takes the plugin's names (the older ones still accepted). The same
 * guarantees over real HTTP: tests/runtimes/security.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions, plugins, type FwOptions } from '../../src'
import { call } from '../helpers/client'
import '../realworld/secret'

class Items extends api.API {
  @api.get
  list() {
    return ['a']
  }
}

const trusted = 'https://app.example'
const build = (cors: FwOptions['cors']): Fw => new Fw(import.meta.url, { api: Items, cors })

describe('refused at build', () => {
  it.each([
    ['allowOrigin: * with allowCredentials', { allowOrigin: '*', allowCredentials: true }],
    ['* inside a list with allowCredentials', { allowOrigin: [trusted, '*'], allowCredentials: true }],
    ['a predicate accepting any origin with allowCredentials', { allowOrigin: () => true, allowCredentials: true }],
  ] as const)('plugins.CORS: %s', (_what, options) => {
    expect(() => new plugins.CORS(options)).toThrow(exceptions.ImproperlyConfigured)
    expect(() => new plugins.CORS(options)).toThrow(/allowCredentials/)
  })

  it.each([
    ['the plugin names', { allowOrigin: '*', allowCredentials: true }],
    ['the older names', { origin: '*', credentials: true }],
    ['both spellings mixed', { origin: '*', allowCredentials: true }],
  ] as const)('the cors option in %s', (_what, cors) => {
    expect(() => build(cors)).toThrow(exceptions.ImproperlyConfigured)
  })

  it('an entry that is not an origin as browsers send it (it would never match)', () => {
    for (const entry of ['https://app.example/', 'https://app.example/path', 'https://*.example', 'app.example', 'https://App.example', ' https://app.example']) {
      expect(() => new plugins.CORS({ allowOrigin: [entry] }), entry).toThrow(exceptions.ImproperlyConfigured)
    }
  })

  it('an old and a new name given together', () => {
    expect(() => build({ origin: [trusted], allowOrigin: [trusted] })).toThrow(/`origin` is the older name of `allowOrigin`/)
    expect(() => build({ credentials: true, allowCredentials: true, allowOrigin: [trusted] })).toThrow(/`credentials` is the older name of `allowCredentials`/)
  })

  it('what stays allowed: * without credentials, listed origins (null included) with them, a selective predicate', () => {
    expect(() => new plugins.CORS({ allowOrigin: '*' })).not.toThrow()
    expect(() => new plugins.CORS({ allowOrigin: [trusted, 'null', 'http://localhost:5173', 'http://[::1]:8080'], allowCredentials: true })).not.toThrow()
    expect(() => new plugins.CORS({ allowOrigin: (origin) => origin.endsWith('.app.example'), allowCredentials: true })).not.toThrow()
    expect(() => build(true)).not.toThrow()
  })
})

describe('the origin answered', () => {
  it('never an arbitrary origin: exact matches only, null only when listed, a predicate never asked about null', () => {
    const listed = new plugins.CORS({ allowOrigin: [trusted], allowCredentials: true })
    expect(listed.originFor(trusted)).toBe(trusted)
    for (const origin of ['null', 'https://evil.example', `${trusted}.evil.example`, 'HTTPS://APP.EXAMPLE', '*', null]) expect(listed.originFor(origin), String(origin)).toBeUndefined()
    expect(new plugins.CORS({ allowOrigin: [trusted, 'null'], allowCredentials: true }).originFor('null')).toBe('null')
    const asked: string[] = []
    const predicate = new plugins.CORS({ allowOrigin: (origin) => (asked.push(origin), origin !== 'https://fw-cors-probe.invalid'), allowCredentials: true })
    asked.length = 0
    expect(predicate.originFor('null')).toBeUndefined()
    expect(asked).toEqual([])
    expect(predicate.originFor(trusted)).toBe(trusted)
    expect(new plugins.CORS({ allowOrigin: '*' }).originFor('null')).toBe('*')
  })

  it('the cors option in the plugin names: allowOrigin, allowCredentials, exposeHeaders, maxAge, allowHeaders', async () => {
    const service = build({ allowOrigin: [trusted], allowCredentials: true, exposeHeaders: ['x-a'], maxAge: 90, allowHeaders: ['x-b'] })
    const got = await call(service, 'GET /list', { headers: { origin: trusted } })
    expect(got.headers.get('access-control-allow-origin')).toBe(trusted)
    expect(got.headers.get('access-control-allow-credentials')).toBe('true')
    expect(got.headers.get('access-control-expose-headers')).toBe('x-a')
    const preflight = await call(service, 'OPTIONS /list', { headers: { origin: trusted, 'access-control-request-method': 'GET' } })
    expect(preflight.headers.get('access-control-max-age')).toBe('90')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-b')
    const evil = await call(service, 'OPTIONS /list', { headers: { origin: 'null', 'access-control-request-method': 'GET' } })
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('the older names still work', async () => {
    const got = await call(build({ origin: [trusted], credentials: true }), 'GET /list', { headers: { origin: trusted } })
    expect(got.headers.get('access-control-allow-origin')).toBe(trusted)
    expect(got.headers.get('access-control-allow-credentials')).toBe('true')
  })
})

describe('preflights allow the headers every step of the route reads (issue 54 #15)', () => {
  const preflight = (service: Fw, path: string) =>
    service.fetch(new Request(`http://x${path}`, { method: 'OPTIONS', headers: { origin: trusted, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } }))

  it('the Conduit example: its root hook reads the viewer (Authorization) on /api/tags; /api/user also a required user', async () => {
    const { createConduit } = await import('../../examples/realworld/app')
    const { service } = createConduit()
    for (const path of ['/api/tags', '/api/user', '/api/articles/some-slug/comments']) {
      const response = await preflight(service, path)
      expect(response.status, path).toBe(204)
      expect(response.headers.get('access-control-allow-headers'), path).toBe('authorization, content-type')
    }
  })

  it("a class plugin's and a service plugin's declared requestHeaders; plugins.RequestId's id header", async () => {
    class Reads extends api.Plugin {
      override readonly requestHeaders = ['X-Tenant']
    }
    @api.plugin(new Reads())
    class Tenant extends Items {}
    const service = new Fw(import.meta.url, { api: Tenant }).use(plugins.RequestId())
    const allowed = (await preflight(service, '/list')).headers.get('access-control-allow-headers')
    expect(allowed?.split(', ').sort()).toEqual(['content-type', 'x-request-id', 'x-tenant'])
    const untrusted = new Fw(import.meta.url, { api: Items }).use(plugins.RequestId({ trustIncoming: false }))
    expect((await preflight(untrusted, '/list')).headers.get('access-control-allow-headers')).toBe('content-type')
  })
})
