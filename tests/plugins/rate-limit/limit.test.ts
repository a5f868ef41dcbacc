/**
 * src/plugins/rate-limit/limit.ts in process: `RateLimit` options checked at build, hits counted
 * per key, the RateLimit headers, the 429 with Retry-After, a failing store answered 503 (or
 * passed with failOpen), long keys hashed, and what the store decides itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured, ServiceUnavailable, TooManyRequests } from '../../../src/exceptions'
import { RateLimit, rateLimit } from '../../../src/plugins/rate-limit/limit'
import type { RateLimitStore } from '../../../src/plugins/rate-limit/stores'
import type { RequestContext } from '../../../src/request/context'

afterEach(() => {
  vi.restoreAllMocks()
})

/** A request context as the plugin reads it (counted at its arrival). */
const contextFrom = (ip: string | undefined): RequestContext => ({ ip, arrived: Date.now(), responseHeaders: undefined }) as unknown as RequestContext
/** What `processRequest` throws, or undefined when it admits the request. */
async function refusalOf(limit: RateLimit, context: RequestContext): Promise<unknown> {
  try {
    await limit.processRequest(new Request('http://h/'), context)
    return undefined
  } catch (error) {
    return error
  }
}

describe('options', () => {
  it('refuses a bad limit, window, algorithm, name or store', () => {
    expect(() => rateLimit({ limit: 0, window: '1m' })).toThrow('rateLimit: limit must be a positive integer (got 0)')
    expect(() => rateLimit({ limit: 1.5, window: '1m' })).toThrow(ImproperlyConfigured)
    expect(() => rateLimit({ limit: 1, window: 'soon' })).toThrow(ImproperlyConfigured)
    expect(() => rateLimit({ limit: 1, window: '1m', algorithm: 'leaky' as never })).toThrow(`rateLimit: algorithm is 'fixed' or 'sliding' (got "leaky")`)
    for (const name of ['a"b', '1st', '', 'a b', 'x'.repeat(65)]) expect(() => rateLimit({ limit: 1, window: '1m', name }), name).toThrow(ImproperlyConfigured)
    expect(() => rateLimit({ limit: 1, window: '1m', store: {} as never })).toThrow('rateLimit: store must be a rate-limit store (MemoryStore(), RedisStore(client))')
  })

  it('writes its policy and documents its 429', () => {
    const limit = rateLimit({ limit: 10, window: '90s', name: 'api' })
    expect(limit.policy).toBe('"api";q=10;w=90')
    expect(limit.answers[0]).toMatchObject({ status: 429, error: TooManyRequests, by: 'rateLimit(api)' })
  })
})

