import { BadRequest, HttpError, InternalServerError, type ParamIssue } from '../exceptions'
import type { Envelope } from './response'

/** Serialises values to JSON text (dates formatted per `conf.Time`). */
export type Stringify = (value: unknown) => string

/** Everything needed to write responses for one API class. */
export interface Renderer {
  /** a result (or a `Response`, passed through) → Response */
  result(value: unknown, init?: { status?: number; message?: string; headers?: HeadersInit }): Response
  /** any thrown value → Response */
  error(error: unknown): Response
  /** the same Response as `error(new BadRequest(message, { errors }))`, without building an Error (no stack capture) */
  invalid(message: string, errors: ParamIssue[]): Response
}

const JSON_TYPE = 'application/json'
const PROBLEM_TYPE = 'application/problem+json'
const OK_JSON: ResponseInit = Object.freeze({ status: 200, headers: Object.freeze({ 'content-type': JSON_TYPE }) })

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 408: 'Request Timeout', 409: 'Conflict', 410: 'Gone',
  411: 'Length Required', 413: 'Content Too Large', 415: 'Unsupported Media Type', 422: 'Unprocessable Content',
  429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
}

/** Normalise anything thrown into an HttpError (500 hides its text unless `debug`). */
export function toHttpError(error: unknown, debug: boolean): HttpError {
  if (error instanceof HttpError) return error
  const text = debug && error instanceof Error ? `${error.name}: ${error.message}` : ''
  return new InternalServerError(text, { cause: error })
}

/**
 * Build the renderer of one envelope. The envelope's keys are serialised once
 * here so a success response is two string concatenations around the result.
 *
 * @example
 * createRenderer({ resultKey: 'data', messageKey: 'msg' }, JSON.stringify, false).result(3) // {"data":3,"msg":""}
 */
export function createRenderer(envelope: Envelope | undefined, stringify: Stringify, debug: boolean, onError?: (error: unknown) => void): Renderer {
  const json = (body: string, status: number, type: string, extra?: HeadersInit): Response => {
    // The common case shares one init object (Response copies it, never keeps or changes it).
    if (!extra && status === 200 && type === JSON_TYPE) return new globalThis.Response(body, OK_JSON)
    if (!extra) return new globalThis.Response(body, { status, headers: { 'content-type': type } })
    const headers = new Headers(extra)
    if (!headers.has('content-type')) headers.set('content-type', type)
    return new globalThis.Response(body, { status, headers })
  }
  const resultKey = envelope?.resultKey
  const messageKey = envelope?.messageKey
  const head = envelope ? `{${resultKey ? `${JSON.stringify(resultKey)}:` : ''}` : ''
  const okTail = envelope ? (messageKey ? `${resultKey ? ',' : ''}${JSON.stringify(messageKey)}:""}` : '}') : ''

  const wrap = (value: unknown, message: string, errors?: ParamIssue[]): string => {
    const body: Record<string, unknown> = {}
    if (resultKey) body[resultKey] = value ?? null
    if (messageKey) body[messageKey] = message
    if (errors && envelope?.errorsKey) body[envelope.errorsKey] = errors
    return stringify(body)
  }

  const failure = (status: number, name: string, message: string, errors: ParamIssue[], headers: Record<string, string> | undefined): Response => {
    if (envelope) return json(wrap(null, message, errors), status, JSON_TYPE, headers)
    const problem: Record<string, unknown> = {
      type: 'about:blank',
      title: STATUS_TEXT[status] ?? name,
      status,
      detail: message,
    }
    if (errors.length) problem.errors = errors
    return json(stringify(problem), status, PROBLEM_TYPE, headers)
  }

  return {
    result(value, init) {
      if (value instanceof globalThis.Response) return value
      const status = init?.status ?? 200
      let body: string
      if (!envelope) body = stringify(value ?? null)
      else if (init?.message) body = wrap(value, init.message)
      else body = resultKey ? head + stringify(value ?? null) + okTail : head + okTail
      return json(body, status, JSON_TYPE, init?.headers)
    },
    error(thrown) {
      const error = toHttpError(thrown, debug)
      if (error.status >= 500) onError?.(thrown)
      const headers = Object.keys(error.headers).length ? error.headers : undefined
      return failure(error.status, error.name, error.fullMessage, error.errors, headers)
    },
    invalid(message, errors) {
      const name = BadRequest.errorName
      return failure(BadRequest.status, name, message ? `${name}: ${message}` : name, errors, undefined)
    },
  }
}
