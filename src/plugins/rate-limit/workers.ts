/**
 * Rate-limit stores on Cloudflare Workers (docs/proxy-and-limits.md, "On Workers"):
 * `DurableObjectStore` counts each key in its own Durable Object (`RateLimitCounter`, exported
 * for the Worker to bind): exact, one object per key handles its hits one at a time;
 * `WorkersRateLimitStore` asks the Workers rate-limiting binding (`env.RATE_LIMITER.limit({ key })`):
 * its own fixed window, limit and period, counted per Cloudflare location (not exact).
 */
import { ImproperlyConfigured } from '../../exceptions'
import type { RequestContext } from '../../request/context'
import {
  type Counted,
  countHit,
  type RateLimitStore,
  type WindowCount,
  windowCount,
} from './stores'

/**
 * The part of a Durable Object namespace binding (`env.RATE_LIMITS`) `DurableObjectStore` uses.
 *
 * @example
 * const namespace: DurableObjectNamespaceLike = env.RATE_LIMITS
 */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown
  get(id: never): { fetch(input: string, init?: RequestInit): Promise<Response> }
}

/**
 * The part of a Durable Object's storage `RateLimitCounter` uses (`state.storage`).
 *
 * @example
 * const storage: DurableObjectStorageLike = state.storage
 */
export interface DurableObjectStorageLike {
  get(key: string): Promise<unknown>
  put(key: string, value: unknown): Promise<void>
  deleteAll(): Promise<void>
  setAlarm(time: number): Promise<void>
}

/**
 * The Workers rate-limiting binding (`[[ratelimits]]` in wrangler.toml): `limit({ key })`.
 *
 * @example
 * const binding: RateLimitBindingLike = env.RATE_LIMITER
 */
export interface RateLimitBindingLike {
  limit(options: { key: string }): Promise<{ success: boolean }>
}

/** A binding given as is, or read from the request's `env` (the Worker's bindings). */
function bound<T>(
  binding: T | ((env: unknown) => T),
  context: RequestContext | undefined,
  store: string,
  method: string,
): T {
  if (typeof binding !== 'function') return binding
  const found = (binding as (env: unknown) => T)(context?.env)
  if (typeof (found as Record<string, unknown> | undefined)?.[method] !== 'function')
    throw new ImproperlyConfigured(
      `${store}: the binding function returned no binding with ${method}() (is it bound in wrangler.toml?)`,
    )
  return found
}

/** The address a counter is asked at (a Durable Object's fetch needs an absolute URL). */
const COUNTER_URL = 'https://rate-limit.fw/hit'

/** What a hit asks the counter: the rateLimit's window and algorithm, the caller's clock. */
interface HitRequest {
  windowMs: number
  algorithm: 'fixed' | 'sliding'
  now: number
}

function hitRequest(value: unknown): HitRequest | undefined {
  const { windowMs, algorithm, now } = (value ?? {}) as Partial<HitRequest>
  const finite = (number: unknown): number is number =>
    typeof number === 'number' && Number.isFinite(number)
  if (!finite(windowMs) || windowMs <= 0 || !finite(now)) return undefined
  if (algorithm !== 'fixed' && algorithm !== 'sliding') return undefined
  return { windowMs, algorithm, now }
}

/**
 * The Durable Object class `DurableObjectStore` counts in: one object per key (`idFromName`),
 * which handles its hits one at a time, so concurrent hits are counted exactly. The count is
 * kept in the object's storage (it survives the object's eviction) and deleted by an alarm
 * once its window is of no more use. Export it from the Worker and bind it:
 *
 * @example
 * // worker.ts
 * export { RateLimitCounter } from 'fw-api/plugins/rate-limit'
 * // wrangler.toml
 * // [[durable_objects.bindings]]  name = "RATE_LIMITS"  class_name = "RateLimitCounter"
 * // [[migrations]]  tag = "v1"  new_sqlite_classes = ["RateLimitCounter"]
 */
export class RateLimitCounter {
  readonly #storage: DurableObjectStorageLike
  #counted: Counted | undefined

  constructor(state: {
    storage: DurableObjectStorageLike
    blockConcurrencyWhile(run: () => Promise<void>): Promise<void>
  }) {
    this.#storage = state.storage
    void state.blockConcurrencyWhile(async () => {
      this.#counted = (await this.#storage.get('count')) as Counted | undefined
    })
  }

  /** One hit: `POST` `{ windowMs, algorithm, now }` → the `WindowCount`. */
  async fetch(request: Request): Promise<Response> {
    const hit =
      request.method === 'POST' ? hitRequest(await request.json().catch(() => null)) : undefined
    if (hit === undefined)
      return new Response('a hit is POST { windowMs, algorithm, now }', { status: 400 })
    const kept = countHit(this.#counted, hit.windowMs, hit.algorithm, hit.now)
    this.#counted = kept
    // not awaited: the object's output gate holds the answer until both are stored
    void this.#storage.put('count', kept)
    void this.#storage.setAlarm(kept.expires)
    return Response.json(windowCount(kept, hit.windowMs, hit.algorithm, hit.now))
  }

  /** The window ended with no hit since: the count goes. */
  async alarm(): Promise<void> {
    this.#counted = undefined
    await this.#storage.deleteAll()
  }
}

/**
 * Counts on Cloudflare Workers in Durable Objects (one `RateLimitCounter` per key, exported
 * from the Worker and bound as a Durable Object namespace): exact under concurrent requests,
 * across every isolate and location. The binding, or a function of the Worker's `env`.
 *
 * @example
 * service.use(rateLimit({ limit: 100, window: '1m', store: DurableObjectStore((env) => (env as Env).RATE_LIMITS) }))
 */
export function DurableObjectStore(
  binding: DurableObjectNamespaceLike | ((env: unknown) => DurableObjectNamespaceLike),
): RateLimitStore {
  return {
    async hit(key, windowMs, algorithm, now, context) {
      const namespace = bound(binding, context, 'DurableObjectStore', 'idFromName')
      const counter = namespace.get(namespace.idFromName(key) as never)
      const answer = await counter.fetch(COUNTER_URL, {
        method: 'POST',
        body: JSON.stringify({ windowMs, algorithm, now } satisfies HitRequest),
      })
      if (!answer.ok) throw new Error(`DurableObjectStore: the counter answered ${answer.status}`)
      const { current, previous, resetMs } = (await answer.json()) as WindowCount
      return { current, previous, resetMs }
    },
  }
}

/**
 * Asks the Workers rate-limiting binding (`env.RATE_LIMITER.limit({ key })`): a fixed window of
 * the binding's `period` (10 or 60 s) and `limit`, set in wrangler.toml — give `rateLimit` the
 * same `limit` and `window`, which its headers state. Cloudflare counts per location and
 * eventually: cheap, not exact (use `DurableObjectStore` for exact counts). Its answers carry
 * `RateLimit-Policy` and, refused, `Retry-After`; no `RateLimit` (the binding does not say what
 * is left).
 *
 * @example
 * service.use(rateLimit({ limit: 100, window: '1m', store: WorkersRateLimitStore((env) => (env as Env).RATE_LIMITER) }))
 */
export function WorkersRateLimitStore(
  binding: RateLimitBindingLike | ((env: unknown) => RateLimitBindingLike),
): RateLimitStore {
  return {
    async hit(key, windowMs, _algorithm, now, context) {
      const { success } = await bound(binding, context, 'WorkersRateLimitStore', 'limit').limit({
        key,
      })
      return { current: 0, previous: 0, resetMs: windowMs - (now % windowMs), allowed: success }
    },
  }
}