describe('counting', () => {
  it('admits up to the limit per client address, with the remaining count, then answers 429 with Retry-After', async () => {
    const limit = rateLimit({ limit: 2, window: '1m' })
    const first = contextFrom('192.0.2.1')
    expect(await refusalOf(limit, first)).toBeUndefined()
    expect(first.responseHeaders).toEqual(['ratelimit-policy', '"default";q=2;w=60', 'ratelimit', '"default";r=1;t=60'])
    expect(await refusalOf(limit, contextFrom('192.0.2.1'))).toBeUndefined()
    const refused = await refusalOf(limit, contextFrom('192.0.2.1'))
    expect(refused).toBeInstanceOf(TooManyRequests)
    expect((refused as TooManyRequests).headers['retry-after']).toBe('60')
    expect((refused as TooManyRequests).headers.ratelimit).toBe('"default";r=0;t=60')
    expect(await refusalOf(limit, contextFrom('192.0.2.2'))).toBeUndefined()
  })

  it('counts a request at its arrival (the service’s one clock reading per request)', async () => {
    const limit = rateLimit({ limit: 1, window: '1m' })
    const at = (arrived: number): RequestContext => ({ ip: '192.0.2.1', arrived, responseHeaders: undefined }) as unknown as RequestContext
    const first = at(1_000_000)
    expect(await refusalOf(limit, first)).toBeUndefined()
    expect(first.responseHeaders?.[3]).toBe('"default";r=0;t=60')
    expect(await refusalOf(limit, at(1_030_000))).toBeInstanceOf(TooManyRequests)
    // a minute after the first arrival: a new window, whatever the clock says now
    const later = at(1_060_000)
    expect(await refusalOf(limit, later)).toBeUndefined()
    expect(later.responseHeaders?.[3]).toBe('"default";r=0;t=60')
  })

  it.each([
    [1, '0'],
    [1000, '999'],
    [1001, '1000'],
    [1_000_001, '1000000'],
    [5_000_001, '5000000'],
    [1_002_003_005, '1002003004'],
    [123_045_007, '123045006'],
  ])('writes the remaining count of a limit of %i in decimal (%s)', async (max, remaining) => {
    const context = contextFrom('192.0.2.1')
    expect(await refusalOf(rateLimit({ limit: max, window: '1m' }), context)).toBeUndefined()
    expect(context.responseHeaders?.[3]).toBe(`"default";r=${remaining};t=60`)
  })

  it('counts requests without an address under one key, and leaves uncounted those whose key is undefined', async () => {
    const anonymous = rateLimit({ limit: 1, window: '1m' })
    expect(await refusalOf(anonymous, contextFrom(undefined))).toBeUndefined()
    expect(await refusalOf(anonymous, contextFrom(undefined))).toBeInstanceOf(TooManyRequests)
    const exempt = rateLimit({ limit: 1, window: '1m', key: () => undefined })
    for (let index = 0; index < 3; index++) expect(await refusalOf(exempt, contextFrom('x'))).toBeUndefined()
  })

  it('counts a key longer than 200 characters under its hash', async () => {
    const keys: string[] = []
    const store: RateLimitStore = { hit: (key) => (keys.push(key), { current: 1, previous: 0, resetMs: 1000 }) }
    const limit = rateLimit({ limit: 5, window: '1s', store, key: () => 'k'.repeat(5000) })
    await refusalOf(limit, contextFrom('x'))
    expect(keys[0]).toMatch(/^default:#[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a key that reads params on a service or class (it belongs on the endpoint)', async () => {
    const limit = rateLimit({ limit: 1, window: '1m', name: 'slug', key: (_request, params) => String(params.slug) })
    expect(await refusalOf(limit, contextFrom('x'))).toBeInstanceOf(ImproperlyConfigured)
  })

  it('takes the verdict of a store that decides itself (the Workers binding)', async () => {
    const store: RateLimitStore = { hit: async () => ({ current: 0, previous: 0, resetMs: 1500, allowed: false }) }
    const refused = await refusalOf(rateLimit({ limit: 1, window: '1m', store }), contextFrom('x'))
    expect((refused as TooManyRequests).headers['retry-after']).toBe('2')
  })
})

describe('a failing store', () => {
  const failing: RateLimitStore = {
    hit: async () => {
      throw new Error('connection refused')
    },
  }

  it('answers 503 with Retry-After (fail closed), logging the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const refused = await refusalOf(rateLimit({ limit: 1, window: '1m', store: failing }), contextFrom('x'))
    expect(refused).toBeInstanceOf(ServiceUnavailable)
    expect((refused as ServiceUnavailable).headers['retry-after']).toBe('1')
    expect(logged.mock.calls[0]?.[0]).toMatch(/the store failed \(connection refused\); failing closed/)
  })

  it('passes requests uncounted with failOpen, logging at most once per interval', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const limit = rateLimit({ limit: 1, window: '1m', store: failing, failOpen: true })
    for (let index = 0; index < 3; index++) expect(await refusalOf(limit, contextFrom('x'))).toBeUndefined()
    expect(logged).toHaveBeenCalledTimes(1)
  })
})

describe('check (a limit on parsed params)', () => {
  it('adds its headers first (innermost limit first), and throws the 429 past the limit', async () => {
    const limit = rateLimit({ limit: 1, window: '1m', name: 'login' })
    const context = contextFrom('x')
    context.responseHeaders = ['ratelimit', 'outer']
    await limit.check(context, 'user:1')
    expect(context.responseHeaders).toEqual(['ratelimit-policy', '"login";q=1;w=60', 'ratelimit', '"login";r=0;t=60', 'ratelimit', 'outer'])
    await expect(limit.check(contextFrom('x'), 'user:1')).rejects.toBeInstanceOf(TooManyRequests)
  })
})
