/**
 * examples/realworld's authentication over real HTTP on Node, Bun and Deno (PGlite; the emails on a
 * PostgreSQL 15 server too): no default secret (it refuses to start without JWT_SECRET; a token
 * signed with the old fallback string is 401), a stale token never turns a public route or a login
 * into a 401 (issue 54 #16), emails compare normalised, a duplicate answers RealWorld's "has
 * already been taken", CORS for the origins in CORS_ORIGINS (issue 54 #17), a password change
 * ends the earlier tokens (on the routes reading the token's id alone too).
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresSkipReason, startPostgres, type PostgresServer } from '../orm/engines'
import { labelled, runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 180_000
const ENTRY = 'examples/realworld/server.ts'
const SECRET = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))))
const FRONTEND = 'http://localhost:4200'
const now = () => Math.floor(Date.now() / 1000)
const sign = (secret: string, claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret))

type Sent = { status: number; body: { user?: { token: string; email: string }; errors?: { body: string[] } } }

/** A JSON request to the Conduit API at `api`, with `Authorization: Token <token>` when given. */
async function sendTo(api: string, method: string, path: string, body?: unknown, token?: string): Promise<Sent> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) }
  const response = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Sent['body'] }
}

/** Another case of a registered email is the same account at login and taken at signup (RealWorld's 422). */
async function emailsAreOneAccount(api: string): Promise<void> {
  const name = `c${Date.now().toString(36)}`
  expect((await sendTo(api, 'POST', '/users', { user: { username: name, email: `${name}@Mail.com`, password: 'password' } })).body.user?.email).toBe(`${name}@mail.com`)
  const taken = await sendTo(api, 'POST', '/users', { user: { username: `${name}x`, email: `${name.toUpperCase()}@MAIL.COM`, password: 'password' } })
  expect([taken.status, taken.body]).toEqual([422, { errors: { body: ['email has already been taken'] } }])
  expect((await sendTo(api, 'POST', '/users/login', { user: { email: ` ${name.toUpperCase()}@mail.com `, password: 'password' } })).status).toBe(200)
}

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('Conduit auth on $label', (runtime) => {
  let server: Server | undefined
  let api = ''
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS, { JWT_SECRET: SECRET, CORS_ORIGINS: `${FRONTEND}, https://conduit.example` })
    api = `${server.origin}/api`
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  const send = (method: string, path: string, body?: unknown, token?: string) => sendTo(api, method, path, body, token)

  it('refuses to start without JWT_SECRET; a token signed with the old fallback string is 401', async () => {
    const refused = await startServer(runtime, ENTRY, START_MS, { JWT_SECRET: '', CONDUIT_DEV: '' }).then(
      async (started) => (await started.stop(), 'started'),
      (error: Error) => error.message,
    )
    expect(refused).toMatch(/exited before listening[\s\S]*set JWT_SECRET/)
    // the development flag (what `npm run example:realworld` sets): a random secret, said so, never printed
    const dev = await startServer(runtime, ENTRY, START_MS, { JWT_SECRET: '', CONDUIT_DEV: '1' })
    try {
      const name = `d${Date.now().toString(36)}`
      const registered = await fetch(`${dev.origin}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { username: name, email: `${name}@mail.com`, password: 'password' } }) })
      expect(registered.status).toBe(200)
      expect(dev.output()).toMatch(/CONDUIT_DEV=1 and no JWT_SECRET: signing with a random secret/)
    } finally {
      await dev.stop()
    }
    const forged = await sign('conduit-development-secret', { sub: '1', aud: 'users', iat: now(), exp: now() + 3600 })
    expect((await send('GET', '/user', undefined, forged)).status).toBe(401)
  }, 3 * START_MS)

  it('a stale or unknown token: public routes and login answer as anonymous; /user is 401', async () => {
    const name = `s${Date.now().toString(36)}`
    expect((await send('POST', '/users', { user: { username: name, email: `${name}@mail.com`, password: 'password' } })).status).toBe(200)
    const expired = await sign(SECRET, { sub: '1', aud: 'users', iat: now() - 7200, exp: now() - 3600 })
    for (const stale of [expired, 'not.a.token', 'unknown']) {
      expect((await send('GET', '/tags', undefined, stale)).status, stale).toBe(200)
      expect((await send('GET', '/articles', undefined, stale)).status, stale).toBe(200)
      const login = await send('POST', '/users/login', { user: { email: `${name}@mail.com`, password: 'password' } }, stale)
      expect(login.status, stale).toBe(200)
      expect(login.body.user?.token).toMatch(/^ey/)
      expect((await send('GET', '/user', undefined, stale)).status, stale).toBe(401)
    }
  })

  it('emails compare normalised: another case is the same account (login) and taken (422, no constraint name)', () => emailsAreOneAccount(api))

  it('a password change ends the earlier tokens; the answer carries one that works', async () => {
    const name = `p${Date.now().toString(36)}`
    const old = (await send('POST', '/users', { user: { username: name, email: `${name}@mail.com`, password: 'password' } })).body.user?.token
    const changed = await send('PUT', '/user', { user: { password: 'another-password' } }, old)
    expect(changed.status).toBe(200)
    expect((await send('GET', '/user', undefined, old)).status).toBe(401)
    expect((await send('GET', '/user', undefined, changed.body.user?.token)).status).toBe(200)
    // the routes reading the token's id alone (`claims()`, no row read) check the revocation too
    expect((await send('GET', '/articles/feed', undefined, old)).status).toBe(401)
    expect((await send('GET', '/articles/feed', undefined, changed.body.user?.token)).status).toBe(200)
    expect((await send('GET', '/articles', undefined, old)).status).toBe(200)   // public: anonymous
  })

  it('CORS: the origins of CORS_ORIGINS may call it with Authorization; another origin is not allowed', async () => {
    const preflight = (origin: string) => fetch(`${api}/articles/feed`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,content-type' } })
    const allowed = await preflight(FRONTEND)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(FRONTEND)
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBe(null)
    const actual = await fetch(`${api}/tags`, { headers: { origin: FRONTEND } })
    expect(actual.headers.get('access-control-allow-origin')).toBe(FRONTEND)
  })
})

describe.skipIf(postgresSkipReason !== undefined)('Conduit emails on a PostgreSQL 15 server (Node)', () => {
  let postgres: PostgresServer | undefined
  let server: Server | undefined
  beforeAll(async () => {
    postgres = await startPostgres()
    server = await startServer(labelled('node'), ENTRY, START_MS, { JWT_SECRET: SECRET, DATABASE_URL: postgres.url })
  }, START_MS + 120_000)
  afterAll(async () => {
    await server?.stop()
    await postgres?.stop()
  })

  it('another case is the same account and taken', () => emailsAreOneAccount(`${server?.origin}/api`))
})
