/**
 * `login()`'s guarantees (SPEC §12, "Limits and errors"): an unknown user
 * costs the same as a wrong password (measured), a hash Django made logs in
 * and is upgraded to the hasher's iterations, and nothing a login or a
 * refused credential carries — password, stored hash, token, secret — is
 * ever written to the log, over real HTTP with the service in debug mode.
 */
import 'fw-api/serve'
import { eq } from 'drizzle-orm'
import { Fw, api, exceptions, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { RequestContext } from 'fw-api/request'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as tables from './fixtures/tables'

const { users } = tables
const SECRET = 'a-login-test-secret-of-32-chars!!'
// Made the way Django's PBKDF2PasswordHasher makes them (tests/auth/password.test.ts): 'alice123' at 1 000 iterations.
const DJANGO_1K = 'pbkdf2_sha256$1000$ZxO0a1n2b3c4d5e6f7g8h9$UN5aVor/DYopdJKHlb0xg5QP0sTYil4ApO9BHhcAJQQ='
/** big enough that one verification dwarfs the user lookup (the leak the dummy hash closes), small enough for a busy machine */
const TIMING_ITERATIONS = 100_000

const database = orm.Database({ engine: 'pglite', schema: tables, create: true })
const hasher = auth.Pbkdf2Hasher({ iterations: 2000 })
const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: SECRET }), loginFields: ['username'], passwordField: 'password', hasher })
const credentials = { data: request.Body(v.object({ username: v.string(), password: v.string() })) }

class LoginAPI extends api.API {
  @api.post(credentials)
  async login({ data }: api.Input<typeof credentials>) {
    const done = await jwtUser.login(this.request, { ident: data.username, password: data.password })
    if (!done) throw new exceptions.PermissionDenied('username or password wrong')
    return { token: done.token }
  }

  me = api.get({ user: jwtUser }, ({ user }) => user.username)
}

const service = new Fw(import.meta.url, { name: 'login-test', api: LoginAPI, route: '/auth', debug: true })
service.use(orm.DatabaseConnections({ default: database }))

let base = ''
let close: () => Promise<void> = async () => {}
const post = (path: string, body: unknown) => fetch(`${base}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const storedHash = async (username: string) => (await (await database.db()).select().from(users).where(eq(users.username, username)))[0]?.password

beforeAll(async () => {
  await (await database.db()).insert(users).values([
    { username: 'django', password: DJANGO_1K },
    { username: 'timed', password: await auth.Pbkdf2Hasher({ iterations: TIMING_ITERATIONS }).hash('timed-password') },
  ])
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${server.port}/auth`
  close = () => server.close()
}, 300_000) // PGlite starts slowly on a busy machine
afterAll(() => close())

describe('login()', () => {
  it('a hash Django made logs in over HTTP and is stored again at the hasher’s iterations', async () => {
    expect((await post('login', { username: 'django', password: 'alice123' })).status).toBe(200)
    expect(await storedHash('django')).toMatch(/^pbkdf2_sha256\$2000\$[A-Za-z0-9]{22}\$/)
    expect((await post('login', { username: 'django', password: 'alice123' })).status).toBe(200)
    expect((await post('login', { username: 'django', password: 'alice124' })).status).toBe(403)
  })

  it('an unknown user takes as long as a wrong password (measured: the median of paired ratios within 2x; without the dummy hash ~10x faster)', async () => {
    const timed = auth.User(users, { authentication: auth.JsonWebToken({ secret: SECRET }), loginFields: ['username'], passwordField: 'password', hasher: auth.Pbkdf2Hasher({ iterations: TIMING_ITERATIONS }) })
    const context = new RequestContext(new Request('http://localhost/'), '/', '', Date.now())
    const time = async (ident: string): Promise<number> => {
      const started = performance.now()
      expect(await timed.login(context, { ident, password: 'wrong-password' })).toBe(null)
      return performance.now() - started
    }
    await time('nobody') // the dummy hash is made on the first login
    // Paired rounds, the order alternating: a burst of load (the other test files, a busy machine)
    // falls on both logins of a round, and the median of the rounds' ratios leaves it out.
    const unknown: number[] = []
    const wrong: number[] = []
    const ratios: number[] = []
    for (let round = 0; round < 9; round++) {
      let wrongTime = round % 2 === 1 ? await time('timed') : 0
      const unknownTime = await time(`nobody-${round}`)
      if (round % 2 === 0) wrongTime = await time('timed')
      unknown.push(unknownTime)
      wrong.push(wrongTime)
      ratios.push(unknownTime / wrongTime)
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
    const ratio = median(ratios)
    console.info(`login timing: unknown user median ${median(unknown).toFixed(1)} ms, wrong password median ${median(wrong).toFixed(1)} ms, median ratio ${ratio.toFixed(2)}`)
    expect(ratio, `unknown ${unknown.map(Math.round)} vs wrong ${wrong.map(Math.round)}`).toBeGreaterThan(0.5)
    expect(ratio, `unknown ${unknown.map(Math.round)} vs wrong ${wrong.map(Math.round)}`).toBeLessThan(2)
  }, 120_000)

  it('no password, stored hash, token or secret is logged, whatever the login or credential (debug mode)', async () => {
    const logged: string[] = []
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' ')))
    try {
      const good = await post('login', { username: 'django', password: 'alice123' })
      const { token } = (await good.json()) as { token: string }
      expect((await fetch(`${base}/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      expect((await post('login', { username: 'django', password: 'a-wrong-password-here' })).status).toBe(403)
      expect((await post('login', { username: 'nobody-at-all', password: 'an-unknown-users-password' })).status).toBe(403)
      expect((await fetch(`${base}/me`, { headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` } })).status).toBe(401)
      const text = logged.join('\n')
      for (const secret of ['alice123', 'a-wrong-password-here', 'an-unknown-users-password', 'pbkdf2_sha256', token.split('.')[2] ?? token, SECRET]) expect(text).not.toContain(secret)
    } finally {
      vi.restoreAllMocks()
    }
  })
})
