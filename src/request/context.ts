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
  /**
   * The second argument `service.fetch` was called with: Workers bindings
   * (`this.request.env.MY_KV`); Node backends pass `{ incoming, outgoing }`.
   */
  readonly env: unknown
  /** The third argument of `service.fetch`: the Workers `ExecutionContext` (`waitUntil`). */
  readonly ctx: unknown
  readonly #arrived: number
  #url?: URL

  constructor(raw: Request, path: string, arrived: number, env?: unknown, ctx?: unknown) {
    this.raw = raw
    this.method = raw.method
    this.path = path
    this.#arrived = arrived
    this.env = env
    this.ctx = ctx
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
