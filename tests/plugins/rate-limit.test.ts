/**
 * `rateLimit` (SPEC §14 "Rate limits", fw-api/plugins/rate-limit) through `service.fetch`:
 * service, class and endpoint scope, the 429 with `Retry-After` and the IETF `RateLimit-Policy` /
 * `RateLimit` headers on every answer it governs, fixed and sliding windows, a failing store
 * failing open or closed (and logged), `RedisStore` against a real redis-server, the 429 in the
 * OpenAPI document. Across processes: rate-limit-workers.test.ts; over HTTP on every runtime:
 * tests/runtimes/client-address.test.ts.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Fw, api, exceptions, request } from 'fw-api'
import { MemoryStore, RedisStore, rateLimit, type RateLimitStore } from 'fw-api/plugins/rate-limit'
import { redisSkipReason, startRedis } from '../auth/redis'

/** The server argument of a request from `address` (as @hono/node-server and fw's Node server pass it). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })
const get = (service: Fw, path: string, address = '198.51.100.1') => Promise.resolve(service.fetch(new Request(`http://localhost${path}`), from(address)))

class HelloAPI extends api.API {
  @api.get
  hello() {
    return 'hi'
  }
}

describe('service scope', () => {
  it('counts per client address; past the limit a 429 with Retry-After; the headers on every answer', async () => {
    const service = new Fw({ api: HelloAPI })
    service.use(rateLimit({ limit: 2, window: '1m' }))
    const first = await get(service, '/hello')
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-policy')).toBe('"default";q=2;w=60')
    expect(first.headers.get('ratelimit')).toBe('"default";r=1;t=60')
    expect(first.headers.get('retry-after')).toBeNull()
    expect((await get(service, '/hello')).headers.get('ratelimit')).toBe('"default";r=0;t=60')
    const refused = await get(service, '/hello')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(refused.headers.get('ratelimit')).toBe('"default";r=0;t=60')
    expect(refused.headers.get('content-type')).toContain('json')
    expect(await refused.text()).not.toMatch(/\n\s+at /)
    // another address has its own count; a 404 is governed too
    expect((await get(service, '/hello', '198.51.100.2')).status).toBe(200)
    const missing = await get(service, '/nowhere', '198.51.100.3')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('ratelimit')).toBe('"default";r=1;t=60')
  })

  it('a key returning undefined leaves the request uncounted; the name keeps policies apart', async () => {
    const service = new Fw({ api: HelloAPI })
    service.use(rateLimit({ limit: 1, window: '1m', name: 'burst', key: (context) => (context.headers.get('x-exempt') ? undefined : 'all') }))
    expect((await get(service, '/hello')).headers.get('ratelimit-policy')).toBe('"burst";q=1;w=60')
    expect((await get(service, '/hello')).status).toBe(429)
    const exempt = await service.fetch(new Request('http://localhost/hello', { headers: { 'x-exempt': '1' } }))
    expect(exempt.status).toBe(200)
    expect(exempt.headers.get('ratelimit')).toBeNull()
  })

  it('several limits on one route: one RateLimit list, a policy each', async () => {
    @api.plugin(rateLimit({ limit: 5, window: '1h', name: 'hourly' }))
    class TwiceAPI extends api.API {
      @api.get
      hello() {
        return 'hi'
      }
    }
    const service = new Fw({ api: TwiceAPI })
    service.use(rateLimit({ limit: 2, window: '1m', name: 'minutely' }))
    const answer = await get(service, '/hello')
    expect(answer.headers.get('ratelimit-policy')).toBe('"hourly";q=5;w=3600, "minutely";q=2;w=60')
    expect(answer.headers.get('ratelimit')).toBe('"hourly";r=4;t=3600, "minutely";r=1;t=60')
  })

  it('the 429 and the headers are in the OpenAPI document of every route', () => {
    const service = new Fw({ api: HelloAPI })
    service.use(rateLimit({ limit: 2, window: '1m' }))
    const operation = service.openapi().paths['/hello']?.get as { responses: Record<string, { headers?: Record<string, unknown> }> }
    expect(Object.keys(operation.responses)).toContain('429')
    expect(Object.keys(operation.responses['429']?.headers ?? {})).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit'])
    expect(Object.keys(operation.responses['200']?.headers ?? {})).toEqual(['RateLimit-Policy', 'RateLimit'])
  })

  it('bad options are ImproperlyConfigured', () => {
    expect(() => rateLimit({ limit: 0, window: '1m' })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => rateLimit({ limit: 1, window: 'soon' })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => rateLimit({ limit: 1, window: '1m', algorithm: 'leaky' as 'fixed' })).toThrow(/'fixed' or 'sliding'/)
    expect(() => rateLimit({ limit: 1, window: '1m', name: 'a"b' })).toThrow(/token/)
  })
})

describe('class and endpoint scope', () => {
  const loginLimit = rateLimit({ limit: 2, window: '15m', name: 'login' })
  const login = { data: request.Body(v.object({ username: v.string() })) }

  @api.plugin(rateLimit({ limit: 1, window: '1m', name: 'admin' }))
  class AdminAPI extends api.API {
    @api.get
    stats() {
      return 1
    }
  }

  class RootAPI extends api.API {
    static admin = AdminAPI

    @api.get
    open() {
      return 'open'
    }

    /** the SPEC's login limit: per client address and account, from the parsed body */
    @api.post(login)
    async login({ data }: api.Input<typeof login>) {
      await loginLimit.check(this.request, `${this.request.ip}:${data.username.toLowerCase()}`)
      return 'welcome'
    }
  }
  const service = new Fw({ api: RootAPI })
  const post = (username: string, address = '198.51.100.1') =>
    Promise.resolve(service.fetch(new Request('http://localhost/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username }) }), from(address)))

  it('@api.plugin limits that class only', async () => {
    expect((await get(service, '/admin/stats')).status).toBe(200)
    expect((await get(service, '/admin/stats')).status).toBe(429)
    for (let round = 0; round < 3; round++) {
      const open = await get(service, '/open')
      expect(open.status).toBe(200)
      expect(open.headers.get('ratelimit')).toBeNull()
    }
  })

  it('the OpenAPI document: the 429 on the routes of the limited class only', () => {
    const paths = service.openapi().paths as Record<string, { get?: { responses: Record<string, { headers?: Record<string, unknown> }> } }>
    expect(Object.keys(paths['/admin/stats']?.get?.responses ?? {})).toContain('429')
    expect(Object.keys(paths['/admin/stats']?.get?.responses['200']?.headers ?? {})).toContain('RateLimit')
    expect(Object.keys(paths['/open']?.get?.responses ?? {})).not.toContain('429')
  })

  it('limiter.check(): a key from parsed params, per account and address; headers on the answer, the 429 past the limit', async () => {
    const first = await post('alice')
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit')).toBe('"login";r=1;t=900')
    expect((await post('Alice')).status).toBe(200)
    const refused = await post('alice')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('900')
    expect((await post('bob')).status).toBe(200)
    expect((await post('alice', '198.51.100.9')).status).toBe(200)
  })

  it('a key of any length is counted under a bounded key', async () => {
    const hits: string[] = []
    const store: RateLimitStore = { hit: async (key) => (hits.push(key), { current: 1, previous: 0, resetMs: 1000 }) }
    const limiter = rateLimit({ limit: 1, window: '1s', store, key: (context) => context.headers.get('x-key') ?? undefined })
    const service = new Fw({ api: HelloAPI })
    service.use(limiter)
    await service.fetch(new Request('http://localhost/hello', { headers: { 'x-key': 'k'.repeat(8000) } }))
    expect(hits[0]?.length).toBeLessThan(100)
  })
})

describe('stores', () => {
  it('MemoryStore, fixed: a window from the first hit', async () => {
    const store = MemoryStore()
    expect(await store.hit('a', 1000, 'fixed', 5_000)).toEqual({ current: 1, previous: 0, resetMs: 1000 })
    expect(await store.hit('a', 1000, 'fixed', 5_600)).toEqual({ current: 2, previous: 0, resetMs: 400 })
    expect(await store.hit('a', 1000, 'fixed', 6_000)).toEqual({ current: 1, previous: 0, resetMs: 1000 })
  })

  it('MemoryStore, sliding: this window and the one before', async () => {
    const store = MemoryStore()
    for (let n = 0; n < 4; n++) await store.hit('a', 1000, 'sliding', 10_100)
    expect(await store.hit('a', 1000, 'sliding', 11_250)).toEqual({ current: 1, previous: 4, resetMs: 750 })
    expect(await store.hit('a', 1000, 'sliding', 13_000)).toEqual({ current: 1, previous: 0, resetMs: 1000 })
  })

  it('sliding: the previous window weighs by how much of it still overlaps', async () => {
    // 4 of a limit of 5 in the window before, 75 % of it still inside the sliding window: 3 + 1 = 4 → allowed, then 5, then 6 → refused
    const store = MemoryStore()
    const service = new Fw({ api: HelloAPI })
    const limiter = rateLimit({ limit: 5, window: 60_000, algorithm: 'sliding', store, key: () => 'k' })
    service.use(limiter)
    const now = Date.now()
    const start = Math.floor(now / 60_000) * 60_000
    for (let n = 0; n < 5; n++) await store.hit('default:k', 60_000, 'sliding', start - 60_000 + 1)
    const statuses: number[] = []
    for (let n = 0; n < 6; n++) statuses.push((await get(service, '/hello')).status)
    // allowed while 5 × (time left / window) + this window's count ≤ 5
    const weight = (start + 60_000 - Date.now()) / 60_000
    const allowed = statuses.filter((status) => status === 200).length
    expect(allowed).toBeGreaterThanOrEqual(Math.floor(5 - 5 * weight) - 1)
    expect(allowed).toBeLessThanOrEqual(Math.ceil(5 - 5 * weight) + 1)
    expect(statuses.at(-1)).toBe(429)
  })

  it('MemoryStore keeps at most maxKeys keys', async () => {
    const store = MemoryStore({ maxKeys: 10 })
    for (let n = 0; n < 1000; n++) await store.hit(`key${n}`, 60_000, 'fixed', 1)
    // the oldest keys went: key0 counts from 1 again
    expect((await store.hit('key0', 60_000, 'fixed', 2)).current).toBe(1)
  })

  it('a failing store fails closed (503) by default, open when asked; logged once per burst', async () => {
    const broken: RateLimitStore = { hit: () => Promise.reject(new Error('connection refused')) }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const closed = new Fw({ api: HelloAPI })
      closed.use(rateLimit({ limit: 5, window: '1m', store: broken }))
      const refused = await get(closed, '/hello')
      expect(refused.status).toBe(503)
      expect(await refused.text()).not.toContain('connection refused')
      expect((await get(closed, '/hello')).status).toBe(503)
      const open = new Fw({ api: HelloAPI })
      open.use(rateLimit({ limit: 5, window: '1m', store: broken, failOpen: true }))
      const passed = await get(open, '/hello')
      expect(passed.status).toBe(200)
      expect(passed.headers.get('ratelimit')).toBeNull()
      const lines = logged.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('rateLimit'))
      expect(lines).toHaveLength(2)
      expect(lines[0]).toContain('failing closed')
      expect(lines[1]).toContain('failing open')
    } finally {
      logged.mockRestore()
    }
  })
})

