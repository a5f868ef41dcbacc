import { BadRequest, HttpError, InternalServerError, type ParamIssue } from '../exceptions'
import type { RespondInit } from '../request/context'
import { problemFailure, type FailureText, type Stringify } from './failure'
import { JSON_TYPE, PROBLEM_TYPE, ResponseInits } from './inits'
import { BARE, type ResultCheck, type Template } from './response'
import type { EnvelopeText } from './envelope'
import {
  CONTENT_LENGTH,
  CONTENT_TYPE,
  heldToLength,
  isNullBodyStatus,
  outgoingResponse,
} from '../utils/http'
import { telemetryHost } from '../request/telemetry'

export type { Stringify } from './failure'

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

/** `String(value)`, or a placeholder when that throws (an object without a prototype). */
function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/** Normalise anything thrown into an HttpError (500 hides its text unless `debug`). */
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

/** `extra` as Headers, with `type` as the content type unless `extra` names one. */
function headersTyped(extra: HeadersInit | undefined, type: string): Headers {
  const headers = new Headers(extra)
  if (!headers.has(CONTENT_TYPE)) headers.set(CONTENT_TYPE, type)
  return headers
}

function binary(value: Blob, status: number, extra: HeadersInit | undefined): Response {
  const headers = headersTyped(extra, value.type || 'application/octet-stream')
  headers.set(CONTENT_LENGTH, String(value.size))
  if (value instanceof File && value.name && !headers.has('content-disposition')) {
    headers.set(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(value.name)}`,
    )
  }
  return new Response(value, { status, headers })
}

function stream(value: ReadableStream, status: number, extra: HeadersInit | undefined): Response {
  // a Content-Length the handler set is kept, the body held to it (utils/http.ts)
  return heldToLength(value, status, headersTyped(extra, 'application/octet-stream'))
}

/**
 * Who hears of each answer made from JSON text: nobody until a plugin that reads bodies asks
 * (`compress()` sets `keepRenderedBodies()` of utils/body-source.ts here), so a service without
 * one pays for a test of `undefined` per answer.
 *
 * @example
 * renderedListener.hear = keepRenderedBodies()
 */
export const renderedListener: {
  hear: ((response: Response, body: string) => void) | undefined
} = { hear: undefined }

/** `response`, the answer of the JSON text `body`, told to `renderedListener` if one listens. */
function rendered(response: Response, body: string | null): Response {
  if (body !== null) renderedListener.hear?.(response, body)
  return response
}

/** A Response with fw's JSON (or problem+json) body; the common case shares one init (response/inits.ts). */
function json(
  inits: ResponseInits,
  body: string | null,
  status: number,
  type: string,
  extra?: HeadersInit,
): Response {
  if (isNullBodyStatus(status)) return new Response(null, { status, headers: extra })
  // `rendered`: the text kept as the answer's source while a plugin reads sources (compress())
  const init = extra
    ? { status, headers: headersTyped(extra, type) }
    : status === 200 && type === JSON_TYPE
      ? inits.ok
      : inits.of(status, type)
  return rendered(new Response(body, init), body)
}

/**
 * Everything needed to write the responses of one endpoint (or hook) with one template, built
 * once per template at service build (docs/architecture.md, "A request, end to end"). Each
 * request-time step is a method over the fields set here: "go to definition" from the endpoint's
 * call lands on `result`, and no step is a closure made at build. The envelope's keys are
 * serialised once here, so a plain success response is two string concatenations around the
 * result. `result` and `error` are bound: they are handed on as callbacks (`this.respond()`'s
 * responder, a promise's handlers).
 *
 * @example
 * new Renderer(templateOf(Envelope), { stringify: JSON.stringify, debug: false, where: 'Calc.add()' }).result(3) // {"data":3,"msg":""}
 */
export class Renderer {
  declare readonly template: Template
  readonly #stringify: Stringify
  /** `debug`, `onError`, `where`: read on the error paths */
  readonly #options: RenderOptions
  readonly #inits: ResponseInits
  readonly #status: number
  /** an enveloped template's texts (response/envelope.ts); none bundled without one */
  readonly #envelope: EnvelopeText | undefined
  readonly #failureText: FailureText
  readonly #failureType: string
  /** `debug`: the result's check by its template's schema (response/response.ts, with the template's class) */
  readonly #checkResult: ResultCheck | undefined

  constructor(template: Template = BARE, options: RenderOptions) {
    const { stringify, debug } = options
    this.template = template
    this.#stringify = stringify
    this.#options = options
    this.#inits = options.inits ?? new ResponseInits(false)
    this.#status = template.status ?? 200
    // An envelope's texts come with its class (response/envelope.ts): none bundled without one.
    const envelope = template.enveloped
      ? template.cls?.['~fwEnvelope'](template, stringify)
      : undefined
    this.#envelope = envelope
    this.#failureText = envelope?.failure ?? problemFailure(stringify)
    this.#failureType = envelope?.failure ? JSON_TYPE : PROBLEM_TYPE
    this.#checkResult = debug ? template.cls?.['~fwResultCheck'](template) : undefined
    this.result = this.result.bind(this)
    this.error = this.error.bind(this)
  }

  /** A result (or a `Response`, passed through) → Response; throws nothing. */
  result(value: unknown, init?: RespondInit): Response {
    // A Response of any realm goes out framed by the bytes it sends (utils/http.ts).
    const response = outgoingResponse(value)
    if (response) return response
    const status = init?.status ?? this.#status
    if (!Number.isInteger(status) || status < 200 || status > 599)
      return this.#fault(`response status ${String(status)} is outside 200–599`)
    if (typeof value === 'object' && value !== null) {
      if (value instanceof Blob) return binary(value, status, init?.headers)
      if (value instanceof ReadableStream) return stream(value, status, init?.headers)
    }
    const bad = unsendable(value)
    if (bad) return this.#fault(`returned ${bad}, which cannot be sent as JSON`)
    const mismatch = this.#checkResult?.(value)
    if (mismatch) return this.#fault(mismatch)
    let body: string
    try {
      body = this.#envelope ? this.#envelope.ok(value, init) : this.#stringify(value ?? null)
    } catch (cause) {
      return this.#fault(
        `result cannot be serialised as JSON (${cause instanceof Error ? cause.message : String(cause)})`,
        cause,
      )
    }
    return json(this.#inits, body, status, JSON_TYPE, init?.headers)
  }

  /** Any thrown value → Response (a 5xx is told to `onError` and to fw-api/otel's span). */
  error(thrown: unknown): Response {
    const httpError = toHttpError(thrown, this.#options.debug)
    if (httpError.status >= 500) {
      this.#options.onError?.(thrown)
      // fw-api/otel, when imported: the request's span records it (request/telemetry.ts)
      telemetryHost.telemetry?.failed(thrown)
    }
    const headers = Object.keys(httpError.headers).length ? httpError.headers : undefined
    return this.#failure(
      httpError.status,
      httpError.name,
      httpError.fullMessage,
      httpError.errors,
      headers,
    )
  }

  /** The same Response as `error(new BadRequest(message, { errors }))`, without building an Error (no stack capture). */
  invalid(message: string, errors: ParamIssue[]): Response {
    const name = BadRequest.errorName
    return this.#failure(
      BadRequest.status,
      name,
      message ? `${name}: ${message}` : name,
      errors,
      undefined,
    )
  }

  #failure(
    status: number,
    name: string,
    message: string,
    errors: ParamIssue[],
    headers: Record<string, string> | undefined,
  ): Response {
    const text = this.#failureText(status, name, message, errors)
    return json(this.#inits, text, status, this.#failureType, headers)
  }

  /** A 500 naming who renders: a result fw cannot send. */
  #fault(text: string, cause?: unknown): Response {
    return this.error(new InternalServerError(`${this.#options.where}: ${text}`, { cause }))
  }
}
