/**
 * src/plugins/cors.ts: the CORS plugin in process — origins allowed exactly (never reflected),
 * `*` never with credentials, a predicate probed at build, `Vary: Origin`, preflight answers,
 * and the `cors` option's two spellings. Over HTTP and in a browser: tests/security/cors*.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { CORS, corsOption } from '../../src/plugins/cors'
import type { RequestContext } from '../../src/request/context'

const contextOf = (method: string, origin?: string): RequestContext =>
  ({ method, headers: new Headers(origin === undefined ? {} : { origin }) }) as unknown as RequestContext
const answer = (headers: Record<string, string> = {}) => new Response('ok', { headers })
const preflightAnswer = () => answer({ 'access-control-allow-methods': 'GET, POST' })

describe('CORS origins', () => {
  it('allows a listed origin exactly, and says the answer varies by Origin', () => {
    const cors = new CORS({ allowOrigin: ['https://app.example', 'http://localhost:3000'] })
    const allowed = cors.processResponse(answer(), contextOf('GET', 'https://app.example'))
    expect(allowed?.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(allowed?.headers.get('vary')).toBe('Origin')
    const refused = cors.processResponse(answer(), contextOf('GET', 'https://app.example.evil'))
    expect(refused?.headers.get('access-control-allow-origin')).toBeNull()
    expect(refused?.headers.get('vary')).toBe('Origin')
  })

  it('answers `*` to any origin without credentials, with no Vary', () => {
    const cors = new CORS({ allowOrigin: '*' })
    const sent = cors.processResponse(answer(), contextOf('GET', 'https://anyone.example'))
    expect(sent?.headers.get('access-control-allow-origin')).toBe('*')
    expect(sent?.headers.get('vary')).toBeNull()
    expect(cors.originFor(null)).toBe('*')
  })

  it('allows `null` only when listed, and never asks a predicate about it', () => {
    expect(new CORS({ allowOrigin: ['null'] }).originFor('null')).toBe('null')
    expect(new CORS({ allowOrigin: ['https://a.example'] }).originFor('null')).toBeUndefined()
    const asked: string[] = []
    const predicate = new CORS({ allowOrigin: (origin) => (asked.push(origin), true) })
    expect(predicate.originFor('null')).toBeUndefined()
    expect(predicate.originFor('https://b.example')).toBe('https://b.example')
    expect(asked).toEqual(['https://b.example'])
  })

  it('leaves an answer without Origin and without preflight settings alone', () => {
    expect(new CORS({ allowOrigin: ['https://a.example'] }).processResponse(answer(), contextOf('GET'))).toBeUndefined()
    expect(new CORS().processResponse(answer(), contextOf('GET'))).toBeUndefined()
  })
})

describe('CORS with credentials', () => {
  it('sends allow-credentials with an allowed origin only', () => {
    const cors = new CORS({ allowOrigin: ['https://app.example'], allowCredentials: true })
    expect(cors.processResponse(answer(), contextOf('GET', 'https://app.example'))?.headers.get('access-control-allow-credentials')).toBe('true')
    expect(cors.processResponse(answer(), contextOf('GET', 'https://evil.example'))?.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('refuses `*` with credentials, and a predicate that accepts an arbitrary origin', () => {
    expect(() => new CORS({ allowOrigin: '*', allowCredentials: true })).toThrow(/CORS: allowOrigin '\*' with allowCredentials/)
    expect(() => new CORS({ allowOrigin: () => true, allowCredentials: true })).toThrow(ImproperlyConfigured)
    expect(() => new CORS({ allowOrigin: (origin) => origin === 'https://app.example', allowCredentials: true })).not.toThrow()
  })

  it('refuses a listed entry that is no origin as browsers send it', () => {
    for (const entry of ['https://app.example/', 'HTTPS://app.example', 'app.example', 'https://app.example/path', 'https://*.example'])
      expect(() => new CORS({ allowOrigin: [entry] }), entry).toThrow(/is not an origin as browsers send it/)
    expect(() => new CORS({ allowOrigin: ['http://[::1]:8080', 'https://a-b.example:443'] })).not.toThrow()
  })
})

describe('CORS preflight and exposed headers', () => {
  const cors = new CORS({ allowOrigin: ['https://app.example'], allowHeaders: ['content-type', 'x-token'], exposeHeaders: ['x-total'], maxAge: 600 })

  it('adds the allowed headers and max age to a preflight answer', () => {
    const sent = cors.processResponse(preflightAnswer(), contextOf('OPTIONS', 'https://app.example'))
    expect(sent?.headers.get('access-control-allow-headers')).toBe('content-type, x-token')
    expect(sent?.headers.get('access-control-max-age')).toBe('600')
    expect(sent?.headers.get('access-control-expose-headers')).toBeNull()
  })

  it('exposes headers on an allowed actual request only', () => {
    expect(cors.processResponse(answer(), contextOf('GET', 'https://app.example'))?.headers.get('access-control-expose-headers')).toBe('x-total')
    expect(cors.processResponse(answer(), contextOf('GET', 'https://evil.example'))?.headers.get('access-control-expose-headers')).toBeNull()
  })

  it('appends Origin to an existing Vary', () => {
    const sent = cors.processResponse(answer({ vary: 'Accept-Encoding' }), contextOf('GET', 'https://app.example'))
    expect(sent?.headers.get('vary')).toBe('Accept-Encoding, Origin')
  })
})

describe('corsOption', () => {
  it('makes no plugin for no option, `*` for true, and reads both spellings', () => {
    expect(corsOption(undefined)).toEqual([])
    expect(corsOption(false)).toEqual([])
    expect(corsOption(true)[0]?.originFor('https://x.example')).toBe('*')
    const [old] = corsOption({ origin: ['https://a.example'], credentials: true })
    expect(old?.options).toMatchObject({ allowOrigin: ['https://a.example'], allowCredentials: true })
  })

  it('refuses both spellings of one option', () => {
    expect(() => corsOption({ origin: '*', allowOrigin: '*' })).toThrow('cors: `origin` is the older name of `allowOrigin`; give one of them')
    expect(() => corsOption({ credentials: false, allowCredentials: false })).toThrow(ImproperlyConfigured)
  })
})
