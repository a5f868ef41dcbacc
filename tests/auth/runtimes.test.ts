/**
 * SPEC §12's example served by Node (native and Web paths), Bun and Deno,
 * over real HTTP: the same answers on each (JWT login, `bearer` in lower
 * case, 401 with WWW-Authenticate, hostile token, session cookie, CSRF,
 * logout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 120_000

describe.each(runtimesFor(['node', 'bun', 'deno']))('SPEC §12 on $label', (runtime) => {
  let server: Server | undefined
  let base = ''
  beforeAll(async () => {
    server = await startServer(runtime, 'tests/auth/fixtures/spec-server.ts', START_MS)
    base = `${server.origin}/user`
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

  it('JWT: login, bearer (lower case), 401s with WWW-Authenticate, never 5xx', async () => {
    const login = await post('/jwt_login', { username: 'alice', password: 'alice123' })
    expect(login.status, server?.output()).toBe(200)
    const { token, id } = (await login.json()) as { token: string; id: number }
    expect(id).toBe(1)
    expect(await (await fetch(`${base}/user_by_jwt`, { headers: { authorization: `bearer ${token}` } })).json()).toEqual({ id: 1, username: 'alice', avatar: null })
    for (const authorization of [undefined, 'bearer x.y.z', `bearer ${token}x`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.']) {
      const started = performance.now()
      const refused = await fetch(`${base}/user_by_jwt`, { headers: authorization ? { authorization } : {} })
      expect(refused.status, authorization).toBe(401)
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(performance.now() - started).toBeLessThan(5000)
    }
    expect((await post('/jwt_login', { username: 'alice', password: 'nope' })).status).toBe(403)
  })

  it('Session: cookie (HttpOnly, SameSite=Lax), read, CSRF 403, logout', async () => {
    const login = await post('/session_login', { username: 'bob', password: 'bob123' })
    expect(login.status).toBe(200)
    const setCookie = login.headers.getSetCookie()[0] ?? ''
    expect(setCookie).toMatch(/^sessionid=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)
    const cookie = setCookie.split(';')[0] ?? ''
    expect(await (await fetch(`${base}/user_by_session`, { headers: { cookie } })).json()).toMatchObject({ id: 2 })
    expect((await fetch(base, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie, origin: 'https://evil.example' }, body: '{"avatar":"x"}' })).status).toBe(403)
    expect((await post('/session_logout', {}, { cookie })).status).toBe(200)
    expect((await fetch(`${base}/user_by_session`, { headers: { cookie } })).status).toBe(401)
  })
})
