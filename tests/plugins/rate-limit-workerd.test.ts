/**
 * SPEC §14 "Rate limits" on Workers, in workerd (miniflare) over real HTTP
 * (tests/plugins/fixtures/rate-limit-worker.ts): `DurableObjectStore` counts exactly — 300
 * concurrent requests at a limit of 100 let exactly 100 through — fixed and sliding;
 * `WorkersRateLimitStore` follows the rate-limiting binding's verdict (limit 5 per 60 s), per key.
 *
 *   FW_RUNTIMES=workerd npx vitest run tests/plugins/rate-limit-workerd.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 120_000
const CONCURRENT = 300
const LIMIT = 100

describe.each(runtimesFor(['workerd']))('rateLimit with the Workers stores on $label', (runtime) => {
  let server: Server | undefined
  let base = ''
  const get = (path: string, client: string) => fetch(`${base}/${path}`, { headers: { 'x-client': client } })

  beforeAll(async () => {
    server = await startServer(runtime, 'tests/plugins/fixtures/rate-limit-worker.ts', START_MS, {
      WORKERD_DO: JSON.stringify({ RATE_LIMITS: 'RateLimitCounter' }),
      WORKERD_RATELIMITS: JSON.stringify({ RATE_LIMITER: { limit: 5, period: 60 } }),
    })
    base = `${server.origin}/api`
  }, START_MS + 30_000)
  afterAll(async () => {
    await server?.stop()
  })

  it(`DurableObjectStore: ${CONCURRENT} concurrent requests at a limit of ${LIMIT} let exactly ${LIMIT} through`, async () => {
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => get('exact/hello', 'burst')))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status !== 200 && status !== 429), server?.output()).toEqual([])
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(CONCURRENT - LIMIT)
    expect(refused[0]?.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(refused[0]?.headers.get('ratelimit')).toMatch(/^"exact";r=0;t=\d+$/)
    await Promise.all(answers.map((answer) => answer.arrayBuffer()))
    // the count is kept: the next one is refused too; another key has its own
    expect((await get('exact/hello', 'burst')).status).toBe(429)
    const other = await get('exact/hello', 'someone-else')
    expect(other.status).toBe(200)
    expect(other.headers.get('ratelimit-policy')).toBe('"exact";q=100;w=3600')
    expect(other.headers.get('ratelimit')).toMatch(/^"exact";r=99;t=(3600|3599)$/)
  }, 120_000)

  it('DurableObjectStore, sliding: 3 per hour pass, the fourth is 429', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 5; index++) statuses.push((await get('sliding/hello', 'slider')).status)
    expect(statuses, server?.output()).toEqual([200, 200, 200, 429, 429])
  }, 60_000)

  it('WorkersRateLimitStore: the binding\'s verdict (5 per 60 s) per key; the policy header, Retry-After when refused, no RateLimit', async () => {
    // the binding's windows are aligned on the minute: start well inside one
    const intoMinute = Date.now() % 60_000
    if (intoMinute > 50_000) await new Promise((done) => setTimeout(done, 60_500 - intoMinute))
    const answers: Response[] = []
    for (let index = 0; index < 7; index++) answers.push(await get('binding/hello', 'bound'))
    expect(answers.map((answer) => answer.status), server?.output()).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(answers[0]?.headers.get('ratelimit-policy')).toBe('"binding";q=5;w=60')
    expect(answers[0]?.headers.get('ratelimit')).toBeNull()
    expect(Number(answers[5]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(answers[5]?.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect((await get('binding/hello', 'another')).status).toBe(200)
  }, 90_000)
})
