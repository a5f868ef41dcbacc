/**
 * `serverTiming()` (SPEC §15): the request's durations in a `Server-Timing` header, for the
 * browser's network panel — per phase `params`, `hooks` (its hooks and plugin steps), `method`,
 * `db` (its ORM statements, counted) and `render`, each without the statements run inside it,
 * then `app` (all but the statements) and `total`. Off by default where `NODE_ENV` is `production`.
 */
import { AROUND, Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { createAsyncStorage } from '../utils/async-storage'
import { isThenable } from '../utils/thenable'

/** What one request spent so far, filled by its ORM statements, hooks and phases (otel/spans.ts). */
export interface RequestTiming {
  /** when the request reached `serverTiming()` (`performance.now()`) */
  startedAt: number
  /** ms from there to the endpoint's method: routing, the query, `resolve` params, body and params (hooks and statements excluded, as below); all of it when the method was never called */
  params: number
  /** did the endpoint's method start */
  called: boolean
  /** ms in `@api.before` / `@api.after` hooks and plugin steps */
  hooks: number
  /** ms in the endpoint's method, until its value settled */
  method: number
  /** ms in ORM statements */
  db: number
  statements: number
  /** ms rendering the method's value into the `Response` */
  render: number
  /** per statement, flat: when it started (`performance.now()`), its ms */
  statementLog: number[]
}

/**
 * The ms from `startedAt` until now that `timing`'s statements did not take (those that started
 * since): a phase's own time, so that the phases and `db` add up to no more than `total`.
 *
 * @example timing.hooks += ownTime(timing, startedAt)
 */
export function ownTime(timing: RequestTiming, startedAt: number): number {
  let inStatements = 0
  const log = timing.statementLog
  for (let index = 0; index + 1 < log.length; index += 2)
    if ((log[index] as number) >= startedAt) inStatements += log[index + 1] as number
  return Math.max(0, performance.now() - startedAt - inStatements)
}

/**
 * Options of `serverTiming()`.
 *
 * @example
 * service.use(serverTiming({ enabled: env.DEBUG_TIMING === '1' }))
 */
export interface ServerTimingOptions {
  /** send the header (default: unless `NODE_ENV` is `production`; on Workers, say so) */
  enabled?: boolean
}

const timings = createAsyncStorage<RequestTiming>()

/** The timing of the request running here, if `serverTiming()` measures it. */
export function currentTiming(): RequestTiming | undefined {
  return timings?.getStore()
}

/** The endpoint's phase `name` ran from `startedAt` until now: its own time goes to the request's timing. */
function timePhase(name: 'method' | 'render', startedAt: number): void {
  const timing = currentTiming()
  if (timing) timing[name] += ownTime(timing, startedAt)
}

/**
 * The endpoint's method (`call`) and the rendering of its value (`render`), each a phase
 * (the core calls it through request/telemetry.ts when fw-api/otel is imported).
 *
 * @example return timedMethod(() => method.call(self, input), renderer.result)
 */
export function timedMethod(
  call: () => unknown,
  render: (value: unknown) => Response,
): Response | Promise<Response> {
  const timing = currentTiming()
  if (timing) {
    // what ran before the method, hooks and statements set apart, is the params phase
    timing.params = Math.max(0, ownTime(timing, timing.startedAt) - timing.hooks)
    timing.called = true
  }
  const startedAt = performance.now()
  const rendered = (value: unknown): Response => {
    timePhase('method', startedAt)
    const renderFrom = performance.now()
    const response = render(value)
    timePhase('render', renderFrom)
    return response
  }
  const failed = (error: unknown): never => {
    timePhase('method', startedAt)
    throw error
  }
  let result: unknown
  try {
    result = call()
  } catch (error) {
    return failed(error)
  }
  return isThenable(result) ? Promise.resolve(result).then(rendered, failed) : rendered(result)
}

/** `ms` as a `dur` value: milliseconds, to 0.1 ms. */
const duration = (ms: number): string => (Math.round(ms * 10) / 10).toString()

/** `response` with `value` appended to its `Server-Timing` (a copy when its headers are immutable). */
function withTiming(response: Response, value: string): Response {
  try {
    response.headers.append('server-timing', value)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.append('server-timing', value)
    return copy
  }
}

function productionByEnv(): boolean {
  const host = globalThis as { process?: { env?: Record<string, string | undefined> } }
  return host.process?.env?.NODE_ENV === 'production'
}

/**
 * The plugin `serverTiming()` makes: around the rest of the request, it measures the time and
 * (where the runtime has `AsyncLocalStorage`) the request's ORM statements.
 *
 * @example
 * const plugin: ServerTimingPlugin = serverTiming({ enabled: true })
 */
export class ServerTimingPlugin extends Plugin {
  /** does it send the header */
  readonly enabled: boolean

  constructor(options: ServerTimingOptions = {}) {
    super()
    this.enabled = options.enabled ?? !productionByEnv()
    if (!this.enabled) return
    this[AROUND] = (_request: RequestContext, next: () => Response | Promise<Response>) => {
      const started = performance.now()
      const timing: RequestTiming = {
        startedAt: started,
        params: 0,
        called: false,
        hooks: 0,
        method: 0,
        db: 0,
        statements: 0,
        render: 0,
        statementLog: [],
      }
      const answer = timings ? timings.run(timing, next) : next()
      const stamp = (response: Response): Response => {
        const total = performance.now() - started
        if (!timing.called) timing.params = Math.max(0, ownTime(timing, started) - timing.hooks)
        const parts = [
          `app;dur=${duration(Math.max(0, total - timing.db))}`,
          `total;dur=${duration(total)}`,
        ]
        if (timings)
          parts.unshift(
            `params;dur=${duration(timing.params)}`,
            `hooks;dur=${duration(timing.hooks)}`,
            `method;dur=${duration(timing.method)}`,
            `db;dur=${duration(timing.db)};desc="${timing.statements} statements"`,
            `render;dur=${duration(timing.render)}`,
          )
        return withTiming(response, parts.join(', '))
      }
      return answer instanceof Promise ? answer.then(stamp) : stamp(answer)
    }
  }
}

/**
 * `Server-Timing: params;dur=0.1, hooks;dur=0.4, method;dur=0.2, db;dur=2.1;desc="3 statements", render;dur=0.1, app;dur=0.8, total;dur=2.9` on every answer
 * (`enabled`, default: unless `NODE_ENV` is `production`). Needs no OpenTelemetry SDK.
 *
 * @example
 * import { serverTiming } from 'fw-api/otel'
 * service.use(serverTiming())
 */
export function serverTiming(options?: ServerTimingOptions): ServerTimingPlugin {
  return new ServerTimingPlugin(options)
}
