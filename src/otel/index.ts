/**
 * `fw-api/otel` (SPEC §15, docs/observability.md): OpenTelemetry traces, metrics and log
 * correlation through the global `@opentelemetry/api` (an optional peer), whatever SDK the
 * application registers; without one, each request costs one check. Importing it registers the
 * spans of ORM statements, auth, the typed client's `traceparent` and the Logger's trace ids
 * (request/telemetry.ts): import it before the database connects.
 */
import { registerTraceHeaders } from '../client/trace-headers'
import { registerTelemetry } from '../request/telemetry'
import { OpenTelemetryPlugin, type OtelOptions } from './plugin'
import { inject, openTelemetry } from './spans'

export { OpenTelemetryPlugin, type OtelOptions } from './plugin'
export {
  serverTiming,
  ServerTimingPlugin,
  type ServerTimingOptions,
} from './server-timing'
export { summarize, type StatementSummary } from './sql'

registerTelemetry(openTelemetry)
registerTraceHeaders(inject)

/**
 * The OpenTelemetry plugin: one SERVER span per request named by its route's template
 * (`GET /api/articles/{slug}`), the HTTP semantic-convention attributes, the caller's
 * `traceparent` continued, 5xx as errors with their exception event; `http.server.request.duration`
 * and `http.server.active_requests`. Register an SDK (and, for child spans, a context manager)
 * before serving.
 *
 * @example
 * import { otel } from 'fw-api/otel'
 * service.use(otel())
 */
export function otel(options?: OtelOptions): OpenTelemetryPlugin {
  return new OpenTelemetryPlugin(options)
}

/**
 * Set the active span's `traceparent` / `tracestate` on `headers` (a handler's own outgoing
 * request), through the global propagator; returns `headers`.
 *
 * @example
 * const headers = injectTraceHeaders(new Headers({ accept: 'application/json' }))
 * await fetch('https://upstream.example/items', { headers })
 */
export function injectTraceHeaders(headers: Headers): Headers {
  inject(headers)
  return headers
}

/**
 * `fetch(input, init)` with the active span's `traceparent` / `tracestate` added to its headers,
 * so the upstream continues the request's trace.
 *
 * @example
 * const answer = await tracedFetch('https://upstream.example/items', { method: 'GET' })
 */
export function tracedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const given = init.headers ?? (input instanceof Request ? input.headers : undefined)
  return fetch(input, { ...init, headers: injectTraceHeaders(new Headers(given)) })
}
