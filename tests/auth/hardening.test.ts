/**
 * SPEC §12's turn-5 rules over real HTTP on Node (native and Web paths), Bun
 * and Deno (tests/auth/fixtures/hardening-app.ts): a token belongs to its
 * config (audience), tokens need `exp` and a past `iat`, a password of any
 * length is hashed or 400 (never 500), logout and a password change revoke
 * every earlier token and session.
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'
import { SHARED_SECRET } from './fixtures/hardening-app'

const START_MS = 120_000
const key = new TextEncoder().encode(SHARED_SECRET)
const now = () => Math.floor(Date.now() / 1000)
/** a token signed with the fixture's secret, claims as given (nothing added) */
const forge = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key)

describe.each(runtimesFor(['node', 'bun', 'deno']))('auth round 5 on $label', (runtime) => {
  let server: Server | undefined
  let base = ''
  beforeAll(async () => {
    server = await startServer(runtime, 'tests/auth/fixtures/hardening-server.ts', START_MS)
    base = `${server.origin}/user`
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const me = (token: string, path = '/me') => fetch(base + path, { headers: { authorization: `Bearer ${token}` } })
  const login = async (): Promise<string> => {
    const response = await post('/login', { username: 'alice', password: 'alice123' })
    expect(response.status, server?.output()).toBe(200)
    return ((await response.json()) as { token: string }).token
  }

  it('a token of one config is refused by another config sharing its secret (audience)', async () => {
    const token = await login()
    expect((await me(token)).status).toBe(200)
    const staff = await me(token, '/staff/me')
    expect(staff.status).toBe(401)
    expect(staff.headers.get('www-authenticate')).toMatch(/^Bearer/)
    // the staff config takes its own audience, and no token without one
    expect(await (await me(await forge({ sub: '1', aud: 'staff', iat: now(), exp: now() + 60 }), '/staff/me')).json()).toBe('sam')
    expect((await me(await forge({ sub: '1', iat: now(), exp: now() + 60 }), '/staff/me')).status).toBe(401)
    expect((await me(await forge({ sub: '1', iat: now(), exp: now() + 60 }))).status).toBe(401)
  })

  it('tokens need exp; an iat in the future or older than the lifetime is refused whatever exp says', async () => {
    const good = { sub: '1', aud: 'users' }
    expect((await me(await forge({ ...good, iat: now(), exp: now() + 60 }))).status).toBe(200)
    for (const [name, claims] of [
      ['no exp', { ...good, iat: now() }],
      ['no iat', { ...good, exp: now() + 60 }],
      ['iat an hour ahead', { ...good, iat: now() + 3600, exp: now() + 7200 }],
      ['exp 1e300, iat past the 1h lifetime', { ...good, iat: now() - 7200, exp: 1e300 }],
      ['exp as text', { ...good, iat: now(), exp: 'never' }],
    ] as const) {
      const refused = await me(await forge(claims))
      expect(refused.status, name).toBe(401)
    }
  })

  it('a signup password of any length up to the body limit is hashed or 400, never 500', async () => {
    expect((await post('/signup', { username: 'long4096', password: 'x'.repeat(4096) })).status).toBe(200)
    for (const length of [4097, 5000, 1_000_000]) {
      const refused = await post('/signup', { username: `long${length}`, password: 'x'.repeat(length) })
      expect(refused.status, String(length)).toBe(400)
      expect(await refused.text()).not.toMatch(/RangeError|at .*\.ts/)
    }
    const login = await post('/login', { username: 'alice', password: 'x'.repeat(5000) })
    expect(login.status).toBe(403)
  })

  it('identities compare normalised: case, full-width and zero-width variants are one account (signup refused as taken)', async () => {
    const signup = await post('/signup', { username: ' Bob ', password: 'bob-password' })
    expect(signup.status).toBe(200)
    const id = await signup.json()
    for (const variant of ['bob', 'BOB', 'ｂｏｂ', 'b\u200Bob', '\uFEFFBob']) {
      const taken = await post('/signup', { username: variant, password: 'another-one' })
      // the unique column refuses it (the ORM's answer to a unique violation in save(): 400 or 409)
      expect([taken.status, await taken.text()], JSON.stringify(variant)).toEqual([expect.toSatisfy((status: number) => status === 400 || status === 409), expect.stringMatching(/username must be unique/)])
      const login = await post('/login', { username: variant, password: 'bob-password' })
      expect(login.status, JSON.stringify(variant)).toBe(200)
      expect(((await login.json()) as { id: number }).id).toBe(id)
    }
  })

  it('logout ends every token of the user issued before; a new login works', async () => {
    const first = await login()
    const second = await login()
    expect((await post('/logout', {}, { authorization: `Bearer ${first}` })).status).toBe(200)
    expect((await me(first)).status).toBe(401)
    expect((await me(second)).status).toBe(401)
    const after = await login()
    expect((await me(after)).status).toBe(200)
  })

  it('login CSRF: a cross-site form post to a session login is 403 (urlencoded or multipart); same-site logs in', async () => {
    const form = new URLSearchParams({ username: 'alice', password: 'alice123' })
    const multipart = new FormData()
    multipart.set('username', 'alice')
    multipart.set('password', 'alice123')
    for (const [name, body, headers] of [
      ['urlencoded, foreign Origin', form, { origin: 'https://evil.example' }],
      ['multipart, foreign Origin', multipart, { origin: 'https://evil.example' }],
      ['urlencoded, Sec-Fetch-Site: cross-site', form, { 'sec-fetch-site': 'cross-site' }],
      ['multipart, Origin null', multipart, { origin: 'null' }],
    ] as const) {
      const refused = await fetch(`${base}/session_login`, { method: 'POST', body, headers })
      expect(refused.status, name).toBe(403)
      expect(refused.headers.getSetCookie(), name).toEqual([])
    }
    const same = await fetch(`${base}/session_login`, { method: 'POST', body: form, headers: { origin: new URL(base).origin, 'sec-fetch-site': 'same-origin' } })
    expect(same.status).toBe(200)
    expect(same.headers.getSetCookie()[0]).toMatch(/^sessionid=/)
    // a token login sets no cookie: nothing for a cross-site page to plant
    expect((await fetch(`${base}/login`, { method: 'POST', body: form, headers: { origin: 'https://evil.example' } })).status).toBe(200)
  })

  it('a password change ends every earlier token and session (one store); the new token works', async () => {
    const token = await login()
    const session = await post('/session_login', { username: 'alice', password: 'alice123' })
    const cookie = (session.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
    expect((await fetch(`${base}/session`, { headers: { cookie } })).status).toBe(200)
    const changed = await post('/password', { password: 'alice123' }, { authorization: `Bearer ${token}` })
    expect(changed.status).toBe(200)
    const fresh = ((await changed.json()) as { token: string }).token
    expect((await me(token)).status).toBe(401)
    expect((await fetch(`${base}/session`, { headers: { cookie } })).status).toBe(401)
    expect(await (await me(fresh)).json()).toBe('alice')
  })
})
