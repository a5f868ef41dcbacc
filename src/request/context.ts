/**
 * The current request as an endpoint sees it (`this.request`).
 *
 * @example
 * @api.get
 * whoami() { return [this.request.method, this.request.path, this.request.headers.get('user-agent')] }
 */
export class RequestContext {
  /** the Web `Request` */
  readonly raw: Request
  /** upper-case HTTP method */
  readonly method: string
  /** the URL path (percent-encoded, as received) */
  readonly path: string
  readonly #arrived: number
  #url?: URL

  constructor(raw: Request, path: string, arrived: number) {
    this.raw = raw
    this.method = raw.method
    this.path = path
    this.#arrived = arrived
  }

  /** when the request arrived */
  get time(): Date {
    return new Date(this.#arrived)
  }

  /** the parsed URL (built on first use: most endpoints never need it) */
  get url(): URL {
    return (this.#url ??= new URL(this.raw.url))
  }

  /** request headers (case-insensitive) */
  get headers(): Headers {
    return this.raw.headers
  }
}
