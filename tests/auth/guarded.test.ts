/**
 * `service.use(auth.Require(jwtUser))` guards every route of the service over real HTTP on Node
 * (native and Web paths), Bun and Deno: its API, a mounted Hono app, a mounted fetch handler and
 * the fallback app at `/` — anonymous GET and POST are 401 with WWW-Authenticate; with a token each
 * answers.
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'
import { GUARD_SECRET } from './fixtures/guarded-app'

const START_MS = 120_000
const PATHS = ['/api/me', '/mounted/admin/users', '/raw', '/raw/deep/path', '/anything-else']

describe.each(runtimesFor(['node', 'bun', 'deno']))('auth.Require on the service, on $label', (runtime) => {
  let server: Server | undefined
  beforeAll(async () => {
    server = await startServer(runtime, 'tests/auth/fixtures/guarded-server.ts', START_MS)
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  it('every route — API, mounted apps, fallback — is 401 anonymously (GET and POST) and answers with a token', async () => {
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setAudience('users').setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(GUARD_SECRET))
    for (const path of PATHS) {
      for (const method of ['GET', 'POST']) {
        const anonymous = await fetch(server?.origin + path, { method })
        expect(anonymous.status, `${method} ${path}\n${server?.output()}`).toBe(401)
        expect(anonymous.headers.get('www-authenticate'), `${method} ${path}`).toMatch(/^Bearer/)
        expect((await fetch(server?.origin + path, { method, headers: { authorization: 'Bearer not.a.token' } })).status, `${method} ${path} bad token`).toBe(401)
      }
      const allowed = await fetch(server?.origin + path, { headers: { authorization: `Bearer ${token}` } })
      expect(allowed.status, path).toBe(200)
    }
    expect(await (await fetch(`${server?.origin}/raw/deep/path`, { headers: { authorization: `Bearer ${token}` } })).text()).toBe('raw /deep/path')
    expect(await (await fetch(`${server?.origin}/mounted/admin/users`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ users: ['alice'], method: 'POST' })
  })
})
