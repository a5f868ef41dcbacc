/**
 * HTTP exceptions. Throw one from an endpoint and fw answers with its status and
 * the message `<Name>: <text>` (in the envelope, or as RFC 9457 problem+json).
 *
 * @example
 * throw new exceptions.NotFound('article 42')   // 404 "NotFound: article 42"
 */

/**
 * One failed item, as listed in problem+json `errors`.
 *
 * @example
 * new exceptions.BadRequest('invalid page', { errors: [{ in: 'query', name: 'page', path: [], message: "invalid number: 'x'" }] })
 */
export interface ParamIssue {
  /** where the value came from: `path`, `query`, `header`, `cookie`, `body` */
  in: string
  /** the wire name of the param (or body field) */
  name: string
  /** the item names from the param down to the failing value */
  path: (string | number)[]
  /** the innermost reason, e.g. `invalid number: 'x'` */
  message: string
}

/**
 * Base class of every exception that maps to an HTTP status.
 *
 * @example
 * throw new exceptions.HttpError('teapot', { status: 418 })
 * if (error instanceof exceptions.HttpError) console.log(error.status)
 */
export class HttpError extends Error {
  /** HTTP status code sent for this error. */
  static status = 500
  /** Exception name used in the message (kept explicit so minifiers cannot rename it). */
  static errorName = 'HttpError'
  readonly status: number
  /** Item-level details (param failures); empty for plain errors. */
  readonly errors: ParamIssue[]
  /** Extra response headers (e.g. `Allow` for 405). */
  readonly headers: Record<string, string>

  constructor(message = '', options: { status?: number; errors?: ParamIssue[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    const ctor = this.constructor as typeof HttpError
    this.status = options.status ?? ctor.status
    this.errors = options.errors ?? []
    this.headers = options.headers ?? {}
    this.name = ctor.errorName
  }

  /** The text fw sends: `<Name>: <message>` or just `<Name>`. */
  get fullMessage(): string {
    return this.message ? `${this.name}: ${this.message}` : this.name
  }
}

// Each status is a real class (not a factory result) so it works as a type too:
// `catch (error) { if (error instanceof exceptions.NotFound) ... }`, `let e: exceptions.NotFound`.
/** 400 — a value failed its rule or conversion. @example throw new exceptions.BadRequest('page must be positive') */
export class BadRequest extends HttpError {
  static override status = 400
  static override errorName = 'BadRequest'
}

/** 401 @example throw new exceptions.Unauthorized('log in first') */
export class Unauthorized extends HttpError {
  static override status = 401
  static override errorName = 'Unauthorized'
}

/** 402 @example throw new exceptions.PaymentRequired('plan expired') */
export class PaymentRequired extends HttpError {
  static override status = 402
  static override errorName = 'PaymentRequired'
}

/** 403 @example throw new exceptions.PermissionDenied('not your article') */
export class PermissionDenied extends HttpError {
  static override status = 403
  static override errorName = 'PermissionDenied'
}

/** 403 (alias of PermissionDenied under its HTTP name) @example throw new exceptions.Forbidden('not your article') */
export class Forbidden extends HttpError {
  static override status = 403
  static override errorName = 'Forbidden'
}

/** 404 @example throw new exceptions.NotFound(`no article ${id}`) */
export class NotFound extends HttpError {
  static override status = 404
  static override errorName = 'NotFound'
}

/** 405 @example throw new exceptions.MethodNotAllowed('read only', { headers: { allow: 'GET' } }) */
export class MethodNotAllowed extends HttpError {
  static override status = 405
  static override errorName = 'MethodNotAllowed'
}

/** 406 @example throw new exceptions.NotAcceptable('JSON only') */
export class NotAcceptable extends HttpError {
  static override status = 406
  static override errorName = 'NotAcceptable'
}

/** 408 @example throw new exceptions.RequestTimeout('body too slow') */
export class RequestTimeout extends HttpError {
  static override status = 408
  static override errorName = 'RequestTimeout'
}

/** 409 @example throw new exceptions.Conflict('username taken') */
export class Conflict extends HttpError {
  static override status = 409
  static override errorName = 'Conflict'
}

/** 410 @example throw new exceptions.Gone('v1 was removed') */
export class Gone extends HttpError {
  static override status = 410
  static override errorName = 'Gone'
}

/** 411 @example throw new exceptions.LengthRequired() */
export class LengthRequired extends HttpError {
  static override status = 411
  static override errorName = 'LengthRequired'
}

/** 413 — body over `maxLength` or a service limit. @example throw new exceptions.RequestEntityTooLarge('file over 10 MB') */
export class RequestEntityTooLarge extends HttpError {
  static override status = 413
  static override errorName = 'RequestEntityTooLarge'
}

/** 415 — body content type the param refuses. @example throw new exceptions.UnsupportedMediaType('send JSON') */
export class UnsupportedMediaType extends HttpError {
  static override status = 415
  static override errorName = 'UnsupportedMediaType'
}

/** 422 @example throw new exceptions.UnprocessableEntity('end before start') */
export class UnprocessableEntity extends HttpError {
  static override status = 422
  static override errorName = 'UnprocessableEntity'
}

/** 429 @example throw new exceptions.TooManyRequests('slow down', { headers: { 'retry-after': '60' } }) */
export class TooManyRequests extends HttpError {
  static override status = 429
  static override errorName = 'TooManyRequests'
}

/** 500 @example throw new exceptions.InternalServerError('cache unavailable') */
export class InternalServerError extends HttpError {
  static override status = 500
  static override errorName = 'InternalServerError'
}

/** 501 @example throw new exceptions.NotImplemented('export to PDF') */
export class NotImplemented extends HttpError {
  static override status = 501
  static override errorName = 'NotImplemented'
}

/** 502 @example throw new exceptions.BadGateway('payment provider answered 500') */
export class BadGateway extends HttpError {
  static override status = 502
  static override errorName = 'BadGateway'
}

/** 503 @example throw new exceptions.ServiceUnavailable('maintenance') */
export class ServiceUnavailable extends HttpError {
  static override status = 503
  static override errorName = 'ServiceUnavailable'
}

/** 504 @example throw new exceptions.GatewayTimeout('search backend timed out') */
export class GatewayTimeout extends HttpError {
  static override status = 504
  static override errorName = 'GatewayTimeout'
}

/**
 * A mistake in how fw is set up (bad route template, second `__as__`, unsupported
 * mount target). Thrown when the service is built, never per request.
 *
 * @example
 * throw new exceptions.ImproperlyConfigured("route '{a}{b}': two params need a literal between them")
 */
export class ImproperlyConfigured extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImproperlyConfigured'
  }
}
