import type { ClientAddressing, ForwardedClient } from './client'
import { parseCookies } from './parse'
import { parseQuery, type QueryValues } from './query'
import { ADD_FIELDS, type FieldsAdding } from '../utils/added-fields'

/** Options of `this.respond(...)`. */
export interface RespondInit {
  status?: number
  /** the envelope's message (ignored without an envelope) */
  message?: string
  /** the envelope's business state code (its template's `stateKey`) */
  state?: unknown
  /** the envelope's total count (its template's `countKey`) */
  count?: number
  headers?: HeadersInit
}

/** Renders a value with the nearest response template of the code that is running. */
export type Responder = (value: unknown, init?: RespondInit) => Response

/**
 * The `Response` `this.respond(value)` returns, carrying `value`'s type at
 * the type level only, so the typed client resolves to it.
 *
 * @example
 * const answer: api.Responded<{ id: number }> = this.respond({ id: 1 }, { status: 201 })
 */
export type Responded<T> = Response & { readonly '~result'?: () => T }

const noResponder: Responder = () => {
  throw new Error('fw: this.respond() is only available while fw is handling a request')
}

/**
 * The types of `this.request.env`, `.ctx` and `.state`, declared once per API
 * class: `class RootAPI extends api.API<{ env: Env; state: { user?: string } }>`
 * (what Hono's `new Hono<{ Bindings; Variables }>()` declares). Omitted
 * members stay `unknown` (`env`, `ctx`) and `Record<string, unknown>` (`state`).
 *
 * @example
 * interface AppContext { env: { GREETING: string; KV: KVNamespace }; ctx: ExecutionContext; state: { user?: string } }
 * class RootAPI extends api.API<AppContext> {}
 */
export interface ContextTypes {
  /** Workers bindings (the 2nd argument of `service.fetch`) */
  env?: unknown
  /** the Workers `ExecutionContext` (the 3rd argument) */
  ctx?: unknown
  /** what plugins, hooks and endpoints keep in `this.request.state` */
  state?: object
}

/** The type of `this.request.env` for a `ContextTypes`. */
export type EnvOf<C extends ContextTypes> = C extends { env: infer E } ? E : unknown
/** The type of `this.request.ctx` for a `ContextTypes`. */
export type CtxOf<C extends ContextTypes> = C extends { ctx: infer X } ? X : unknown
/** The type of `this.request.state` for a `ContextTypes` (declared keys typed; others `unknown`). */
export type StateOf<C extends ContextTypes> = (C extends { state: infer S } ? S : {}) &
  Record<string, unknown>

/**
 * The one per-request object (`this.request`): the Web `Request`, its path and
 * lazily parsed query and cookies, the body once read, Workers `env`/`ctx`,
 * and `state`, shared by plugins, hooks and endpoints of every API class on
 * the route. Created once per request by the service; nothing is parsed that
 * the endpoint does not ask for.
 *
 * @example
 * @api.get
 * whoami() { return [this.request.method, this.request.path, this.request.headers.get('user-agent')] }
 */
export class RequestContext<C extends ContextTypes = {}> {
  /**
   * the Web `Request` (under `service.run()` on Node, a stand-in read straight
   * from node:http that builds it on first use of a member it does not keep:
   * docs/runtimes.md, "Node: the native path")
   */
  declare readonly raw: Request
  /** upper-case HTTP method */
  declare readonly method: string
  /** the URL path (percent-encoded, as received) */
  declare readonly path: string
  /** the raw query string, without `?` */
  declare readonly search: string
  /**
   * The second argument `service.fetch` was called with: Workers bindings
   * (`this.request.env.MY_KV`); Node backends pass `{ incoming, outgoing }`.
   */
  declare readonly env: EnvOf<C>
  /** The third argument of `service.fetch`: the Workers `ExecutionContext` (`waitUntil`); typed by the class's `api.API<{ ctx }>`. */
  declare readonly ctx: CtxOf<C>
  /** when the request arrived (epoch ms) */
  declare readonly arrived: number
  /** the template of the route that matched (`/api/articles/{slug}`), set by the router (fw-api/otel names spans by it); none matched: undefined */
  route: string | undefined
  /** the request id (set by `plugins.RequestId`) */
  id: string | undefined
  /** @internal how `respond()` renders here: the nearest template of the running endpoint or hook */
  responder: Responder = noResponder
  /** @internal values of the endpoint's `resolve` params (and what resolving them keeps, e.g. fw-api/auth's user), by key */
  resolved: Map<unknown, unknown> | undefined
  /** @internal `Set-Cookie` values added to the endpoint's response (fw-api/auth's session cookie) */
  setCookies: string[] | undefined
  /** @internal headers set on the endpoint's response, `[name, value, …]` (a rate limit's `RateLimit`, fw-api/plugins/rate-limit) */
  responseHeaders: string[] | undefined
  #url?: URL
  #query?: QueryValues
  #cookies?: Record<string, string>
  #state?: StateOf<C>
  #deadline?: AbortController
  #client?: ForwardedClient
  readonly #addressing: ClientAddressing | undefined

  constructor(
    raw: Request,
    path: string,
    search: string,
    arrived: number,
    env?: unknown,
    ctx?: unknown,
    addressing?: ClientAddressing,
  ) {
    this.raw = raw
    this.#addressing = addressing
    this.method = raw.method
    this.path = path
    this.search = search
    this.arrived = arrived
    // typed by the API class's declaration (`api.API<{ env, ctx }>`); the service passes what it was given
    this.env = env as EnvOf<C>
    this.ctx = ctx as CtxOf<C>
  }

