import { BadRequest, HttpError, InternalServerError, type ParamIssue } from '../exceptions'
import type { RespondInit } from '../request/context'
import { problemFailure, type FailureText, type Stringify } from './failure'
import { JSON_TYPE, PROBLEM_TYPE, ResponseInits } from './inits'
import { BARE, type Template } from './response'
import { heldToLength, isNullBodyStatus, outgoingResponse } from '../utils/http'
import { resolveAdapter } from '../schema/resolve'
import { isThenable } from '../utils/thenable'
import { telemetryHost } from '../request/telemetry'

export type { Stringify } from './failure'

/** Everything needed to write the responses of one endpoint (or hook) with one template. */
export interface Renderer {
  readonly template: Template
  /** a result (or a `Response`, passed through) → Response; throws nothing */
  result(value: unknown, init?: RespondInit): Response
  /** any thrown value → Response */
  error(error: unknown): Response
  /** the same Response as `error(new BadRequest(message, { errors }))`, without building an Error (no stack capture) */
  invalid(message: string, errors: ParamIssue[]): Response
}

/** How renderers of a service render. */
export interface RenderOptions {
  stringify: Stringify
  debug: boolean
  /** told about every 5xx (logging) */
  onError?: (error: unknown) => void
  /** who renders, e.g. `ArticleAPI.getArticle()`: named in 500s for results fw cannot send */
  where: string
  /** the service's shared inits (one table per service, made for its runtime); none: a table of this renderer's own */
  inits?: ResponseInits
}

/** Normalise anything thrown into an HttpError (500 hides its text unless `debug`). */
/** `String(value)`, or a placeholder when that throws (an object without a prototype). */
function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

function toHttpError(error: unknown, debug: boolean): HttpError {
  if (error instanceof HttpError) return error
  const text = debug
    ? error instanceof Error
      ? `${error.name}: ${error.message}`
      : `thrown: ${safeString(error)}`
    : ''
  return new InternalServerError(text, { cause: error })
}

/** What fw cannot send as JSON, named for the 500 message; undefined when it can. */
function unsendable(value: unknown): string | undefined {
  const type = typeof value
  if (type === 'bigint' || type === 'function' || type === 'symbol') return `a ${type}`
  if (typeof value === 'object' && value !== null && Symbol.asyncIterator in value)
    return 'an async iterable (wrap it in response.sse(...) or a ReadableStream)'
  return undefined
}

function binary(value: Blob, status: number, extra: HeadersInit | undefined): Response {
  const headers = new Headers(extra)
  if (!headers.has('content-type'))
    headers.set('content-type', value.type || 'application/octet-stream')
  headers.set('content-length', String(value.size))
  if (value instanceof File && value.name && !headers.has('content-disposition')) {
    headers.set(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(value.name)}`,
    )
  }
  return new globalThis.Response(value, { status, headers })
}

function stream(value: ReadableStream, status: number, extra: HeadersInit | undefined): Response {
  const headers = new Headers(extra)
  if (!headers.has('content-type')) headers.set('content-type', 'application/octet-stream')
  // a Content-Length the handler set is kept, the body held to it (utils/http.ts)
  return heldToLength(value, status, headers)
}

/**
 * Build the renderer of one template. The envelope's keys are serialised once
 * here so a plain success response is two string concatenations around the result.
 *
 * @example
 * createRenderer(templateOf(Envelope), { stringify: JSON.stringify, debug: false, where: 'Calc.add()' }).result(3) // {"data":3,"msg":""}
 */
export function createRenderer(template: Template = BARE, options: RenderOptions): Renderer {
  const { stringify, debug, onError, where } = options
  const inits = options.inits ?? new ResponseInits(false)
  const json = (
    body: string | null,
    status: number,
    type: string,
    extra?: HeadersInit,
  ): Response => {
    if (isNullBodyStatus(status)) return new globalThis.Response(null, { status, headers: extra })
    // The common case shares one init object (response/inits.ts).
    if (!extra && status === 200 && type === JSON_TYPE)
      return new globalThis.Response(body, inits.ok)
    if (!extra) return new globalThis.Response(body, inits.of(status, type))
    const headers = new Headers(extra)
    if (!headers.has('content-type')) headers.set('content-type', type)
    return new globalThis.Response(body, { status, headers })
  }
  const defaultStatus = template.status ?? 200
  // An envelope's texts come with its class (response/envelope.ts): none bundled without one.
  const envelope = template.enveloped
    ? template.cls?.['~fwEnvelope'](template, stringify)
    : undefined
  const failureText: FailureText = envelope?.failure ?? problemFailure(stringify)
  const failureType = envelope?.failure ? JSON_TYPE : PROBLEM_TYPE
  const failure = (
    status: number,
    name: string,
    message: string,
    errors: ParamIssue[],
    headers: Record<string, string> | undefined,
  ): Response => json(failureText(status, name, message, errors), status, failureType, headers)

  const error = (thrown: unknown): Response => {
    const httpError = toHttpError(thrown, debug)
    if (httpError.status >= 500) {
      onError?.(thrown)
      // fw-api/otel, when imported: the request's span records it (request/telemetry.ts)
      telemetryHost.telemetry?.failed(thrown)
    }
    const headers = Object.keys(httpError.headers).length ? httpError.headers : undefined
    return failure(
      httpError.status,
      httpError.name,
      httpError.fullMessage,
      httpError.errors,
      headers,
    )
  }
  const fault = (text: string, cause?: unknown): Response =>
    error(new InternalServerError(`${where}: ${text}`, { cause }))

  // `debug`: the result is checked by its schema (any library), compiled once here.
  const resultSchema = debug ? template.result : undefined
  const checkResult = resultSchema ? resolveAdapter(resultSchema)?.check(resultSchema) : undefined
  const result = (value: unknown, init?: RespondInit): Response => {
    // A Response of any realm goes out framed by the bytes it sends (utils/http.ts).
    const response = outgoingResponse(value)
    if (response) return response
    const status = init?.status ?? defaultStatus
    if (!Number.isInteger(status) || status < 200 || status > 599)
      return fault(`response status ${String(status)} is outside 200–599`)
    if (typeof value === 'object' && value !== null) {
      if (value instanceof Blob) return binary(value, status, init?.headers)
      if (value instanceof ReadableStream) return stream(value, status, init?.headers)
    }
    const bad = unsendable(value)
    if (bad) return fault(`returned ${bad}, which cannot be sent as JSON`)
    if (checkResult) {
      const checked = checkResult(value)
      // An async result schema is not awaited here: a result is sent as soon as it is ready.
      if (!isThenable(checked) && !checked.ok)
        return fault(
          `result does not match its template's result schema: ${checked.issues[0]?.message ?? 'invalid'}`,
        )
    }
    let body: string
    try {
      body = envelope ? envelope.ok(value, init) : stringify(value ?? null)
    } catch (cause) {
      return fault(
        `result cannot be serialised as JSON (${cause instanceof Error ? cause.message : String(cause)})`,
        cause,
      )
    }
    return json(body, status, JSON_TYPE, init?.headers)
  }

  return {
    template,
    result,
    error,
    invalid(message, errors) {
      const name = BadRequest.errorName
      return failure(
        BadRequest.status,
        name,
        message ? `${name}: ${message}` : name,
        errors,
        undefined,
      )
    },
  }
}
