/**
 * src/auth/jwt.ts: `auth.JsonWebToken` — its configuration checked at build, tokens signed and
 * verified (one algorithm, audience, lifetime, issuer), every bad token the same 401.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { JsonWebToken, MIN_SECRET_BYTES } from '../../src/auth/jwt'
import { ImproperlyConfigured, Unauthorized } from '../../src/exceptions'
import type { RequestContext } from '../../src/request/context'
import { base64url } from '../../src/utils/bytes'

const SECRET = 'a-test-secret-of-at-least-32-bytes-long!'
/** A request context as a scheme reads it: its headers only. */
const sending = (authorization?: string): RequestContext =>
  ({ headers: new Headers(authorization === undefined ? {} : { authorization }) }) as unknown as RequestContext

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('configuration', () => {
  it('takes either a secret or a key pair, not both, not neither', () => {
    expect(() => JsonWebToken({})).toThrow('auth.JsonWebToken: give either `secret` (HMAC) or `key` ({ privateKey, publicKey })')
    const key = { privateKey: new Uint8Array(32), publicKey: new Uint8Array(32) }
    expect(() => JsonWebToken({ secret: SECRET, key, algorithm: 'HS256' })).toThrow(ImproperlyConfigured)
  })

  it(`refuses a secret shorter than ${MIN_SECRET_BYTES} bytes, outside debug`, () => {
    expect(() => JsonWebToken({ secret: 'short' })).toThrow(/at least 32 random bytes \(got 5\)/)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(JsonWebToken({ secret: 'short', debug: true }).kind).toBe('jwt')
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('refuses `none`, a key pair without an algorithm, and a secret with a non-HMAC algorithm', () => {
    expect(() => JsonWebToken({ secret: SECRET, algorithm: 'none' })).toThrow(/`none` is refused/)
    expect(() => JsonWebToken({ secret: SECRET, algorithm: 'NONE' })).toThrow(ImproperlyConfigured)
    const key = { privateKey: new Uint8Array(32), publicKey: new Uint8Array(32) }
    expect(() => JsonWebToken({ key })).toThrow(/name the signing `algorithm`/)
    expect(() => JsonWebToken({ secret: SECRET, algorithm: 'ES256' })).toThrow('auth.JsonWebToken: a secret signs with HS256/384/512, not ES256')
  })

  it('reads a lifetime in seconds or as a span, and refuses one it cannot read', () => {
    expect(JsonWebToken({ secret: SECRET }).lifetime).toBe(86400)
    expect(JsonWebToken({ secret: SECRET, expiresIn: '2h' }).lifetime).toBe(7200)
    expect(JsonWebToken({ secret: SECRET, expiresIn: '15 minutes' }).lifetime).toBe(900)
    expect(JsonWebToken({ secret: SECRET, expiresIn: '1.5d' }).lifetime).toBe(129600)
    expect(JsonWebToken({ secret: SECRET, expiresIn: 90 }).lifetime).toBe(90)
    for (const bad of ['soon', '0s', '2 fortnights', 0, -5, Number.NaN])
      expect(() => JsonWebToken({ secret: SECRET, expiresIn: bad }), String(bad)).toThrow(ImproperlyConfigured)
  })

  it('refuses a negative or non-finite clock tolerance', () => {
    expect(() => JsonWebToken({ secret: SECRET, clockTolerance: -1 })).toThrow('auth.JsonWebToken: clockTolerance is a number of seconds ≥ 0')
    expect(() => JsonWebToken({ secret: SECRET, clockTolerance: Number.POSITIVE_INFINITY })).toThrow(ImproperlyConfigured)
  })
})

describe('sign and authenticate', () => {
  it('round-trips a user id as the subject, with when it was issued', async () => {
    const scheme = JsonWebToken({ secret: SECRET })
    const before = Date.now()
    const token = await scheme.sign(42)
    const found = await scheme.authenticate(sending(`Bearer ${token}`))
    expect(found?.id).toBe('42')
    expect(found?.issued).toBeGreaterThanOrEqual(before - 1)
    expect(found?.issued).toBeLessThanOrEqual(Date.now() + 1)
  })

  it('accepts the Bearer and Token schemes in any case, and its own name', async () => {
    const scheme = JsonWebToken({ secret: SECRET, scheme: 'JWT' })
    const token = await scheme.sign('u')
    for (const name of ['bearer', 'TOKEN', 'Jwt']) expect((await scheme.authenticate(sending(`${name} ${token}`)))?.id).toBe('u')
    expect(scheme.challenge).toBe('JWT realm="api"')
  })

  it('answers undefined when no token for it was sent (another scheme may have one)', async () => {
    const scheme = JsonWebToken({ secret: SECRET })
    expect(await scheme.authenticate(sending())).toBeUndefined()
    expect(await scheme.authenticate(sending('Basic dXNlcjpwYXNz'))).toBeUndefined()
  })

  /** The Unauthorized a token gets, with its message. */
  async function refusal(scheme: ReturnType<typeof JsonWebToken>, token: string): Promise<string> {
    try {
      await scheme.authenticate(sending(`Bearer ${token}`))
    } catch (error) {
      expect(error).toBeInstanceOf(Unauthorized)
      expect((error as Unauthorized).headers['www-authenticate']).toBe('Bearer realm="api"')
      return (error as Unauthorized).message
    }
    throw new Error('the token was accepted')
  }

  it('refuses a tampered token, one of another secret, and one that is no JWT — all alike', async () => {
    const scheme = JsonWebToken({ secret: SECRET })
    const token = await scheme.sign(1)
    const [header, , signature] = token.split('.')
    const forged = `${header}.${base64url(new TextEncoder().encode(JSON.stringify({ sub: 'admin', iat: Date.now() / 1000, exp: 9e9 })))}.${signature}`
    const other = await JsonWebToken({ secret: `${SECRET}-other` }).sign(1)
    for (const bad of [forged, other, 'not-a-jwt', `${token}x`]) expect(await refusal(scheme, bad)).toBe('invalid or expired token')
  })

  it('refuses an unsigned (alg: none) token', async () => {
    const scheme = JsonWebToken({ secret: SECRET })
    const encode = (value: object): string => base64url(new TextEncoder().encode(JSON.stringify(value)))
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: '1', iat: Date.now() / 1000, exp: 9e9 })}.`
    expect(await refusal(scheme, unsigned)).toBe('invalid or expired token')
  })

  it('refuses a token past its lifetime', async () => {
    const scheme = JsonWebToken({ secret: SECRET, expiresIn: 60, clockTolerance: 0 })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
    const token = await scheme.sign(1)
    vi.setSystemTime(new Date('2026-01-01T00:02:00Z'))
    expect(await refusal(scheme, token)).toBe('invalid or expired token')
  })

  it('refuses a token longer than maxLength unread', async () => {
    const scheme = JsonWebToken({ secret: SECRET, maxLength: 100 })
    expect(await refusal(scheme, 'x'.repeat(101))).toBe('token longer than 100 characters')
  })

  it('binds to its first owner as audience: a token of one user config is refused by another', async () => {
    const users = JsonWebToken({ secret: SECRET })
    const admins = JsonWebToken({ secret: SECRET })
    users.bind?.('users')
    admins.bind?.('admins')
    expect(users.audience).toBe('users')
    const token = await users.sign(1)
    expect((await users.authenticate(sending(`Bearer ${token}`)))?.id).toBe('1')
    expect(await refusal(admins, token)).toBe('invalid or expired token')
    expect(() => users.bind?.('admins')).toThrow(/one scheme serves the user configs of 'users' and 'admins'/)
    expect(() => users.bind?.('users')).not.toThrow()
  })

  it('keeps an explicit audience whatever it is bound to', () => {
    const scheme = JsonWebToken({ secret: SECRET, audience: 'api' })
    scheme.bind?.('users')
    scheme.bind?.('admins')
    expect(scheme.audience).toBe('api')
  })

  it('refuses a token of another issuer', async () => {
    const token = await JsonWebToken({ secret: SECRET, issuer: 'a' }).sign(1)
    expect(await refusal(JsonWebToken({ secret: SECRET, issuer: 'b' }), token)).toBe('invalid or expired token')
  })
})

describe('base64url', () => {
  it('encodes without padding, with the URL alphabet', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
    expect(base64url(new TextEncoder().encode('a'))).toBe('YQ')
    expect(base64url(new Uint8Array())).toBe('')
  })
})
