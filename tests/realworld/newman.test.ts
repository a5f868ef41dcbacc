/**
 * The RealWorld "Conduit" backend (examples/realworld) against the official
 * Postman collection, run with newman over real HTTP on Node (native and Web
 * paths), Bun and Deno, each on PGlite and on a PostgreSQL 15 server: every
 * assertion passes. Then its error paths in RealWorld's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresSkipReason, startPostgres, type PostgresServer } from '../orm/engines'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'
import { runCollection } from './newman'

const START_MS = 180_000
const RUN_MS = 300_000
const engines: readonly ('pglite' | 'postgres')[] = postgresSkipReason ? ['pglite'] : ['pglite', 'postgres']

let postgres: PostgresServer | undefined
beforeAll(async () => {
  if (engines.includes('postgres')) postgres = await startPostgres()
}, 120_000)
afterAll(() => postgres?.stop())

let runs = 0
const cases = runtimesFor(['node', 'bun', 'deno'], servedByFw).flatMap((runtime) => engines.map((engine) => ({ runtime, engine, label: `${runtime.label} on ${engine}` })))

describe.each(cases)('Conduit on $label', ({ runtime, engine }) => {
  let server: Server | undefined
  let api = ''
  beforeAll(async () => {
    // the example refuses to start without a real secret (docs/realworld.md): one per server
    const env: Record<string, string> = { JWT_SECRET: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48)))), ...(engine === 'postgres' && postgres ? { DATABASE_URL: postgres.url } : {}) }
    server = await startServer(runtime, 'examples/realworld/server.ts', START_MS, env)
    api = `${server.origin}/api`
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  it('passes every assertion of the official Postman collection', async () => {
    const result = await runCollection(api, `u${Date.now().toString(36)}${++runs}`)
    console.log(`Conduit ${runtime.label} on ${engine}: ${result.assertions - result.failed}/${result.assertions} assertions, ${result.requests} requests`)
    expect(result.failures, server?.output()).toEqual([])
    expect(result.requests).toBe(32)
    expect(result.assertions).toBe(311)
  }, RUN_MS)

  it("answers errors in RealWorld's shape: 422 invalid, 401 anonymous or bad token, 403 not the author, 404 missing", async () => {
    const name = `e${Date.now().toString(36)}${++runs}`
    const send = async (method: string, path: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) }
      const response = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: response.status, body: (await response.json()) as Record<string, unknown>, challenge: response.headers.get('www-authenticate') }
    }
    const register = (who: string) => send('POST', '/users', { user: { username: who, email: `${who}@mail.com`, password: 'password' } })
    const shape = { errors: { body: expect.arrayContaining([expect.stringMatching(/\w/)]) } }

    const author = await register(name)
    expect(author.status, JSON.stringify(author.body)).toBe(200)
    const token = (author.body.user as { token: string }).token
    const other = ((await register(`${name}x`)).body.user as { token: string }).token

    for (const invalid of [{ user: { username: name } }, { user: { username: 'x y', email: 'a@b.co', password: 'password' } }, { user: { username: 'z', email: 'not-an-email', password: 'password' } }]) {
      const refused = await send('POST', '/users', invalid)
      expect(refused.status, JSON.stringify(invalid)).toBe(422)
      expect(refused.body).toMatchObject(shape)
    }
    const taken = await register(name)
    expect([taken.status, taken.body]).toEqual([422, shape])
    expect(JSON.stringify(taken.body)).toMatch(/(username|email) has already been taken/) // named by field: no SQL, no value, no constraint
    expect(JSON.stringify(taken.body)).not.toMatch(/constraint|_unique|_key/)
    expect(JSON.stringify(taken.body)).not.toMatch(/INSERT|\$1|=\(/)
    const wrong = await send('POST', '/users/login', { user: { email: `${name}@mail.com`, password: 'wrong-password' } })
    expect([wrong.status, wrong.body]).toEqual([422, shape])

    const anonymous = await send('GET', '/user')
    expect([anonymous.status, anonymous.body]).toEqual([401, shape])
    expect(anonymous.challenge).toMatch(/^Token/)
    // a bad token: 401 where a user is required; a public route reads it as anonymous (issue 54 #16, tests/realworld/auth.test.ts)
    expect((await send('GET', '/user', undefined, 'not.a.token')).status).toBe(401)
    expect((await send('GET', '/articles/feed', undefined, 'not.a.token')).status).toBe(401)
    expect((await send('GET', '/articles', undefined, 'not.a.token')).status).toBe(200)
    expect((await send('GET', '/articles/feed')).status).toBe(401)

    const created = await send('POST', '/articles', { article: { title: 'Mine', description: 'd', body: 'b', tagList: ['x'] } }, token)
    expect(created.status).toBe(200)
    const slug = (created.body.article as { slug: string }).slug
    expect((await send('POST', '/articles', { article: { title: '', description: 'd', body: 'b' } }, token)).status).toBe(422)
    const notMine = await send('PUT', `/articles/${slug}`, { article: { body: 'stolen' } }, other)
    expect([notMine.status, notMine.body]).toEqual([403, shape])
    expect((await send('DELETE', `/articles/${slug}`, undefined, other)).status).toBe(403)
    const comment = await send('POST', `/articles/${slug}/comments`, { comment: { body: 'hi' } }, token)
    const commentId = (comment.body.comment as { id: number }).id
    expect((await send('DELETE', `/articles/${slug}/comments/${commentId}`, undefined, other)).status).toBe(403)

    for (const path of ['/articles/no-such-slug', '/profiles/no-such-user', '/articles/no-such-slug/comments']) {
      const missing = await send('GET', path)
      expect([path, missing.status, missing.body]).toEqual([path, 404, shape])
    }
    expect((await send('DELETE', `/articles/${slug}/comments/999999`, undefined, token)).status).toBe(404)
    expect((await send('DELETE', `/articles/${slug}`, undefined, token)).status).toBe(200)
    expect((await send('GET', `/articles/${slug}`)).status).toBe(404)
  }, RUN_MS)
})
