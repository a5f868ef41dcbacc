/**
 * fw-api/auth on workerd (miniflare, tests/runtimes/workerd.ts) over real
 * HTTP (tests/auth/fixtures/worker.ts): a password hashed with Web Crypto in
 * the Worker, JWT login and a protected endpoint, hostile tokens 401; a
 * session in Workers KV (`auth.KVStore`): login, read, logout, 401 after.
 *
 *   FW_RUNTIMES=workerd npx vitest run tests/auth/workerd.test.ts
 */
import { eq } from 'drizzle-orm'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresSkipReason, startPostgres, type PostgresServer } from '../orm/engines'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'
import * as tables from './fixtures/tables'

const START_MS = 120_000
const SECRET = 'a-workerd-secret-of-32-characters'

describe.skipIf(postgresSkipReason !== undefined).each(runtimesFor(['workerd']))('fw-api/auth on $label', (runtime) => {
  let pg: PostgresServer | undefined
  let setup: orm.Database | undefined
  let server: Server | undefined
  let base = ''
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${base}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

  beforeAll(async () => {
    pg = await startPostgres()
    setup = orm.Database({ name: 'setup', engine: 'postgres', url: pg.url, schema: tables, max: 1, create: true })
    await setup.db()
    server = await startServer(runtime, 'tests/auth/fixtures/worker.ts', START_MS, {
      WORKERD_FLAGS: 'nodejs_compat', // postgres.js (node:buffer); fw-api/auth itself needs none
      WORKERD_BINDINGS: JSON.stringify({ DATABASE_URL: pg.url, JWT_SECRET: SECRET }),
      WORKERD_KV: 'SESSIONS',
    })
    base = `${server.origin}/auth`
  }, START_MS + 60_000)
  afterAll(async () => {
    await server?.stop()
    await setup?.close()
    await pg?.stop()
  })

  it('signup hashes the password with Web Crypto in the Worker (pbkdf2_sha256, 100 000 iterations)', async () => {
    const signup = await post('signup', { username: 'alice', password: 'alice123' })
    expect(signup.status, server?.output()).toBe(200)
    expect(await signup.json()).toBe(1)
    const [row] = await (await (setup as orm.Database).db()).select().from(tables.users).where(eq(tables.users.username, 'alice'))
    expect(row?.password).toMatch(/^pbkdf2_sha256\$100000\$[A-Za-z0-9]{22}\$[A-Za-z0-9+/]{43}=$/)
  }, 60_000)

  it('JWT: login answers a token; the protected endpoint gets the user; none, tampered or `alg: none` is 401', async () => {
    const login = await post('jwt_login', { username: 'alice', password: 'alice123' })
    expect(login.status, server?.output()).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const me = await fetch(`${base}/jwt_me`, { headers: { authorization: `bearer ${token}` } })
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ id: 1, username: 'alice' })
    for (const authorization of [undefined, `Bearer ${token.slice(0, -3)}AAA`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', `Bearer ${'a'.repeat(9000)}`]) {
      const refused = await fetch(`${base}/jwt_me`, { headers: authorization ? { authorization } : {} })
      expect(refused.status, authorization?.slice(0, 40)).toBe(401)
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /)
    }
    expect((await post('jwt_login', { username: 'alice', password: 'wrong' })).status).toBe(403)
    expect((await post('jwt_login', { username: 'nobody', password: 'alice123' })).status).toBe(403)
  }, 60_000)

  it('Session in Workers KV: login sets the cookie, the session reads, logout ends it', async () => {
    const login = await post('session_login', { username: 'alice', password: 'alice123' })
    expect(login.status, server?.output()).toBe(200)
    const setCookie = login.headers.getSetCookie()[0] ?? ''
    expect(setCookie).toMatch(/^sessionid=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/)
    const cookie = setCookie.split(';')[0] ?? ''
    const me = await fetch(`${base}/session_me`, { headers: { cookie } })
    expect(me.status, server?.output()).toBe(200)
    expect(await me.json()).toEqual({ id: 1, username: 'alice' })
    expect((await fetch(`${base}/session_me`, { headers: { cookie: `sessionid=${'A'.repeat(43)}` } })).status).toBe(401)
    const logout = await post('session_logout', {}, { cookie })
    expect(logout.status).toBe(200)
    expect(logout.headers.getSetCookie()[0]).toMatch(/^sessionid=; Max-Age=0/)
    const after = await fetch(`${base}/session_me`, { headers: { cookie } })
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toContain('sessionid')
  }, 60_000)

  // workerd runs 600 000 rounds; Cloudflare's production Web Crypto caps PBKDF2 at 100 000 (docs/auth.md, "Passwords").
  it('a hash made on Node at the default 600 000 iterations (Django format) logs in on workerd; a wrong password does not', async () => {
    await (await (setup as orm.Database).db()).insert(tables.users).values({ username: 'bob', password: await auth.hashPassword('bob123') })
    const login = await post('jwt_login', { username: 'bob', password: 'bob123' })
    expect(login.status, server?.output()).toBe(200)
    expect(((await login.json()) as { id: number }).id).toBeGreaterThan(1)
    expect((await post('jwt_login', { username: 'bob', password: 'bob124' })).status).toBe(403)
  }, 60_000)
})
