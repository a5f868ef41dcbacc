/** The options of `rateLimit` (./limit.ts; docs/proxy-and-limits.md). */
import type { LimitKey } from './keys'
import type { RateLimitStore } from './stores'

/**
 * Options of `rateLimit`.
 *
 * @example
 * rateLimit({ limit: 100, window: '1m', key: (request) => request.ip, store: RedisStore(redis) })
 */
export interface RateLimitOptions {
  /** requests allowed per key and window */
  limit: number
  /** the window: ms or a duration string (`'1m'`, `'15m'`, `'1h'`) */
  window: number | string
  /**
   * The key a request counts under (default: `request.ip`; requests with no address share one
   * key). `undefined` leaves the request uncounted. It gets the request context, and on one
   * endpoint (`@limiter.endpoint`) its parsed params: `(request, { slug }) => slug`.
   */
  key?: LimitKey
  /** where hits are counted (default: a `MemoryStore` of its own, per process) */
  store?: RateLimitStore
  /** `fixed` (default): a window from a key's first hit; `sliding`: this window and the weighted one before */
  algorithm?: 'fixed' | 'sliding'
  /** when the store fails: `true` lets the request through, `false` (default) answers 503; logged either way */
  failOpen?: boolean
  /** the policy's name in `RateLimit-Policy` / `RateLimit` (default `default`); also keeps its keys apart in a shared store */
  name?: string
}
