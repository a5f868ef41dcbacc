import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api'
import { AROUND, Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { activeTracer, instruments, samplingPlan, type Instruments } from './instruments'
import { droppedUnder, parentIds, unsampledChild } from './sampling'
import { hookSettings, recordFailure, serverSpans } from './spans'

type Answer = Response | Promise<Response>

/**
 * Options of `otel()`.
 *
 * @example
 * service.use(otel({ ignore: (request) => request.path === '/healthz' }))
 */
export interface OtelOptions {
  /** requests neither traced nor measured (a load balancer's probes) */
  ignore?: (request: RequestContext) => boolean
  /** `@api.before` / `@api.after` hooks that take at least this many ms are child spans (default 1; process-wide) */
  hookThresholdMs?: number
}

const headersGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
}

/** The methods OpenTelemetry's HTTP conventions name; any other is `_OTHER`. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
])

/** The longest `User-Agent` recorded (characters). */
const MAX_AGENT = 512

/** The request's method as OpenTelemetry's HTTP conventions name it. */
const methodOf = (request: RequestContext): string =>
  KNOWN_METHODS.has(request.method) ? request.method : '_OTHER'

/** `host[:port]` (IPv6 in brackets) as `server.address` and `server.port`. */
function serverAttributes(host: string, attributes: Attributes): void {
  const found = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host)
  if (!found?.[1]) return
  attributes['server.address'] = found[1]
  if (found[2] !== undefined) attributes['server.port'] = Number(found[2])
}

/**
 * The plugin `otel()` makes: each request in a SERVER span (the active context while plugins,
 * hooks, the method and its ORM statements run) and in the HTTP server metrics. Without a
 * registered SDK it checks that once per request and does nothing else.
 *
 * @example
 * const plugin: OpenTelemetryPlugin = otel()
 * service.use(plugin)
 */
export class OpenTelemetryPlugin extends Plugin {
  readonly #ignore: ((request: RequestContext) => boolean) | undefined

  constructor(options: OtelOptions = {}) {
    super()
    this.#ignore = options.ignore
    if (options.hookThresholdMs !== undefined) hookSettings.thresholdMs = options.hookThresholdMs
    this[AROUND] = (request, next) => {
      const tracer = activeTracer()
      const measured = instruments()
      if ((!tracer && !measured) || this.#ignore?.(request)) return next()
      // the caller's trace (`traceparent` / `tracestate`, through the global propagator) is the parent
      const parent = tracer
        ? propagation.extract(ROOT_CONTEXT, request.headers, headersGetter)
        : undefined
      const plan = samplingPlan()
      if (!measured && parent && plan) {
        // a span the sampler surely drops: without a caller's trace, no span and no context (a
        // handler's `trace.getActiveSpan()` is `undefined`); a caller's trace is continued by an
        // unsampled span of ids only (children, `traceparent`, log lines), as the SDK would start it
        const ids = parentIds(parent)
        if (droppedUnder(plan, ids))
          return ids ? context.with(trace.setSpan(parent, unsampledChild(plan, ids)), next) : next()
      }
      return this.#observe(request, next, tracer, parent, measured)
    }
  }

  #observe(
    request: RequestContext,
    next: () => Answer,
    tracer: Tracer | undefined,
    parent: Context | undefined,
    measured: Instruments | undefined,
  ): Answer {
    const started = measured ? performance.now() : 0
    const span = tracer && parent ? this.#start(tracer, request, parent) : undefined
    // not sampled and no metrics: the span only carries its ids (children, `traceparent`, logs)
    if (span && parent && !measured && !span.isRecording())
      return context.with(trace.setSpan(parent, span), next)
    const method = methodOf(request)
    // the scheme reads the URL: only for metrics and recording spans
    const activeAttributes: Attributes | undefined = measured
      ? { 'http.request.method': method, 'url.scheme': request.protocol }
      : undefined
    measured?.activeRequests.add(1, activeAttributes)
    const finish = (response: Response | undefined, thrown?: unknown): void => {
      const status = response?.status ?? 500
      const route = request.route
      if (span !== undefined) this.#end(span, method, route, status, thrown)
      if (measured === undefined) return
      measured.activeRequests.add(-1, activeAttributes)
      const attributes: Attributes = { ...activeAttributes, 'http.response.status_code': status }
      if (route !== undefined) attributes['http.route'] = route
      if (status >= 500) attributes['error.type'] = String(status)
      measured.requestDuration.record((performance.now() - started) / 1000, attributes)
    }
    let answer: Answer
    try {
      answer = span && parent ? context.with(trace.setSpan(parent, span), next) : next()
    } catch (error) {
      finish(undefined, error)
      throw error
    }
    if (!(answer instanceof Promise)) {
      finish(answer)
      return answer
    }
    return answer.then(
      (response) => {
        finish(response)
        return response
      },
      (error: unknown) => {
        finish(undefined, error)
        throw error
      },
    )
  }

  /** The request's SERVER span, named by its method until the route is known. */
  #start(tracer: Tracer, request: RequestContext, parent: Context): Span {
    const method = methodOf(request)
    const attributes: Attributes = { 'http.request.method': method, 'url.path': request.path }
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes }, parent)
    if (!span.isRecording()) return span
    if (method === '_OTHER') span.setAttribute('http.request.method_original', request.method)
    const more: Attributes = { 'url.scheme': request.protocol }
    serverAttributes(request.host, more)
    const agent = request.headers.get('user-agent')
    // bounded: a header is up to the server's limit, a span attribute need not be
    if (agent !== null) more['user_agent.original'] = agent.slice(0, MAX_AGENT)
    const ip = request.ip
    if (ip !== undefined) more['client.address'] = ip
    span.setAttributes(more)
    serverSpans.set(request, span)
    return span
  }

  /** Named by the route's template (`GET /api/articles/{slug}`; none matched: `GET`), its status set, ended. */
  #end(
    span: Span,
    method: string,
    route: string | undefined,
    status: number,
    thrown: unknown,
  ): void {
    if (!span.isRecording()) return span.end()
    if (route !== undefined) {
      span.updateName(`${method} ${route}`)
      span.setAttribute('http.route', route)
    }
    span.setAttribute('http.response.status_code', status)
    if (thrown !== undefined) recordFailure(span, thrown)
    // 4xx is the client's error, not the server span's (OpenTelemetry's HTTP conventions)
    else if (status >= 500) {
      span.setAttribute('error.type', String(status))
      span.setStatus({ code: SpanStatusCode.ERROR })
    }
    span.end()
  }
}
