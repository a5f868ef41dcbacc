/**
 * Issue 56 #4: HS256/384/512 tokens are signed through one imported CryptoKey (no jose on the signing
 * path): byte for byte the token jose signs for the same claims, accepted by jose's verification (which
 * every token still goes through). Node here; tests/auth/runtimes.test.ts logs in over HTTP on Node, Bun
 * and Deno with it.
 */
import { auth } from 'fw-api/auth'
import { jwtVerify, SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'

const SECRET = 'a-test-secret-of-at-least-32-bytes-long!'
const key = new TextEncoder().encode(SECRET)

describe('HMAC signing without jose', () => {
  afterEach(() => vi.restoreAllMocks())

  for (const algorithm of ['HS256', 'HS384', 'HS512']) {
    it(`${algorithm}: the token jose signs, verified by jose`, async () => {
      const now = 1_760_000_000_123
      vi.spyOn(Date, 'now').mockReturnValue(now)
      const scheme = auth.JsonWebToken({ secret: SECRET, algorithm, expiresIn: '2h', issuer: 'https://api.example', audience: 'users' })
      const token = await scheme.sign(7, { role: 'editor' })
      const expected = await new SignJWT({ role: 'editor', iat: now / 1000 })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject('7')
        .setExpirationTime(Math.floor(now / 1000) + 7200)
        .setIssuer('https://api.example')
        .setAudience('users')
        .sign(key)
      expect(token).toBe(expected)
      vi.restoreAllMocks()
      const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: [algorithm], audience: 'users', issuer: 'https://api.example', currentDate: new Date(now) })
      expect([protectedHeader, payload.sub, payload.role]).toEqual([{ alg: algorithm, typ: 'JWT' }, '7', 'editor'])
    })
  }

  it('a signed token authenticates; a tampered one is 401', async () => {
    const scheme = auth.JsonWebToken({ secret: SECRET, audience: 'users' })
    const token = await scheme.sign(42)
    const context = (value: string) => ({ headers: new Headers({ authorization: `Bearer ${value}` }) }) as never
    expect(await scheme.authenticate(context(token))).toMatchObject({ id: '42' })
    const [header, payload, signature = ''] = token.split('.')
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    await expect(scheme.authenticate(context(forged))).rejects.toMatchObject({ status: 401 })
  })
})
