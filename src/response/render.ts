import { BadRequest, HttpError, InternalServerError, type ParamIssue } from '../exceptions'
import type { RespondInit } from '../request/context'
import {
  envelopeFailure,
  failureObject,
  problemFailure,
  type FailureText,
  type Stringify,
} from './failure'
import { JSON_TYPE, PROBLEM_TYPE, ResponseInits } from './inits'
import { BARE, type Template } from './response'
import { heldToLength, isNullBodyStatus, outgoingResponse } from '../utils/http'
import type { Check } from '../schema/adapter'
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

/** How the renderers of a service render (the service's compile options carry them). */
export interface RenderSettings {
  stringify: Stringify
  debug: boolean
  /** told about every 5xx (logging) */
  onError?: (error: unknown) => void
  /** the service's shared inits (one table per service, made for its runtime); none: a table of this renderer's own */
  inits?: ResponseInits
}

/** How one renderer renders: the service's settings and who renders. */
export interface RenderOptions extends RenderSettings {
  /** who renders, e.g. `ArticleAPI.getArticle()`: named in 500s for results fw cannot send */
  where: string
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

/** Whether failures render in the template's envelope: it has a key for the message or the errors. */
export function failsEnveloped(
  template: Pick<Template, 'enveloped' | 'messageKey' | 'errorsKey'>,
): boolean {
  return template.enveloped && Boolean(template.messageKey || template.errorsKey)
}

/**
 * The renderer of one template (docs/architecture.md, "A request, end to end"): what it needs is
 * worked out once, when it is made — the envelope's keys serialised so a plain success is two
 * string concatenations around the result, the failure text's parts, the `debug` result check —
 * and held in its fields; `result`, `error` and `invalid` are its methods (`result` and `error`
 * bound: they are handed around as functions, e.g. as the request's `responder`). `where` names
 * who renders (`ArticleAPI.getArticle()`) in the 500s of results fw cannot send.
 *
 * @example
 * new TemplateRenderer(templateOf(Envelope), { stringify: JSON.stringify, debug: false }, 'Calc.add()').result(3) // {"data":3,"msg":""}
 */
export class TemplateRenderer implements Renderer {
  readonly template: Template
  readonly #settings: RenderSettings
  readonly #where: string
  readonly #inits: ResponseInits
  /** the success body's text before the result (`{"data":`) and after it (`,"msg":""}`) */
  readonly #head: string
  readonly #okTail: string
  readonly #failureText: FailureText
  readonly #failureType: string
  /** `debug`: the result checked by its schema (any library), compiled once */
  readonly #checkResult: Check | undefined

  constructor(template: Template, settings: RenderSettings, where: string) {
    this.template = template
    this.#settings = settings
    this.#where = where
    this.#inits = settings.inits ?? new ResponseInits(false)
    const { resultKey, messageKey, stateKey, countKey, enveloped } = template
    const { stringify } = settings
    // `{"data":` + result + `,"msg":"","state":null,"count":null}` for the common success.
    this.#head = enveloped ? `{${resultKey ? `${JSON.stringify(resultKey)}:` : ''}` : ''
    const tailKeys = [
      messageKey && `${JSON.stringify(messageKey)}:""`,
      stateKey && `${JSON.stringify(stateKey)}:null`,
      countKey && `${JSON.stringify(countKey)}:null`,
    ].filter(Boolean)
    this.#okTail = enveloped
      ? `${resultKey && tailKeys.length ? ',' : ''}${tailKeys.join(',')}}`
      : ''
    // A failure's text is concatenated from parts serialised once (response/failure.ts).
    // An envelope with no key for the message or the errors cannot say what failed (a result of
    // nulls would read as data): its failures are problem+json, as without an envelope.
    const enveloping = failsEnveloped(template)
    this.#failureText = enveloping
      ? (envelopeFailure(template, stringify) ??
        ((_status, _name, message, errors) => stringify(failureObject(template, message, errors))))
      : problemFailure(stringify)
    this.#failureType = enveloping ? JSON_TYPE : PROBLEM_TYPE
    const resultSchema = settings.debug ? template.result : undefined
    this.#checkResult = resultSchema ? resolveAdapter(resultSchema)?.check(resultSchema) : undefined
    this.result = this.result.bind(this)
    this.error = this.error.bind(this)
  }

