/**
 * SPEC §14 "Rate limits" across processes, over real HTTP: 1,000 concurrent requests at a limit
 * of 100 to `run({ workers: 4 })` (tests/plugins/fixtures/rate-limit-workers.ts) let exactly 100
 * through with `RedisStore` (one Lua script per hit); with `MemoryStore` each process counts its
 * own hits (the documented per-process behaviour): more than 100 pass, never more than 4 × 100.
 *
 *   FW_RUNTIMES=node npx vitest run tests/plugins/rate-limit-workers.test.ts
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisSkipReason, startRedis } from '../auth/redis'
import { runtimesFor, servedByFw, startServer } from '../runtimes/runtimes'

const ENTRY = 'tests/plugins/fixtures/rate-limit-workers.ts'
const START_MS = 90_000
const WORKERS = 4
const REQUESTS = 1000
const LIMIT = 100

interface Tally {
  passed: number
  refused: number
  other: number[]
  pids: Set<number>
}

/** `REQUESTS` GETs at once over up to 250 connections; counts 200s and 429s, and the processes that answered any of them (`x-pid`). */
async function burst(origin: string): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 250 })
  const tally: Tally = { passed: 0, refused: 0, other: [], pids: new Set() }
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const request = http.get(`${origin}/api/hello`, { agent }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => void (body += chunk.toString()))
        response.on('end', () => {
          tally.pids.add(Number(response.headers['x-pid']))
          if (response.statusCode === 200 && (JSON.parse(body) as { pid: number }).pid > 0) tally.passed++
          else if (response.statusCode === 429) tally.refused++
          else tally.other.push(response.statusCode ?? 0)
          resolve()
        })
      })
      request.setTimeout(30_000, () => request.destroy(new Error('no answer within 30 s')))
      request.on('error', reject)
    })
  try {
    await Promise.all(Array.from({ length: REQUESTS }, one))
  } finally {
    agent.destroy()
  }
  return tally
}

let redisUrl = ''
let stopRedis: () => Promise<void> = async () => {}
beforeAll(async () => {
  if (redisSkipReason) return
  const redis = await startRedis()
  redisUrl = redis.url
  stopRedis = redis.stop
}, 60_000)
afterAll(async () => {
  await stopRedis()
})

describe.each(runtimesFor(['node', 'bun'], servedByFw))(`runtime $label: rateLimit under run({ workers: ${WORKERS} })`, (runtime) => {
  it.skipIf(redisSkipReason !== undefined)(`RedisStore: ${REQUESTS} concurrent requests at a limit of ${LIMIT} let exactly ${LIMIT} through`, async () => {
    const prefix = `fw-rl-test:${runtime.label}:${Date.now()}:`
    const server = await startServer(runtime, ENTRY, START_MS, { LIMIT_STORE: 'redis', REDIS_URL: redisUrl, LIMIT_PREFIX: prefix, WORKERS: String(WORKERS) })
    try {
      const tally = await burst(server.origin)
      expect(tally.other, server.output()).toEqual([])
      expect(tally.passed).toBe(LIMIT)
      expect(tally.refused).toBe(REQUESTS - LIMIT)
      expect(tally.pids.size, 'more than one process answered').toBeGreaterThan(1)
    } finally {
      await server.stop()
    }
  }, START_MS + 60_000)

  it(`MemoryStore counts per process: more than ${LIMIT} pass, at most ${WORKERS} × ${LIMIT}`, async () => {
    const server = await startServer(runtime, ENTRY, START_MS, { LIMIT_STORE: 'memory', WORKERS: String(WORKERS) })
    try {
      const tally = await burst(server.origin)
      expect(tally.other, server.output()).toEqual([])
      expect(tally.pids.size).toBeGreaterThan(1)
      expect(tally.passed).toBeGreaterThan(LIMIT)
      expect(tally.passed).toBeLessThanOrEqual(tally.pids.size * LIMIT)
      expect(tally.passed + tally.refused).toBe(REQUESTS)
    } finally {
      await server.stop()
    }
  }, START_MS + 60_000)
})
