/**
 * The example service as a Cloudflare Workers module: `npx wrangler dev`
 * (wrangler.toml points here). No `nodejs_compat` flag: the core uses Web
 * APIs only, so the service object itself is the module's default export.
 * `export default { fetch: service.fetch }` works the same (fetch is bound).
 */
import { service } from './app'

export default service
