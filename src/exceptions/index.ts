/**
 * HTTP exceptions. Throw one from an endpoint and fw answers with its status and
 * the message `<Name>: <text>` (in the envelope, or as RFC 9457 problem+json).
 *
 * @example
 * throw new exceptions.NotFound('article 42')   // 404 "NotFound: article 42"
 */

/** One failed item, as listed in problem+json `errors`. */
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

/** Base class of every exception that maps to an HTTP status. */
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

function define(errorName: string, status: number): typeof HttpError {
  // A named class per status keeps `instanceof` and stack traces readable.
  const cls = class extends HttpError {
    static override status = status
    static override errorName = errorName
  }
  Object.defineProperty(cls, 'name', { value: errorName })
  return cls
}

/** 400 — a value failed its rule or conversion. */
export const BadRequest = define('BadRequest', 400)
/** 401 */
export const Unauthorized = define('Unauthorized', 401)
/** 402 */
export const PaymentRequired = define('PaymentRequired', 402)
/** 403 */
export const PermissionDenied = define('PermissionDenied', 403)
/** 403 (alias of PermissionDenied under its HTTP name) */
export const Forbidden = define('Forbidden', 403)
/** 404 */
export const NotFound = define('NotFound', 404)
/** 405 */
export const MethodNotAllowed = define('MethodNotAllowed', 405)
/** 406 */
export const NotAcceptable = define('NotAcceptable', 406)
/** 408 */
export const RequestTimeout = define('RequestTimeout', 408)
/** 409 */
export const Conflict = define('Conflict', 409)
/** 410 */
export const Gone = define('Gone', 410)
/** 411 */
export const LengthRequired = define('LengthRequired', 411)
/** 413 — body over `maxLength` or a service limit. */
export const RequestEntityTooLarge = define('RequestEntityTooLarge', 413)
/** 415 — body content type the param refuses. */
export const UnsupportedMediaType = define('UnsupportedMediaType', 415)
/** 422 */
export const UnprocessableEntity = define('UnprocessableEntity', 422)
/** 429 */
export const TooManyRequests = define('TooManyRequests', 429)
/** 500 */
export const InternalServerError = define('InternalServerError', 500)
/** 501 */
export const NotImplemented = define('NotImplemented', 501)
/** 502 */
export const BadGateway = define('BadGateway', 502)
/** 503 */
export const ServiceUnavailable = define('ServiceUnavailable', 503)
/** 504 */
export const GatewayTimeout = define('GatewayTimeout', 504)

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
