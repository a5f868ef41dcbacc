/**
 * The `Telemetry` fw-api/otel registers (request/telemetry.ts): child spans and durations of ORM
 * statements, auth spans, `traceparent` on outgoing requests, trace ids for log lines, the
 * exception event of a server error. Nothing here records a value: statements by operation and
 * table, database errors by kind, auth by name.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  isSpanContextValid,
  type Span,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api'
import type { RequestContext } from '../request/context'
import { databaseFailureOf, describeFailure, stackFrames } from '../utils/database-errors'
import type { HookKind, LogIds, StatementEnd, Telemetry } from '../request/telemetry'
import { activeTracer, instruments, samplingPlan } from './instruments'
import { surelyDropped } from './sampling'
import { currentTiming, ownTime, timedMethod } from './server-timing'
import { summarize } from './sql'

/** The server span of each request the plugin traces (log lines of any plugin order find it). */
export const serverSpans = new WeakMap<RequestContext, Span>()

const headersSetter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
}

/**
 * `error` as a span may show it: a database error by kind and constraint (its message quotes
 * SQL and values), its stack by frames only; anything else as it is.
 */
export function exceptionOf(error: unknown): { name: string; message: string; stack?: string } {
  const failure = databaseFailureOf(error)
  if (failure)
    return {
      name: 'DatabaseError',
      message: describeFailure(failure),
      stack: error instanceof Error ? stackFrames(error.stack) : undefined,
    }
  if (error instanceof Error)
    return { name: error.name, message: error.message, stack: error.stack }
  return { name: 'Error', message: String(error) }
}

/** `error` on `span`: status ERROR and the `exception` event, values left out (`exceptionOf`). */
export function recordFailure(span: Span, error: unknown): void {
  const { name, message, stack } = exceptionOf(error)
  span.recordException({ name, message, stack })
  span.setAttribute('error.type', name)
  span.setStatus({ code: SpanStatusCode.ERROR, message })
}

/** The tracer, unless its sampler surely drops a span started here (the request is not sampled). */
function samplingTracer(): Tracer | undefined {
  const tracer = activeTracer()
  const plan = samplingPlan()
  return tracer && !(plan && surelyDropped(plan, context.active())) ? tracer : undefined
}

function statement(sql: string, system: string): StatementEnd | undefined {
  const tracer = samplingTracer()
  const measured = instruments()
  const timing = currentTiming()
  if (!tracer && !measured && !timing) return undefined
  const { operation, table, summary } = summarize(sql)
  const attributes: Record<string, string> = {
    'db.system.name': system,
    'db.operation.name': operation,
    'db.query.summary': summary,
  }
  if (table !== undefined) attributes['db.collection.name'] = table
  const span = tracer?.startSpan(summary, { kind: SpanKind.CLIENT, attributes })
  const started = performance.now()
  return (error) => {
    if (error !== undefined) {
      // by kind only: a database error's message quotes values
      const kind = databaseFailureOf(error)?.code ?? (error instanceof Error ? error.name : 'Error')
      attributes['error.type'] = kind
      span?.setAttribute('error.type', kind)
      span?.setStatus({ code: SpanStatusCode.ERROR })
    }
    span?.end()
    const ms = performance.now() - started
    measured?.statementDuration.record(ms / 1000, attributes)
    if (timing) {
      timing.db += ms
      timing.statements++
      timing.statementLog.push(started, ms)
    }
  }
}

function around<T>(name: string, work: () => Promise<T>): Promise<T> {
  const tracer = samplingTracer()
  if (!tracer) return work()
  return tracer.startActiveSpan(name, (span) =>
    work().then(
      (value) => {
        span.end()
        return value
      },
      (error: unknown) => {
        span.setAttribute('error.type', error instanceof Error ? error.name : 'Error')
        span.setStatus({ code: SpanStatusCode.ERROR })
        span.end()
        throw error
      },
    ),
  )
}

/** Set the active span's `traceparent` / `tracestate` on `headers` (an outgoing request). */
export function inject(headers: Headers): void {
  if (activeTracer()) propagation.inject(context.active(), headers, headersSetter)
}

function logIds(request: RequestContext): LogIds | undefined {
  const span = serverSpans.get(request) ?? trace.getActiveSpan()
  const ids = span?.spanContext()
  if (ids === undefined || !isSpanContextValid(ids)) return undefined
  return { trace_id: ids.traceId, span_id: ids.spanId }
}

function failed(error: unknown): void {
  const span = trace.getActiveSpan()
  if (span?.isRecording()) recordFailure(span, error)
}

/** What `otel()` was last told: hooks that take at least this long (ms) are child spans. */
export const hookSettings = { thresholdMs: 1 }

function hook(kind: HookKind, label: string, startedAt: number, error?: unknown): void {
  const elapsed = performance.now() - startedAt
  const timing = currentTiming()
  if (timing) timing.hooks += ownTime(timing, startedAt)
  if (elapsed < hookSettings.thresholdMs) return
  const tracer = samplingTracer()
  if (!tracer) return
  const span = tracer.startSpan(`${kind} ${label}`, {
    startTime: startedAt,
    attributes: { 'fw.hook.kind': kind, 'code.function.name': label },
  })
  if (error !== undefined) {
    span.setAttribute('error.type', error instanceof Error ? error.name : 'Error')
    span.setStatus({ code: SpanStatusCode.ERROR })
  }
  span.end()
}

/** What fw-api/otel registers when imported. */
export const openTelemetry: Telemetry = {
  statement,
  around,
  logIds,
  failed,
  hook,
  method: timedMethod,
}
