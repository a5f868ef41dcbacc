/**
 * `fw-api/static`: `serveStatic(dir, options)`, the files of a directory as a fetch handler to
 * mount (SPEC §14 "Static files", docs/static-and-health.md). Node, Bun and Deno; on Cloudflare
 * Workers the assets binding serves files (docs/deploy.md). Importing it registers the
 * adapters (`fw-api/adapters`), which `service.mount()` of a handler needs.
 *
 * @example
 * import { serveStatic } from 'fw-api/static'
 * service.mount(serveStatic('./public', { maxAge: '1h' }), '/assets')
 */
import '../adapters/index'

export { serveStatic, type StaticHandler, type StaticOptions } from './serve-static'