describe.skipIf(redisSkipReason !== undefined)('RedisStore against redis-server', () => {
  let stop: () => Promise<void> = async () => {}
  let client: ReturnType<typeof createClient>
  beforeAll(async () => {
    const redis = await startRedis()
    stop = redis.stop
    client = createClient({ url: redis.url })
    await client.connect()
  }, 60_000)
  afterAll(async () => {
    await client?.quit()
    await stop()
  })

  it('fixed: INCR and PEXPIRE in one script, the time left from PTTL', async () => {
    const store = RedisStore(client)
    const first = await store.hit('fixed', 60_000, 'fixed', Date.now())
    expect(first.current).toBe(1)
    expect(first.resetMs).toBeGreaterThan(59_000)
    expect((await store.hit('fixed', 60_000, 'fixed', Date.now())).current).toBe(2)
    expect(Number(await client.sendCommand(['PTTL', 'fw:ratelimit:fixed']))).toBeGreaterThan(59_000)
  })

  it('sliding: this window counted, the one before read', async () => {
    const store = RedisStore(client, { prefix: 'sliding-test:' })
    for (let n = 0; n < 3; n++) await store.hit('s', 1000, 'sliding', 50_500)
    expect(await store.hit('s', 1000, 'sliding', 51_200)).toEqual({ current: 1, previous: 3, resetMs: 800 })
  })

  it('1,000 concurrent hits at a limit of 100 through one limiter: exactly 100 pass', async () => {
    const service = new Fw({ api: HelloAPI })
    service.use(rateLimit({ limit: 100, window: '1h', store: RedisStore(client, { prefix: `burst-${Date.now()}:` }), key: () => 'all' }))
    const statuses = await Promise.all(Array.from({ length: 1000 }, () => get(service, '/hello').then((answer) => answer.status)))
    expect(statuses.filter((status) => status === 200)).toHaveLength(100)
    expect(statuses.filter((status) => status === 429)).toHaveLength(900)
  })
})
