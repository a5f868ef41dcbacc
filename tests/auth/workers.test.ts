/**
 * Sessions shared by `run({ workers: 2 })` processes over real HTTP
 * (tests/auth/fixtures/workers-server.ts): a login answered by one worker
 * process is valid on the other, and a logout on one ends it on both — with
 * the sessions in Redis and in Postgres (`auth.DatabaseStore`); with
 * `auth.MemoryStore` (the control) the other process does not know it. Each
 * answer names its process id, so the test proves two processes answered.
 *
 *   FW_RUNTIMES=node npx vitest run tests/auth/workers.test.ts
 */
import http from 'node:http'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresSkipReason, startPostgres, type PostgresServer } from '../orm/engines'
import { runtimesFor, servedByFw, startServer } from '../runtimes/runtimes'
import * as tables from './fixtures/tables'
import { redisSkipReason, startRedis } from './redis'

const ENTRY = 'tests/auth/fixtures/workers-server.ts'
const START_MS = 90_000
/** fresh connections asked before giving up on meeting the other worker (the primary spreads connections) */
const TRIES = 60

interface Answer {
  status: number
  body: { id?: number | null; username?: string; pid?: number }
  setCookie: string[]
}

/** One request on a fresh connection (`agent: false`, `connection: close`), so connections spread over the workers. */
function send(origin: string, method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(`${origin}/session/${path}`, { method, agent: false, headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } }, (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => void (text += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Answer['body']) : {}, setCookie: response.headers['set-cookie'] ?? [] }))
    })
    request.setTimeout(10_000, () => request.destroy(new Error(`${method} ${path} timed out`)))
    request.on('error', reject)
    request.end(payload)
  })
}

const skip = postgresSkipReason ?? redisSkipReason
let postgres: PostgresServer | undefined
let redisUrl = ''
let stopRedis: () => Promise<void> = async () => {}

beforeAll(async () => {
  if (skip) return
  postgres = await startPostgres()
  const redis = await startRedis()
  redisUrl = redis.url
  stopRedis = redis.stop
  // the tables and alice, made once by the test (two workers creating them at once would race)
  const database = orm.Database({ engine: 'postgres', url: postgres.url, schema: tables, create: true })
  await (await database.db()).insert(tables.users).values({ username: 'alice', password: await auth.Pbkdf2Hasher({ iterations: 1000 }).hash('alice123') })
  await database.close()
}, 120_000)
afterAll(async () => {
  await stopRedis()
  await postgres?.stop()
})

// Node's native path and Bun (node:cluster both); the Web path shares Node's cluster code.
describe.skipIf(skip !== undefined).each(runtimesFor(['node', 'bun'], servedByFw))('runtime $label: sessions shared by run({ workers: 2 })', (runtime) => {
  it.each(['redis', 'database'])('store %s: a login on one worker is valid on the other; a logout on one ends it on both', async (store) => {
    const server = await startServer(runtime, ENTRY, START_MS, { AUTH_STORE: store, REDIS_URL: redisUrl, DATABASE_URL: postgres?.url ?? '' })
    try {
      const login = await send(server.origin, 'POST', 'login', {}, { username: 'alice', password: 'alice123' })
      expect(login.status, server.output()).toBe(200)
      const loginPid = login.body.pid
      expect(loginPid).toBeGreaterThan(0)
      const cookie = (login.setCookie[0] ?? '').split(';')[0] ?? ''
      expect(cookie).toMatch(/^sessionid=[\w-]{43}$/)

      // Ask with the cookie until the other worker answers: every answer, from either process, is alice.
      const answered = new Set<number>()
      for (let n = 0; n < TRIES && answered.size < 2; n++) {
        const me = await send(server.origin, 'GET', 'me', { cookie })
        expect(me.status, `${JSON.stringify(me.body)}\n${server.output()}`).toBe(200)
        expect(me.body).toMatchObject({ id: 1, username: 'alice' })
        answered.add(me.body.pid ?? 0)
      }
      expect(answered.has(loginPid ?? 0)).toBe(true)
      expect([...answered].filter((pid) => pid !== loginPid), 'the other worker never answered').toHaveLength(1)

      const logout = await send(server.origin, 'POST', 'logout', { cookie })
      expect(logout.status).toBe(200)
      // After the logout (on whichever worker), both processes find no session for the cookie.
      const ended = new Set<number>()
      for (let n = 0; n < TRIES && ended.size < 2; n++) {
        const status = await send(server.origin, 'GET', 'status', { cookie })
        expect(status.status).toBe(200)
        expect(status.body.id).toBe(null)
        ended.add(status.body.pid ?? 0)
      }
      expect(ended).toEqual(answered)
      expect((await send(server.origin, 'GET', 'me', { cookie })).status).toBe(401)
    } finally {
      await server.stop()
    }
  }, START_MS + 60_000)

  it('the control: with auth.MemoryStore (one process) the other worker does not know the session', async () => {
    const server = await startServer(runtime, ENTRY, START_MS, { AUTH_STORE: 'memory', DATABASE_URL: postgres?.url ?? '' })
    try {
      const login = await send(server.origin, 'POST', 'login', {}, { username: 'alice', password: 'alice123' })
      expect(login.status, server.output()).toBe(200)
      const cookie = (login.setCookie[0] ?? '').split(';')[0] ?? ''
      let other: Answer | undefined
      for (let n = 0; n < TRIES && !other; n++) {
        const status = await send(server.origin, 'GET', 'status', { cookie })
        if (status.body.pid !== login.body.pid) other = status
        else expect(status.body.id).toBe(1)
      }
      expect(other, 'the other worker never answered').toBeDefined()
      expect(other?.body.id).toBe(null)
    } finally {
      await server.stop()
    }
  }, START_MS + 60_000)
})
