/**
 * bench/compress.mjs's `pair` on workerd (served by tests/runtimes/workerd.ts through miniflare):
 * fw's `compress()` and Hono's `hono/compress` in one Worker (bench/traffic-apps.ts).
 */
import { compressPair } from './traffic-apps'

export default { fetch: compressPair }
