/**
 * src/plugins/rate-limit/stores.ts in process: fixed and sliding windows counted, the memory
 * store bounded, and the Redis store's commands (node-redis and ioredis spellings) checked against
 * a stand-in client; against a real Redis: tests/plugins/rate-limit.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../../helpers/time'
import { type Counted, countHit, MemoryCounts, MemoryStore, RedisStore, windowCount, type WindowCount, windowEnd } from '../../../src/plugins/rate-limit/stores'

/** One hit counted, and what the kept count answers at that moment. */
function hit(counted: Counted | undefined, windowMs: number, algorithm: 'fixed' | 'sliding', now: number): [Counted, WindowCount] {
  const kept = countHit(counted, windowMs, algorithm, now)
  return [kept, windowCount(kept, windowMs, algorithm, now)]
}

describe('countHit', () => {
  it('fixed: a window of windowMs from the key’s first hit, then a new one', () => {
    let [kept, answer] = hit(undefined, 1000, 'fixed', 10_000)
    expect(answer).toEqual({ current: 1, previous: 0, resetMs: 1000 })
    ;[kept, answer] = hit(kept, 1000, 'fixed', 10_400)
    expect(answer).toEqual({ current: 2, previous: 0, resetMs: 600 })
    ;[, answer] = hit(kept, 1000, 'fixed', 11_000)
    expect(answer).toEqual({ current: 1, previous: 0, resetMs: 1000 })
  })

  it('sliding: windows aligned on the epoch, the previous window’s count carried', () => {
    let [kept, answer] = hit(undefined, 1000, 'sliding', 10_250)
    expect(answer).toEqual({ current: 1, previous: 0, resetMs: 750 })
    ;[kept, answer] = hit(kept, 1000, 'sliding', 10_900)
    expect(answer).toEqual({ current: 2, previous: 0, resetMs: 100 })
    ;[kept, answer] = hit(kept, 1000, 'sliding', 11_100)
    expect(answer).toEqual({ current: 1, previous: 2, resetMs: 900 })
    ;[, answer] = hit(kept, 1000, 'sliding', 13_000)
    expect(answer).toEqual({ current: 1, previous: 0, resetMs: 1000 })
  })
})

