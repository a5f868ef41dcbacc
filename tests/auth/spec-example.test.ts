/**
 * SPEC §12's example (tests/auth/fixtures/spec-app.ts, as written) over real
 * HTTP on Node: JWT login and `bearer` in lower case, 401 with
 * `WWW-Authenticate`, the optional user, session login / patch / logout with
 * its cookie, login time and address updated.
 */
import 'fw-api/serve'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from './fixtures/tables'
import { database, seed, service } from './fixtures/spec-app'

let base = ''
let close: () => Promise<void> = async () => {}
const json = { 'content-type': 'application/json' }
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(base + path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })
const cookieOf = (response: Response): string => (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''

beforeAll(async () => {
  await seed()
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${server.port}/user`
  close = () => server.close()
}, 300_000) // PGlite starts slowly on a busy machine
afterAll(() => close())

describe('SPEC §12 example over HTTP (Node)', () => {
  let token = ''

  it('jwt_login answers the user and a token; the user row gets its login time and address', async () => {
    const response = await post('/jwt_login', { username: 'alice', password: 'alice123' })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { id: number; username: string; avatar: null; token: string }
    expect(body).toMatchObject({ id: 1, username: 'alice', avatar: null })
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    token = body.token
    const [row] = await (await database.db()).select().from(users).where(eq(users.username, 'alice'))
    expect(row?.lastLogin).toBeInstanceOf(Date)
    expect(row?.lastLoginIp).toMatch(/127\.0\.0\.1/)
  })

  it('a wrong password or an unknown user is 403', async () => {
    expect((await post('/jwt_login', { username: 'alice', password: 'wrong' })).status).toBe(403)
    expect((await post('/jwt_login', { username: 'nobody', password: 'alice123' })).status).toBe(403)
  })

  it('user_by_jwt with `bearer <jwt>` (lower case) and `Token <jwt>` → the user', async () => {
    for (const scheme of ['bearer', 'Bearer', 'Token']) {
      const response = await fetch(`${base}/user_by_jwt`, { headers: { authorization: `${scheme} ${token}` } })
      expect(response.status, scheme).toBe(200)
      expect(await response.json()).toEqual({ id: 1, username: 'alice', avatar: null })
    }
  })

  it('user_by_jwt without or with a bad token → 401 with WWW-Authenticate', async () => {
    const none = await fetch(`${base}/user_by_jwt`)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    const bad = await fetch(`${base}/user_by_jwt`, { headers: { authorization: `Bearer ${token.slice(0, -2)}xx` } })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await bad.text()).not.toContain(token.slice(0, 20))
  })

  it('feed: null when anonymous, the id with a token, 401 with a bad token', async () => {
    const anonymous = await fetch(`${base}/feed`)
    expect(anonymous.status).toBe(200)
    expect(await anonymous.json()).toBe(null)
    const known = await fetch(`${base}/feed`, { headers: { authorization: `bearer ${token}` } })
    expect(await known.json()).toBe(1)
    expect((await fetch(`${base}/feed`, { headers: { authorization: 'bearer not.a.token' } })).status).toBe(401)
  })

  it('session login sets an HttpOnly SameSite=Lax cookie; the session reads, patches and logs out', async () => {
    const login = await post('/session_login', { username: 'bob', password: 'bob123' })
    expect(login.status).toBe(200)
    expect(await login.json()).toEqual({ id: 2, username: 'bob', avatar: null })
    const setCookie = login.headers.getSetCookie()[0] ?? ''
    expect(setCookie).toMatch(/^sessionid=[\w-]{43}; /)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).not.toContain('Secure') // plain HTTP
    const cookie = cookieOf(login)
    const user = await fetch(`${base}/user_by_session`, { headers: { cookie } })
    expect(user.status).toBe(200)
    expect(await user.json()).toEqual({ id: 2, username: 'bob', avatar: null })
    const patched = await fetch(base, { method: 'PATCH', headers: { ...json, cookie }, body: JSON.stringify({ avatar: 'path/to/new/avatar' }) })
    expect(patched.status).toBe(200)
    expect(await patched.json()).toEqual({ id: 2, username: 'bob', avatar: 'path/to/new/avatar' })
    const logout = await post('/session_logout', {}, { cookie })
    expect(logout.status).toBe(200)
    expect(logout.headers.getSetCookie()[0]).toMatch(/^sessionid=; Max-Age=0/)
    const after = await fetch(`${base}/user_by_session`, { headers: { cookie } })
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toContain('sessionid')
  })

  it('user_by_session without a session → 401', async () => {
    expect((await fetch(`${base}/user_by_session`)).status).toBe(401)
  })
})
