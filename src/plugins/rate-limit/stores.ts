/**
 * Where `rateLimit` counts (docs/proxy-and-limits.md, "Stores"): `MemoryStore` (one process),
 * `RedisStore` (every process and machine: one Lua script per hit, atomic). A store counts a hit
 * of a key in a window and says how many hits the window holds.
 */

import type { RequestContext } from '../../request/context'

/** What a store answers for one hit. */
export interface WindowCount {
  /** hits in the current window, this one included */
  current: number
  /** hits in the window before (sliding windows; 0 for fixed) */
  previous: number
  /** ms until the current window ends */
  resetMs: number
  /**
   * The store's own verdict, for a store that decides without counting for fw (the Workers
   * rate-limiting binding: its limit and period are the binding's); `current` is then 0.
   */
  allowed?: boolean
}

/**
 * A rate-limit store: count one hit of `key`.
 *
 * @example
 * const store: RateLimitStore = { hit: async () => ({ current: 1, previous: 0, resetMs: 60_000 }) }
 */
export interface RateLimitStore {
  /**
   * Count a hit of `key`. `fixed`: a window of `windowMs` starts at the key's first hit.
   * `sliding`: windows aligned on `windowMs` from the epoch (`now`), the one before read too.
   * `context`: the request's (its `env` holds a Worker's bindings).
   */
  hit(
    key: string,
    windowMs: number,
    algorithm: 'fixed' | 'sliding',
    now: number,
    context?: RequestContext,
  ): WindowCount | Promise<WindowCount>
}

/** The start of the sliding window holding `now`. */
function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs
}

/** One key's count: in the memory store's map, in a `RateLimitCounter` Durable Object's storage. */
export interface Counted {
  /** fixed: the window's end; sliding: the current window's start */
  at: number
  current: number
  previous: number
  /** when the count is of no more use */
  expires: number
}

/**
 * Count one hit on `counted` (undefined: the key's first, or its count was dropped) — the one
 * counting rule of the stores that keep counts themselves. Returns the count to keep (`counted`
 * itself while its window lasts); `windowCount` says what it answers.
 */
export function countHit(
  counted: Counted | undefined,
  windowMs: number,
  algorithm: 'fixed' | 'sliding',
  now: number,
): Counted {
  if (algorithm === 'fixed') {
    const kept =
      counted === undefined || counted.at <= now
        ? { at: now + windowMs, current: 0, previous: 0, expires: now + windowMs }
        : counted
    kept.current++
    return kept
  }
  const start = windowStart(now, windowMs)
  const kept = counted ?? { at: start, current: 0, previous: 0, expires: 0 }
  if (kept.at !== start) {
    kept.previous = kept.at === start - windowMs ? kept.current : 0
    kept.current = 0
    kept.at = start
  }
  kept.current++
  kept.expires = start + windowMs * 2
  return kept
}

/** When the window of a count `countHit` kept ends: fixed, at `at`; sliding, `at` starts it. */
export function windowEnd(kept: Counted, windowMs: number, algorithm: 'fixed' | 'sliding'): number {
  return algorithm === 'fixed' ? kept.at : kept.at + windowMs
}

/** What a count `countHit` kept answers at `now`. */
export function windowCount(
  kept: Counted,
  windowMs: number,
  algorithm: 'fixed' | 'sliding',
  now: number,
): WindowCount {
  return {
    current: kept.current,
    previous: kept.previous,
    resetMs: windowEnd(kept, windowMs, algorithm) - now,
  }
}

/**
 * The memory store (`MemoryStore()`): a map of counts per limit name, so a limit counts its
 * client's key as it is — no `name:key` string made and hashed per request (~120 ns of the ~1 µs
 * a limit cost in process: bench/RESULTS-rate-limit.md); at most `maxKeys` keys in all.
 */
export class MemoryCounts implements RateLimitStore {
  readonly #maxKeys: number
  /** the counts of each limit name (`''`: keys `hit` got without one), in the order names came */
  readonly #names = new Map<string, Map<string, Counted>>()
  #size = 0

  constructor(maxKeys: number) {
    this.#maxKeys = maxKeys
  }

  /**
   * The store interface: `key` is a limit's `name:key` (a name is a token, without `:`), counted
   * where `count` counts that name and key.
   */
  hit(key: string, windowMs: number, algorithm: 'fixed' | 'sliding', now: number): WindowCount {
    const colon = key.indexOf(':')
    const name = colon < 0 ? '' : key.slice(0, colon)
    const kept = this.count(name, key.slice(colon + 1), windowMs, algorithm, now)
    return windowCount(kept, windowMs, algorithm, now)
  }