  /** when the request arrived */
  get time(): Date {
    return new Date(this.arrived)
  }

  /** the parsed URL (built on first use: most endpoints never need it) */
  get url(): URL {
    return (this.#url ??= new URL(this.raw.url))
  }

  /**
   * The client's address: the peer the runtime reports (Node's socket, `Bun.serve`'s
   * `requestIP`, `Deno.serve`'s `remoteAddr`, Workers' `CF-Connecting-IP`), or the client a
   * trusted proxy names (`trustProxy`); IPv4-mapped IPv6 as IPv4. `undefined` where the server
   * reports none (a host framework that passes no socket, a request built in code).
   *
   * @example
   * @api.get whoami() { return this.request.ip } // '203.0.113.7'
   */
  get ip(): string | undefined {
    return this.#forwarded().ip
  }

  /** The protocol the client used, without `:`: a trusted proxy's (`X-Forwarded-Proto`), else the URL's. */
  get protocol(): string {
    return this.#forwarded().protocol ?? this.url.protocol.slice(0, -1)
  }

  /** The client used HTTPS (or WSS): through a trusted TLS proxy, or the URL's own protocol. */
  get secure(): boolean {
    const protocol = this.protocol
    return protocol === 'https' || protocol === 'wss'
  }

  /** The host the client asked for: a trusted proxy's (`X-Forwarded-Host`), else the URL's. */
  get host(): string {
    return this.#forwarded().host ?? this.url.host
  }

  /** The origin the client sees (`https://shop.example`): `protocol` and `host` (CSRF checks compare `Origin` with it). */
  get origin(): string {
    const forwarded = this.#forwarded()
    if (forwarded.protocol === undefined && forwarded.host === undefined) return this.url.origin
    const protocol = this.protocol
    const host = this.host
    const defaultPort = this.secure ? ':443' : ':80'
    return `${protocol}://${host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host}`
  }

  /** The client as the peer and the trusted proxies say, found on first use. */
  #forwarded(): ForwardedClient {
    if (this.#client !== undefined) return this.#client
    const addressing = this.#addressing
    const peer = addressing?.peer(this.raw, this.env)
    this.#client = addressing?.resolve?.(this.raw.headers, peer) ?? { ip: peer }
    return this.#client
  }

  /** request headers (case-insensitive) */
  get headers(): Headers {
    return this.raw.headers
  }

  /** the query string parsed once: a string per key, an array when the key repeats */
  get query(): QueryValues {
    return (this.#query ??= parseQuery(this.search))
  }

  /** the `Cookie` header parsed once */
  get cookies(): Record<string, string> {
    return (this.#cookies ??= parseCookies(this.raw.headers.get('cookie')))
  }

  /**
   * One object per request, shared by plugins, hooks and endpoints of every
   * API class on the route (UtilMeta's `RequestContextVar`).
   *
   * @example
   * @api.before(SubAPI) mark() { this.request.state.testId = 3 }
   */
  get state(): StateOf<C> {
    return (this.#state ??= {} as StateOf<C>)
  }

  /**
   * Aborts (`reason`: the `GatewayTimeout`) when the endpoint's deadline passes and the request
   * is answered 504 (`timeout`, `static timeout`, `@api.timeout`): work for it can stop.
   * @example await fetch(upstream, { signal: this.request.signal })
   */
  get signal(): AbortSignal {
    return (this.#deadline ??= new AbortController()).signal
  }

  /** @internal the deadline passed (pipeline/chain.ts): abort `signal` with `reason` */
  expire(reason: unknown): void {
    ;(this.#deadline ??= new AbortController()).abort(reason)
  }
}

/**
 * `response` with the request's pending `Set-Cookie` values (`context.setCookies`) appended and
 * its pending headers (`context.responseHeaders`: a rate limit's) set; the same object when there
 * are none. A response with immutable headers (`Response.redirect`, a fetched one) is copied first.
 */
export function withSetCookies(context: RequestContext, response: Response): Response {
  const cookies = context.setCookies
  const headers = context.responseHeaders
  if (cookies === undefined && headers === undefined) return response
  context.setCookies = undefined
  context.responseHeaders = undefined
  try {
    addPending(response, cookies, headers)
    return response
  } catch {
    const copy = new Response(response.body, response)
    addPending(copy, cookies, headers)
    return copy
  }
}

/** Whether `target` took `fields` as they are (`ADD_FIELDS`: fw's light responses on its Node server). */
function addsFields(target: Response, fields: readonly string[]): boolean {
  const add = (target as Partial<FieldsAdding>)[ADD_FIELDS]
  return typeof add === 'function' && add.call(target, fields)
}

/** `cookies` and `headers` appended to `target`'s headers (no closure per request: `withSetCookies` runs on every answer that has some). */
function addPending(
  target: Response,
  cookies: readonly string[] | undefined,
  headers: readonly string[] | undefined,
): void {
  // no cookies: the fields go with the head as they are where the response takes them (ADD_FIELDS)
  if (cookies === undefined && headers !== undefined && addsFields(target, headers)) return
  const fields = target.headers
  if (cookies !== undefined) for (const cookie of cookies) fields.append('set-cookie', cookie)
  // appended: the `RateLimit` fields of several policies make one list (draft-ietf-httpapi-ratelimit-headers)
  if (headers !== undefined)
    for (let index = 0; index + 1 < headers.length; index += 2)
      fields.append(headers[index] as string, headers[index + 1] as string)
}
