/**
 * examples/auth-better-auth.ts over real HTTP (Node): better-auth's handler
 * mounted inside fw at `/api/auth` (sign-up, sign-in, sign-out) and its
 * session as the fw user through `auth.Custom` — the protected endpoint gets
 * better-auth's user; no session, a forged cookie or a signed-out one → 401
 * with `WWW-Authenticate`; the optional user is null when anonymous.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth } from 'fw-api/auth'
import { baUsers, service } from '../../examples/auth-better-auth'

let origin = ''
let close: () => Promise<void> = async () => {}
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
const cookieOf = (response: Response): string => (response.headers.getSetCookie().find((line) => line.startsWith('better-auth.session_token=')) ?? '').split(';')[0] ?? ''
/** a test's bound: better-auth hashes with scrypt (CPU-bound), slow on a busy machine — a hang guard */
const SLOW_MS = 120_000
const alice = { email: 'alice@example.com', password: 'alice-password-1', name: 'Alice' }

beforeAll(async () => {
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${server.port}`
  close = () => server.close()
}, 120_000)
afterAll(() => close())

describe('better-auth mounted in fw, its session the fw user (auth.Custom)', () => {
  it('sign-up (better-auth) sets its session cookie; the fw endpoint gets that user', async () => {
    const signUp = await post('/api/auth/sign-up/email', alice)
    expect(signUp.status).toBe(200)
    const { user } = (await signUp.json()) as { user: { id: string; email: string } }
    expect(user.email).toBe(alice.email)
    const cookie = cookieOf(signUp)
    expect(cookie).toMatch(/^better-auth\.session_token=/)
    const me = await fetch(`${origin}/api/me`, { headers: { cookie } })
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ id: user.id, email: alice.email, name: 'Alice' })
  }, SLOW_MS)

  it('sign-in with the password starts a session the fw endpoint accepts; a wrong password is better-auth’s 401', async () => {
    const signIn = await post('/api/auth/sign-in/email', { email: alice.email, password: alice.password })
    expect(signIn.status).toBe(200)
    const cookie = cookieOf(signIn)
    expect(((await (await fetch(`${origin}/api/me`, { headers: { cookie } })).json()) as { email: string }).email).toBe(alice.email)
    expect(await (await fetch(`${origin}/api/hello`, { headers: { cookie } })).json()).toBe('hello Alice')
    const wrong = await post('/api/auth/sign-in/email', { email: alice.email, password: 'not-her-password' })
    expect(wrong.status).toBe(401)
    expect(cookieOf(wrong)).toBe('')
  }, SLOW_MS)

  it('no session → 401 with WWW-Authenticate; a forged cookie → 401; the optional user is null', async () => {
    const none = await fetch(`${origin}/api/me`)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toContain('better-auth.session_token')
    const forged = await fetch(`${origin}/api/me`, { headers: { cookie: 'better-auth.session_token=forged.c2lnbmF0dXJl' } })
    expect(forged.status).toBe(401)
    expect(await forged.text()).not.toContain('forged')
    expect(await (await fetch(`${origin}/api/hello`)).json()).toBe('hello stranger')
  }, SLOW_MS)

  it('sign-out (better-auth) ends the session for fw too', async () => {
    const signIn = await post('/api/auth/sign-in/email', { email: alice.email, password: alice.password })
    const cookie = cookieOf(signIn)
    expect((await fetch(`${origin}/api/me`, { headers: { cookie } })).status).toBe(200)
    const signOut = await post('/api/auth/sign-out', {}, { cookie, origin })
    expect(signOut.status).toBe(200)
    expect((await fetch(`${origin}/api/me`, { headers: { cookie } })).status).toBe(401)
  }, SLOW_MS)

  it('the OpenAPI document lists better-auth’s cookie as the security of the fw endpoints', () => {
    const document = service.openapi()
    const security = (path: string) => (document.paths[path] as { get?: { security?: unknown[] } } | undefined)?.get?.security
    expect(document.components.securitySchemes).toEqual({ betterAuth: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } })
    expect(security('/api/me')).toEqual([{ betterAuth: [] }])
    expect(security('/api/hello')).toEqual([{ betterAuth: [] }, {}])
  }, SLOW_MS)

  it('a user config without passwordField cannot login() (better-auth does that): a clear configuration error', async () => {
    const outside = auth.User(baUsers, { authentication: auth.Custom({ scheme: { type: 'http', scheme: 'bearer' }, resolve: () => undefined }), loginFields: ['email'] })
    await expect(outside.login({} as never, { ident: 'alice@example.com', password: 'x' })).rejects.toThrow(/passwordField/)
  }, SLOW_MS)
})
