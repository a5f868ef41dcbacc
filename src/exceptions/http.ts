/** HTTP errors: the base class, the status table's machinery and the problem+json body (one home for each). */
/**
 * The one status table: each exception class (exceptions/index.ts) by name and its status; each
 * problem+json `title` comes from it too (the name in words, the last name of a status winning,
 * but for the two RFC 9110 renamed).
 */
export const STATUSES = {
  BadRequest: 400,
  Unauthorized: 401,
  PaymentRequired: 402,
  PermissionDenied: 403,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  RequestTimeout: 408,
  Conflict: 409,
  Gone: 410,
  LengthRequired: 411,
  PreconditionFailed: 412,
  RequestEntityTooLarge: 413,
  UnsupportedMediaType: 415,
  UnprocessableEntity: 422,
  TooManyRequests: 429,
  InternalServerError: 500,
  NotImplemented: 501,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
} as const satisfies Record<string, number>

/** The name of a status class in the table. */
export type StatusName = keyof typeof STATUSES

const TITLES: Readonly<Record<number, string>> = {
  ...Object.fromEntries(
    Object.entries(STATUSES).map(([name, status]) => [status, name.replace(/\B(?=\p{Lu})/gu, ' ')]),
  ),
  413: 'Content Too Large',
  422: 'Unprocessable Content',
}

/** The problem+json `title` of a status; undefined for one the table lacks. */
export function statusTitle(status: number): string | undefined {
  return TITLES[status]
}

/**
 * The RFC 9457 problem object fw sends for an error without an envelope
 * (response/render.ts, and the servers' own last-resort 500 in service/run.ts).
 */
export function problem(
  status: number,
  name: string,
  detail: string,
  errors?: readonly ParamIssue[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: 'about:blank',
    title: statusTitle(status) ?? name,
    status,
    detail,
  }
  if (errors?.length) body.errors = errors
  return body
}

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
  declare readonly status: number
  /** Item-level details (param failures); empty for plain errors. */
  declare readonly errors: ParamIssue[]
  /** Extra response headers (e.g. `Allow` for 405). */
  declare readonly headers: Record<string, string>

  constructor(
    message = '',
    options: {
      status?: number
      errors?: ParamIssue[]
      headers?: Record<string, string>
      cause?: unknown
    } = {},
  ) {
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

/** The base of a status class from the table: its status and name as statics (`class NotFound extends statusClass('NotFound') {}`). */
export function statusClass(errorName: StatusName): typeof HttpError {
  const status = STATUSES[errorName]
  return class extends HttpError {
    static override status = status
    static override errorName = errorName
  }
}