  /** A result (or a `Response`, passed through) as the template renders it; throws nothing. */
  result(value: unknown, init?: RespondInit): Response {
    // A Response of any realm goes out framed by the bytes it sends (utils/http.ts).
    const response = outgoingResponse(value)
    if (response) return response
    const { template } = this
    const status = init?.status ?? template.status ?? 200
    if (!Number.isInteger(status) || status < 200 || status > 599)
      return this.#fault(`response status ${String(status)} is outside 200–599`)
    if (typeof value === 'object' && value !== null) {
      if (value instanceof Blob) return binary(value, status, init?.headers)
      if (value instanceof ReadableStream) return stream(value, status, init?.headers)
    }
    const bad = unsendable(value)
    if (bad) return this.#fault(`returned ${bad}, which cannot be sent as JSON`)
    const checked = this.#checkResult?.(value)
    // An async result schema is not awaited here: a result is sent as soon as it is ready.
    if (checked && !isThenable(checked) && !checked.ok)
      return this.#fault(
        `result does not match its template's result schema: ${checked.issues[0]?.message ?? 'invalid'}`,
      )
    const { stringify } = this.#settings
    let body: string
    try {
      if (!template.enveloped) body = stringify(value ?? null)
      else if (init && (init.message || init.state !== undefined || init.count !== undefined))
        body = this.#wrap(value, init)
      else body = this.#head + (template.resultKey ? stringify(value ?? null) : '') + this.#okTail
    } catch (cause) {
      return this.#fault(
        `result cannot be serialised as JSON (${cause instanceof Error ? cause.message : String(cause)})`,
        cause,
      )
    }
    return this.#json(body, status, JSON_TYPE, init?.headers)
  }

  /** Anything thrown, as the template renders failures (a 5xx told to `onError` and fw-api/otel). */
  error(thrown: unknown): Response {
    const httpError = toHttpError(thrown, this.#settings.debug)
    if (httpError.status >= 500) {
      this.#settings.onError?.(thrown)
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

  /** The same Response as `error(new BadRequest(message, { errors }))`, without building an Error. */
  invalid(message: string, errors: ParamIssue[]): Response {
    const name = BadRequest.errorName
    return this.#failure(BadRequest.status, name, message ? `${name}: ${message}` : name, errors)
  }

  #json(body: string, status: number, type: string, extra?: HeadersInit): Response {
    if (isNullBodyStatus(status)) return new globalThis.Response(null, { status, headers: extra })
    // The common case shares one init object (response/inits.ts).
    if (!extra && status === 200 && type === JSON_TYPE)
      return new globalThis.Response(body, this.#inits.ok)
    if (!extra) return new globalThis.Response(body, this.#inits.of(status, type))
    const headers = new Headers(extra)
    if (!headers.has('content-type')) headers.set('content-type', type)
    return new globalThis.Response(body, { status, headers })
  }

  /** The envelope with a message, state or count given at `respond()`. */
  #wrap(value: unknown, init: RespondInit): string {
    const { resultKey, messageKey, stateKey, countKey } = this.template
    const body: Record<string, unknown> = {}
    if (resultKey) body[resultKey] = value ?? null
    if (messageKey) body[messageKey] = init.message ?? ''
    if (stateKey) body[stateKey] = init.state ?? null
    if (countKey) body[countKey] = init.count ?? null
    return this.#settings.stringify(body)
  }

  #failure(
    status: number,
    name: string,
    message: string,
    errors: ParamIssue[],
    headers?: Record<string, string>,
  ): Response {
    const text = this.#failureText(status, name, message, errors)
    return this.#json(text, status, this.#failureType, headers)
  }

  /** A 500 naming who renders and what it could not send. */
  #fault(text: string, cause?: unknown): Response {
    return this.error(new InternalServerError(`${this.#where}: ${text}`, { cause }))
  }
}

/**
 * Build the renderer of one template. The envelope's keys are serialised once
 * here so a plain success response is two string concatenations around the result.
 *
 * @example
 * createRenderer(templateOf(Envelope), { stringify: JSON.stringify, debug: false, where: 'Calc.add()' }).result(3) // {"data":3,"msg":""}
 */
export function createRenderer(template: Template = BARE, options: RenderOptions): Renderer {
  return new TemplateRenderer(template, options, options.where)
}
