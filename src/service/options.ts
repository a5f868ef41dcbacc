import type { APIClass } from '../api/api'
import type { Limits } from '../body/limits'
import type { DocsOptions } from '../openapi/page'

/** CORS settings for preflight answers. */
export interface CorsOptions {
  /** allowed origins; `'*'` for any. Without it, preflights carry no `Access-Control-Allow-Origin`. */
  origin?: string | string[]
  credentials?: boolean
  maxAge?: number
}

/** Options of `new Fw(import.meta.url, options)`. */
export interface FwOptions {
  /** service name (logs, docs) */
  name?: string
  /** an existing app (Hono, Express, Fastify, Koa, Elysia, ...) fw attaches to */
  backend?: unknown
  /** the root API class */
  api?: APIClass
  /** route prefix of the root API */
  route?: string
  /** interface `run()` binds (default `HOST` or 127.0.0.1) */
  host?: string
  /** port `run()` binds (default `PORT` or 8000) */
  port?: number
  /** show the real text of 500 errors */
  debug?: boolean
  /** request size limits (defaults in the README) */
  limits?: Partial<Limits>
  /** CORS for preflight answers */
  cors?: boolean | CorsOptions
  /** serve `<docs>/openapi.json` and an API reference page: a path, `true` (`<route>/docs`) or settings */
  docs?: boolean | string | DocsOptions
  /** attach async or callback-style handlers to backends that have both */
  asynchornous?: boolean
}