describe('MemoryStore', () => {
  it('counts per key and answers at once (no promise)', () => {
    const store = MemoryStore()
    expect(store.hit('a', 1000, 'fixed', 0)).toEqual({ current: 1, previous: 0, resetMs: 1000 })
    expect(store.hit('a', 1000, 'fixed', 1)).toMatchObject({ current: 2 })
    expect(store.hit('b', 1000, 'fixed', 1)).toMatchObject({ current: 1 })
  })

  it('holds at most maxKeys keys: expired ones go first, then the oldest', () => {
    const store = MemoryStore({ maxKeys: 2 })
    store.hit('old', 1000, 'fixed', 0)
    store.hit('kept', 5000, 'fixed', 0)
    store.hit('new', 1000, 'fixed', 2000)
    expect(store.hit('kept', 5000, 'fixed', 2001)).toMatchObject({ current: 2 })
    store.hit('newer', 1000, 'fixed', 2002)
    expect(store.hit('kept', 5000, 'fixed', 2003)).toMatchObject({ current: 1 })
  })

  it('counts a limit’s keys under its name without a name:key string, the same count as hit(name:key)', () => {
    const store = MemoryStore()
    expect(store).toBeInstanceOf(MemoryCounts)
    const counts = store as MemoryCounts
    expect(counts.count('api', '192.0.2.1', 1000, 'fixed', 0)).toMatchObject({ current: 1, at: 1000 })
    expect(store.hit('api:192.0.2.1', 1000, 'fixed', 1)).toEqual({ current: 2, previous: 0, resetMs: 999 })
    // another name, and a key holding a colon (an IPv6 address), counted apart
    expect(counts.count('login', '192.0.2.1', 1000, 'fixed', 2).current).toBe(1)
    expect(counts.count('api', '2001:db8::1', 1000, 'fixed', 2).current).toBe(1)
    expect(store.hit('api:2001:db8::1', 1000, 'fixed', 3)).toMatchObject({ current: 2 })
    expect(store.hit('2001', 1000, 'fixed', 3)).toMatchObject({ current: 1 })
    const kept = counts.count('api', '192.0.2.1', 1000, 'sliding', 1250)
    expect(windowEnd(kept, 1000, 'sliding')).toBe(2000)
  })

  it('holds at most maxKeys keys across every name', () => {
    const counts = MemoryStore({ maxKeys: 3 }) as MemoryCounts
    counts.count('a', 'k1', 1000, 'fixed', 0)
    counts.count('b', 'k1', 1000, 'fixed', 0)
    counts.count('a', 'k2', 1000, 'fixed', 0)
    counts.count('b', 'k2', 1000, 'fixed', 1) // full: the oldest key of the first name goes
    expect(counts.count('a', 'k1', 1000, 'fixed', 2).current).toBe(1)
    expect(counts.count('b', 'k2', 1000, 'fixed', 2).current).toBe(2)
    counts.count('c', 'k1', 5000, 'fixed', 1500) // every 1 s window ended: they all go first
    expect(counts.count('b', 'k2', 1000, 'fixed', 1500).current).toBe(1)
    expect(counts.count('c', 'k1', 5000, 'fixed', 1500).current).toBe(2)
  })

  it('stays bounded under a flood of distinct keys', () => {
    const store = MemoryStore({ maxKeys: 100 })
    const { ms } = cpuTimeSync(() => {
      for (let index = 0; index < 20_000; index++) store.hit(`k${index}`, 60_000, 'sliding', 1000)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(5000)
    expect(store.hit('k19999', 60_000, 'sliding', 1000)).toMatchObject({ current: 2 })
  })
})

describe('RedisStore', () => {
  /** A client that records its commands and answers with the given replies. */
  function client(replies: unknown[]) {
    const sent: string[][] = []
    return { sent, sendCommand: async (args: string[]) => (sent.push(args), replies.shift()) }
  }

  it('counts a fixed window with one script on one key', async () => {
    const redis = client([[3, 400]])
    expect(await RedisStore(redis).hit('ip:1', 1000.4, 'fixed', 0)).toEqual({ current: 3, previous: 0, resetMs: 400 })
    expect(redis.sent[0]?.slice(2)).toEqual(['1', 'fw:ratelimit:ip:1', '1001'])
    expect(redis.sent[0]?.[0]).toBe('EVAL')
  })

  it('counts a sliding window on this window’s key, reading the previous one’s', async () => {
    const redis = client([[2, 5]])
    expect(await RedisStore(redis, { prefix: 'p:' }).hit('k', 1000, 'sliding', 10_250)).toEqual({ current: 2, previous: 5, resetMs: 750 })
    expect(redis.sent[0]?.slice(2)).toEqual(['2', 'p:k:10000', 'p:k:9000', '2000'])
  })

  it('speaks ioredis’s call() too', async () => {
    const calls: string[][] = []
    const ioredis = { call: async (command: string, ...args: string[]) => (calls.push([command, ...args]), [1, 1000]) }
    expect(await RedisStore(ioredis).hit('k', 1000, 'fixed', 0)).toMatchObject({ current: 1 })
    expect(calls[0]?.[0]).toBe('EVAL')
  })

  it('refuses a client it cannot talk to, and an answer it does not understand', async () => {
    expect(() => RedisStore({} as never)).toThrow('RedisStore: the client needs sendCommand(args) (node-redis) or call(command, ...args) (ioredis)')
    await expect(RedisStore(client(['OK'])).hit('k', 1000, 'fixed', 0)).rejects.toThrow('RedisStore: unexpected answer "OK"')
  })
})
