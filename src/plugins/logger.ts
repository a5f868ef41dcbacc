import { Plugin } from '../api/plugin'
import { HttpError } from '../exceptions'
import type { RequestContext } from '../request/context'
import { telemetryHost } from '../request/telemetry'
import { databaseFailureOf, describeFailure, stackFrames } from '../utils/database-errors'

/**
 * One log record; the sink gets it as a JSON line.
 *
 * @example
 * plugins.Logger({ sink: (_line, record) => { if (record.level === 'error') console.error(record) } })
 */
export interface LogRecord {
  time: string
  level: 'info' | 'error'
  method: string
  path: string
  status?: number
  /** ms from arrival to response */
  duration?: number
  id?: string
  /** the request's trace (fw-api/otel, when a span is active) */
  trace_id?: string
  /** the request's span (fw-api/otel, when a span is active) */
  span_id?: string
  error?: string
  stack?: string
}

/**
 * Options of `plugins.Logger`.
 *
 * @example
 * service.use(plugins.Logger({ sink: (line) => process.stdout.write(`${line}\n`) }))
 */
export interface LoggerOptions {
  /** where lines go (default: stdout via console.log) */
  sink?: (line: string, record: LogRecord) => void
}

/**
 * One structured JSON line per request (method, path, status, duration ms,
 * request id), and one per server error with its stack. Nothing is logged
 * unless the plugin is used. It never writes headers (so no `authorization`
 * or `cookie`), the query string, bodies, SQL text or bound values: a
 * database error is logged by kind and constraint
 * (`DatabaseError: unique_violation (23505) on constraint users_username_unique`),
 * its stack by frames only.
 *
 * @example
 * const lines: string[] = []
 * service.use(plugins.Logger({ sink: (line) => lines.push(line) }))
 */
export class Logger extends Plugin {
  readonly sink: (line: string, record: LogRecord) => void
  /** it writes server errors as JSON lines: the service prints none to the console */
  override readonly reportsErrors = true

  constructor(options: LoggerOptions = {}) {
    super()
    this.sink = options.sink ?? ((line) => console.log(line))
  }

  #write(record: LogRecord, ctx: RequestContext): void {
    // fw-api/otel, when imported and the request is traced: its ids (request/telemetry.ts)
    const ids = telemetryHost.telemetry?.logIds(ctx)
    if (ids !== undefined) Object.assign(record, ids)
    this.sink(JSON.stringify(record), record)
  }

  override handleError(error: unknown, ctx: RequestContext): undefined {
    if (error instanceof HttpError && error.status < 500) return undefined
    const cause = error instanceof HttpError && error.cause !== undefined ? error.cause : error
    const failure = databaseFailureOf(cause)
    this.#write(
      {
        time: new Date().toISOString(),
        level: 'error',
        method: ctx.method,
        path: ctx.path,
        id: ctx.id,
        // a database error by kind and constraint only: its message quotes SQL and values
        error: failure
          ? `DatabaseError: ${describeFailure(failure)}`
          : cause instanceof Error
            ? `${cause.name}: ${cause.message}`
            : String(cause),
        stack:
          cause instanceof Error ? (failure ? stackFrames(cause.stack) : cause.stack) : undefined,
      },
      ctx,
    )
    return undefined
  }

  override processResponse(response: Response, ctx: RequestContext): undefined {
    this.#write(
      {
        time: new Date().toISOString(),
        level: response.status >= 500 ? 'error' : 'info',
        method: ctx.method,
        path: ctx.path,
        status: response.status,
        duration: Date.now() - ctx.arrived,
        id: ctx.id,
      },
      ctx,
    )
    return undefined
  }
}
