/**
 * The Workers stores' parts that run anywhere (workerd itself: rate-limit-workerd.test.ts):
 * `RateLimitCounter` counts in its storage, answers 400 to what is not a hit, and its alarm
 * deletes the count; a binding function that finds no binding is ImproperlyConfigured.
 */
import { exceptions } from 'fw-api'
import { DurableObjectStore, RateLimitCounter, WorkersRateLimitStore } from 'fw-api/plugins/rate-limit'
import { describe, expect, it } from 'vitest'

function fakeState() {
  const stored = new Map<string, unknown>()
  const alarms: number[] = []
  const storage = {
    get: async (key: string) => stored.get(key),
    put: async (key: string, value: unknown) => void stored.set(key, structuredClone(value)),
    deleteAll: async () => stored.clear(),
    setAlarm: async (time: number) => void alarms.push(time),
  }
  return { stored, alarms, state: { storage, blockConcurrencyWhile: (run: () => Promise<void>) => run() } }
}
const hit = (body: unknown, method = 'POST') => new Request('https://rate-limit.fw/hit', { method, ...(method === 'POST' ? { body: JSON.stringify(body) } : {}) })

describe('RateLimitCounter (the Durable Object of DurableObjectStore)', () => {
  it('counts hits of a fixed window in its storage, sets the alarm at the window\'s end, which deletes the count', async () => {
    const { stored, alarms, state } = fakeState()
    const counter = new RateLimitCounter(state)
    for (const expected of [1, 2, 3]) {
      const answer = await counter.fetch(hit({ windowMs: 60_000, algorithm: 'fixed', now: 1_000 + expected }))
      expect(await answer.json()).toEqual({ current: expected, previous: 0, resetMs: 60_000 - expected + 1 })
    }
    expect(stored.get('count')).toMatchObject({ current: 3, at: 61_001 })
    expect(alarms.at(-1)).toBe(61_001)
    await counter.alarm()
    expect(stored.size).toBe(0)
    expect(await (await counter.fetch(hit({ windowMs: 60_000, algorithm: 'fixed', now: 70_000 }))).json()).toMatchObject({ current: 1 })
    // a new object over the same storage reads the count back (after an eviction)
    const again = new RateLimitCounter(state)
    await Promise.resolve()
    expect(await (await again.fetch(hit({ windowMs: 60_000, algorithm: 'fixed', now: 70_001 }))).json()).toMatchObject({ current: 2 })
  })

  it('answers 400 to anything but a hit', async () => {
    const counter = new RateLimitCounter(fakeState().state)
    for (const request of [hit({}, 'GET'), hit('nope'), hit({ windowMs: -1, algorithm: 'fixed', now: 1 }), hit({ windowMs: 1, algorithm: 'leaky', now: 1 }), hit({ windowMs: 1, algorithm: 'fixed', now: 'x' })])
      expect((await counter.fetch(request)).status).toBe(400)
    expect((await counter.fetch(new Request('https://rate-limit.fw/hit', { method: 'POST', body: '{' }))).status).toBe(400)
  })
})

describe('the Workers stores\' bindings', () => {
  it('a binding function that finds none is ImproperlyConfigured, naming the store', async () => {
    await expect(DurableObjectStore(() => undefined as never).hit('k', 1000, 'fixed', 0)).rejects.toThrow(exceptions.ImproperlyConfigured)
    await expect(WorkersRateLimitStore(() => ({}) as never).hit('k', 1000, 'fixed', 0)).rejects.toThrow(/WorkersRateLimitStore: the binding function returned no binding with limit\(\)/)
  })
})
