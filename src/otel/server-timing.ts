/**
 * `serverTiming()` (SPEC §15): the request's durations in a `Server-Timing` header, for the
 * browser's network panel — `db` (its ORM statements, counted), `hooks` (its hooks and plugin
 * steps), `app` (all but the statements: params, hooks, the method, rendering) and `total`. Off
 * by default where `NODE_ENV` is `production`.
 */
import { AROUND, Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { createAsyncStorage } from '../utils/async-storage'

/** What one request spent so far, filled by its ORM statements (otel/spans.ts). */
export interface RequestTiming {
  /** ms in ORM statements */
  db: number
  statements: number
  /** ms in `@api.before` / `@api.after` hooks and plugin steps (their own statements included) */
  hooks: number
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
      const timing: RequestTiming = { db: 0, statements: 0, hooks: 0 }
      const answer = timings ? timings.run(timing, next) : next()
      const stamp = (response: Response): Response => {
        const total = performance.now() - started
        const parts = [
          `app;dur=${duration(Math.max(0, total - timing.db))}`,
          `total;dur=${duration(total)}`,
        ]
        if (timings)
          parts.unshift(
            `db;dur=${duration(timing.db)};desc="${timing.statements} statements"`,
            `hooks;dur=${duration(timing.hooks)}`,
          )
        return withTiming(response, parts.join(', '))
      }
      return answer instanceof Promise ? answer.then(stamp) : stamp(answer)
    }
  }
}

/**
 * `Server-Timing: db;dur=2.1;desc="3 statements", hooks;dur=0.4, app;dur=0.8, total;dur=2.9` on every answer
 * (`enabled`, default: unless `NODE_ENV` is `production`). Needs no OpenTelemetry SDK.
 *
 * @example
 * import { serverTiming } from 'fw-api/otel'
 * service.use(serverTiming())
 */
export function serverTiming(options?: ServerTimingOptions): ServerTimingPlugin {
  return new ServerTimingPlugin(options)
}
