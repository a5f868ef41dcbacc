/**
 * examples/realworld's login limit (SPEC §12 "Brute force", issue 53 D6) over real HTTP on Node and
 * Bun: `LOGIN_LIMIT=3` logins per account and client address every 15 minutes — a fourth attempt
 * is 429 with Retry-After and the RateLimit headers even with the right password, before any
 * password is checked; another account from the same address still logs in. The Postman suite
 * (newman.test.ts) runs under the default limit (10), which it never reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 180_000
const ENTRY = 'examples/realworld/server.ts'
const SECRET = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))))

describe.each(runtimesFor(['node', 'bun'], servedByFw))('Conduit login limit on $label', (runtime) => {
  let server: Server | undefined
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS, { JWT_SECRET: SECRET, LOGIN_LIMIT: '3', PBKDF2_ITERATIONS: '1000' })
  }, START_MS)
  afterAll(async () => {
    await server?.stop()
  })

  const send = (path: string, body: unknown) =>
    fetch(`${server?.origin}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('a fourth login of one account from one address is 429, even with the right password; another account passes', async () => {
    const name = `l${Date.now().toString(36)}`
    const user = { username: name, email: `${name}@mail.com`, password: 'password' }
    expect((await send('/users', { user })).ok).toBe(true)
    const statuses: number[] = []
    for (const password of ['wrong-one', 'wrong-two', 'password']) {
      const answer = await send('/users/login', { user: { email: user.email, password } })
      statuses.push(answer.status)
      expect(answer.headers.get('ratelimit-policy')).toContain('"login";q=3;w=900')
    }
    // two wrong passwords refused as such (not as a limit), then the right one passes: three attempts
    expect(statuses.slice(0, 2).every((status) => status >= 400 && status < 500 && status !== 429)).toBe(true)
    expect(statuses[2]).toBe(200)
    const blocked = await send('/users/login', { user: { email: ` ${user.email.toUpperCase()} `, password: 'password' } })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800)
    expect(blocked.headers.get('ratelimit')).toContain('"login";r=0;')
    const other = `m${Date.now().toString(36)}`
    expect((await send('/users', { user: { username: other, email: `${other}@mail.com`, password: 'password' } })).ok).toBe(true)
    expect((await send('/users/login', { user: { email: `${other}@mail.com`, password: 'password' } })).status).toBe(200)
  })
})
