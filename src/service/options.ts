import { throwImproperlyConfigured } from '../exceptions/configured'
import { deadlineMs, type Deadline } from '../utils/duration'
import type { APIClass } from '../api/api'
import type { Limits } from '../body/limits'
import type { DocsOptions } from '../openapi/page'
import type { Timeouts } from '../serve/types'
import type { CorsOptions } from '../plugins/cors'
import type { HealthOptions } from '../health/options'
import type { TrustProxy } from '../proxy/trust'
import { routeOf } from '../api/decorators'
import { joinPath, repeatedSegment } from '../router/route-path'

/** The `cors` option's type lives with the plugin it configures. */
export type { CorsOptions } from '../plugins/cors'
/** The `health` option's type lives with the feature it configures. */
export type { HealthOptions } from '../health/options'

/**
 * Options of `new Fw(options)` (or `new Fw(import.meta.url, options)`).
 *
 * @example
 * new Fw(import.meta.url, { name: 'shop', api: RootAPI, route: '/api', docs: true, limits: { bodyBytes: 1 << 20 } })
 */
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
  /** server timeouts of `run()` in ms: `headers` (15 s), `request` (30 s), `keepAlive` (5 s), `idle` (10 s) */
  timeouts?: Timeouts
  /** CORS on preflights and actual responses (`true`: any origin); sugar for `plugins.CORS` */
  cors?: boolean | CorsOptions
  /**
   * The default deadline of every endpoint (default 30 s): ms or a duration string (`'30s'`,
   * `'500ms'`, `'2m'`); `false` turns it off. A handler, hook or schema check still running then
   * answers 504 and `this.request.signal` aborts; a stream whose headers are sent is exempt. A
   * class's `static timeout` or an endpoint's `@api.timeout` wins.
   */
  timeout?: Deadline
  /**
   * Liveness at `GET <path>` (default `/healthz`) and readiness at `GET <path>/ready` with
   * `ready` checks; `true` for the defaults. Needs `fw-api/health` (`fw-api/serve` imports it).
   */
  health?: boolean | HealthOptions
  /**
   * The proxies whose `X-Forwarded-For` / `-Proto` / `-Host` (or `Forwarded`) fw believes, for
   * `this.request.ip`, `.secure`, `.host` (docs/proxy-and-limits.md; needs `import 'fw-api/proxy'`):
   * addresses and CIDRs (`['10.0.0.0/8']`), a hop count, a function, or `{ hops, header }`.
   * Default: none — forwarding headers change nothing.
   */
  trustProxy?: TrustProxy | false
  /** serve `<docs>/openapi.json` and an API reference page: a path, `true` (`<route>/docs`) or settings */
  docs?: boolean | string | DocsOptions
  /** attach async or callback-style handlers to backends that have both (the seed's spelling, kept) */
  asynchornous?: boolean
  /** the same option as `asynchornous`, spelled the usual way; either is accepted */
  asynchronous?: boolean
}

/** The `timeout` option's default: 30 s (SPEC §14, "Deadline"). */
export const DEFAULT_DEADLINE_MS = 30_000

/**
 * The service's default deadline in ms (`undefined`: none), from its `timeout` option.
 *
 * @example
 * serviceDeadline({ timeout: '5s' }) // 5000
 * serviceDeadline({}) // 30000
 */
export function serviceDeadline(options: { timeout?: Deadline }): number | undefined {
  return deadlineMs(options.timeout ?? DEFAULT_DEADLINE_MS, 'new Fw({ timeout })') || undefined
}

/**
 * The `asynchornous` / `asynchronous` option (docs/integration.md: both
 * spellings are accepted); giving both with different values is `ImproperlyConfigured`.
 *
 * @example
 * asynchronousOption({ asynchronous: false }, 'API.__as__()') // false
 */
export function asynchronousOption(
  options: { asynchornous?: boolean; asynchronous?: boolean },
  where: string,
): boolean | undefined {
  const { asynchornous, asynchronous } = options
  if (asynchornous !== undefined && asynchronous !== undefined && asynchornous !== asynchronous) {
    throwImproperlyConfigured(
      `${where}: 'asynchornous: ${asynchornous}' and 'asynchronous: ${asynchronous}' are the same option; give one`,
    )
  }
  return asynchronous ?? asynchornous
}

/**
 * The prefix `service.adapt(route)` puts in front of everything the service
 * serves. It stacks with the service's `route` and its root API's
 * `@api.route` (docs/integration.md); a segment that ends one and starts the
 * next (`adapt('/api')` with `route: '/api'` serves `/api/api/...`) is almost
 * always a prefix given twice, so it is warned about (the routes still serve).
 *
 * @example
 * adaptPrefix('/v1', { route: '/api' }) // '/v1'
 */
export function adaptPrefix(route: string, options: { route?: string; api?: APIClass }): string {
  const apiRoute = options.api ? routeOf(options.api) : undefined
  const repeated = repeatedSegment(route, options.route, apiRoute)
  if (repeated !== undefined) {
    const served = joinPath(route, options.route, apiRoute)
    console.warn(
      `fw: service.adapt('${route}') stacks with the service's route${apiRoute === undefined ? '' : ' and its root API route'}: its routes are served under ${served} ('${repeated}' twice). Give the prefix once: in adapt(), or in the \`route\` option (docs/integration.md)`,
    )
  }
  return joinPath(route)
}
