/**
 * The seam through which `fw-api/otel` observes what the core, the ORM, auth and the client do
 * (SPEC §15): none of them imports `@opentelemetry/api`; each reads `telemetryHost.telemetry` and does nothing
 * more when it is `undefined` (the entry was never imported). `fw-api/otel` registers itself here
 * when imported, as the other entries do in service/host.ts.
 */
import type { RequestContext } from './context'

/** The end of an observed statement: called once, with the error when it failed. */
export type StatementEnd = (error?: unknown) => void

/** The ids a log line carries when the request is traced. */
export interface LogIds {
  trace_id: string
  span_id: string
}

/** What ran: an `@api.before` / `@api.after` hook, or a plugin's `processRequest` / `processResponse`. */
export type HookKind = 'before' | 'after' | 'plugin'

/** A `Response`, or the promise of one. */
type Answer = Response | Promise<Response>

/** What `fw-api/otel` gives the instrumented points of fw. */
export interface Telemetry {
  /** an ORM statement starts (`sql` as sent, with `$n` placeholders): its end, or none */
  statement(sql: string, system: string): StatementEnd | undefined
  /** `work` inside a child span named `name` (`fw.auth.login`, `fw.auth.verify_password`, ...) */
  around<T>(name: string, work: () => Promise<T>): Promise<T>
  /** the trace and span ids of the request's span, for its log lines */
  logIds(context: RequestContext): LogIds | undefined
  /** a server error (5xx) is being rendered: the request's span records it */
  failed(error: unknown): void
  /** a hook or plugin step ran from `startedAt` (`performance.now()`) until now: a child span if it took long */
  hook(kind: HookKind, label: string, startedAt: number, error?: unknown): void
  /** the endpoint's method (`call`), its value (once settled) rendered by `render`: the params, method and render phases of `Server-Timing` */
  method(call: () => unknown, render: (value: unknown) => Response): Answer
}

/**
 * The registered telemetry: `telemetryHost.telemetry` is `undefined` while `fw-api/otel` is not
 * imported. The request path reads the field (no call into this module per request).
 *
 * @example const observer = telemetryHost.telemetry
 */
export const telemetryHost: { telemetry?: Telemetry } = {}

/**
 * Register the telemetry (called by the `fw-api/otel` entry when imported).
 *
 * @example registerTelemetry(openTelemetry)
 */
export function registerTelemetry(telemetry: Telemetry): void {
  telemetryHost.telemetry ??= telemetry
}

/**
 * `result` (a hook's return) reported to `observer` as the hook `label` that started at
 * `startedAt`, once it settles; the same value (or a promise of it) back.
 *
 * @example return timedHook(telemetryHost.telemetry, 'before', label, performance.now(), hook.method.call(self, input))
 */
export function timedHook<T>(
  observer: Telemetry,
  kind: HookKind,
  label: string,
  startedAt: number,
  result: T,
): T | Promise<Awaited<T>> {
  if (!(result instanceof Promise)) {
    observer.hook(kind, label, startedAt)
    return result
  }
  return result.then(
    (value: Awaited<T>) => {
      observer.hook(kind, label, startedAt)
      return value
    },
    (error: unknown) => {
      observer.hook(kind, label, startedAt, error)
      throw error
    },
  )
}

/**
 * `work()` inside the telemetry's span `name`, or just `work()` without telemetry.
 *
 * @example const ok = await observed('fw.auth.verify_password', () => hasher.verify(plain, stored))
 */
export function observed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const current = telemetryHost.telemetry
  return current ? current.around(name, work) : work()
}
