/**
 * `fw-api/plugins/rate-limit` (SPEC §14 "Rate limits", docs/proxy-and-limits.md): `rateLimit`
 * and its stores — `MemoryStore` (one process), `RedisStore` (every process and machine).
 *
 * @example
 * import { rateLimit, RedisStore } from 'fw-api/plugins/rate-limit'
 * service.use(rateLimit({ limit: 100, window: '1m', store: RedisStore(redis) }))
 */
export { RateLimit, rateLimit, type RateLimitOptions } from './limit'
export {
  MemoryStore,
  RedisStore,
  type RateLimitStore,
  type RedisCommands,
  type WindowCount,
} from './stores'
