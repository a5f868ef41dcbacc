/**
 * The seam through which `fw-api/otel` puts the active span's `traceparent` / `tracestate` on the
 * typed client's requests: the client imports no OpenTelemetry and no server module (its browser
 * bundle is src/client/ alone, tests/client/bundle.test.ts), so the injector registers here.
 */

/** Sets the active trace's headers on an outgoing request's headers. */
export type TraceHeadersInjector = (headers: Headers) => void

const registered: { inject?: TraceHeadersInjector } = {}

/**
 * Register the injector (called by the `fw-api/otel` entry when imported).
 *
 * @example registerTraceHeaders((headers) => propagation.inject(context.active(), headers, setter))
 */
export function registerTraceHeaders(inject: TraceHeadersInjector): void {
  registered.inject ??= inject
}

/** Set the active trace's headers on `headers`, if an injector is registered. */
export function addTraceHeaders(headers: Headers): void {
  registered.inject?.(headers)
}
