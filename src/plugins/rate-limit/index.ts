/**
 * `fw-api/plugins/rate-limit` (SPEC §14 "Rate limits", docs/proxy-and-limits.md): `rateLimit`
 * and its stores — `MemoryStore` (one process), `RedisStore` (every process and machine),
 * `DurableObjectStore` (Workers, exact: a `RateLimitCounter` per key) and
 * `WorkersRateLimitStore` (the Workers rate-limiting binding).
 *
 * @example
 * import { rateLimit, RedisStore } from 'fw-api/plugins/rate-limit'
 * service.use(rateLimit({ limit: 100, window: '1m', store: RedisStore(redis) }))
 */
export type { LimitDecorator, LimitKey } from './keys'
export { RateLimit, rateLimit, type RateLimitOptions } from './limit'
export {
  MemoryStore,
  RedisStore,
  type RateLimitStore,
  type RedisCommands,
  type WindowCount,
} from './stores'
export {
  DurableObjectStore,
  RateLimitCounter,
  WorkersRateLimitStore,
  type DurableObjectNamespaceLike,
  type DurableObjectStorageLike,
  type RateLimitBindingLike,
} from './workers'