  /** Count a hit of `key` under the limit `name`: the count kept (`windowEnd` says when it ends). */
  count(
    name: string,
    key: string,
    windowMs: number,
    algorithm: 'fixed' | 'sliding',
    now: number,
  ): Counted {
    let counts = this.#names.get(name)
    if (counts === undefined) this.#names.set(name, (counts = new Map()))
    const counted = counts.get(key)
    if (counted === undefined && this.#size >= this.#maxKeys) this.#sweep(now)
    const kept = countHit(counted, windowMs, algorithm, now)
    if (kept === counted) return kept
    if (counted === undefined) this.#size++
    counts.set(key, kept)
    return kept
  }

  /** Drop the keys whose windows ended; if still full, the oldest keys (a name's, names in order). */
  #sweep(now: number): void {
    for (const counts of this.#names.values())
      for (const [key, counted] of counts)
        if (counted.expires <= now) {
          counts.delete(key)
          this.#size--
        }
    for (const counts of this.#names.values())
      for (const key of counts.keys()) {
        if (this.#size < this.#maxKeys) return
        counts.delete(key)
        this.#size--
      }
  }
}

/**
 * Counts in this process's memory: exact within one process, per process under `run({ workers })`
 * (each worker counts its own hits: n workers let up to n × limit through). At most `maxKeys`
 * keys are kept; ended windows are dropped first. Answers at once, not as a promise: a limit
 * counting here adds no promise to a request.
 *
 * @example
 * service.use(rateLimit({ limit: 100, window: '1m', store: MemoryStore() }))
 */
export function MemoryStore(options: { maxKeys?: number } = {}): RateLimitStore {
  return new MemoryCounts(options.maxKeys ?? 100_000)
}

/**
 * The part of a Redis client `RedisStore` uses: node-redis (v4, v5)'s `sendCommand(args)`, or
 * ioredis' `call(command, ...args)`.
 *
 * @example
 * const client: RedisCommands = createClient({ url: 'redis://127.0.0.1:6379' })
 */
export type RedisCommands =
  | { sendCommand(args: string[]): Promise<unknown> }
  | { call(command: string, ...args: string[]): Promise<unknown> }

/** Fixed window: the first hit starts it (INCR, PEXPIRE); the answer is the count and its time left. */
const FIXED_SCRIPT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`

/** Sliding window: count in this window's key (kept two windows), read the window before. */
const SLIDING_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
return {count, previous}`

/** Send one command with either client shape. */
function commandSender(client: RedisCommands): (args: string[]) => Promise<unknown> {
  if ('sendCommand' in client && typeof client.sendCommand === 'function')
    return (args) => client.sendCommand(args)
  if ('call' in client && typeof client.call === 'function')
    return ([command = '', ...rest]) => client.call(command, ...rest)
  throw new TypeError(
    'RedisStore: the client needs sendCommand(args) (node-redis) or call(command, ...args) (ioredis)',
  )
}

/** The two numbers a script answered. */
function pair(answer: unknown): [number, number] {
  if (!Array.isArray(answer) || answer.length !== 2)
    throw new Error(`RedisStore: unexpected answer ${JSON.stringify(answer)?.slice(0, 100)}`)
  return [Number(answer[0]), Number(answer[1])]
}

/**
 * Counts in Redis, shared by every process and machine: each hit is one Lua script (`EVAL`:
 * INCR and PEXPIRE together), so concurrent hits are counted exactly.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect()
 * service.use(rateLimit({ limit: 100, window: '1m', store: RedisStore(redis) }))
 */
export function RedisStore(
  client: RedisCommands,
  options: { prefix?: string } = {},
): RateLimitStore {
  const send = commandSender(client)
  const prefix = options.prefix ?? 'fw:ratelimit:'
  return {
    async hit(key, windowMs, algorithm, now) {
      const ms = String(Math.ceil(windowMs))
      if (algorithm === 'fixed') {
        const [current, resetMs] = pair(await send(['EVAL', FIXED_SCRIPT, '1', prefix + key, ms]))
        return { current, previous: 0, resetMs }
      }
      const start = windowStart(now, windowMs)
      const keys = [`${prefix}${key}:${start}`, `${prefix}${key}:${start - windowMs}`]
      const kept = String(Math.ceil(windowMs * 2))
      const [current, previous] = pair(await send(['EVAL', SLIDING_SCRIPT, '2', ...keys, kept]))
      return { current, previous, resetMs: start + windowMs - now }
    },
  }
}
