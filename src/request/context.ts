import type { FramingCheck } from '../types'
import { parseCookies } from './parse'

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
  readonly raw: Request
  /** upper-case HTTP method */
  readonly method: string
  /** the URL path (percent-encoded, as received) */
  readonly path: string
  /** the raw query string, without `?` */
  readonly search: string
  /**
   * The second argument `service.fetch` was called with: Workers bindings
   * (`this.request.env.MY_KV`); Node backends pass `{ incoming, outgoing }`.
   */
  readonly env: EnvOf<C>
  /** The third argument of `service.fetch`: the Workers `ExecutionContext` (`waitUntil`); typed by the class's `api.API<{ ctx }>`. */
  readonly ctx: CtxOf<C>
  /** when the request arrived (epoch ms) */
  readonly arrived: number
  /** the request id (set by `plugins.RequestId`) */
  id: string | undefined = undefined
  /** @internal how `respond()` renders here: the nearest template of the running endpoint or hook */
  responder: Responder = noResponder
  /** @internal values of the endpoint's `resolve` params (and what resolving them keeps, e.g. fw-api/auth's user), by key */
  resolved: Map<unknown, unknown> | undefined = undefined
  /** @internal `Set-Cookie` values added to the endpoint's response (fw-api/auth's session cookie) */
  setCookies: string[] | undefined = undefined
  #url?: URL
  #query?: QueryValues
  #cookies?: Record<string, string>
  #state?: StateOf<C>
  #deadline?: AbortController

  /** how the service recognises a request its server framed (serve/traits.ts); none: by `env` alone */
  readonly framing: FramingCheck | undefined

  constructor(
    raw: Request,
    path: string,
    search: string,
    arrived: number,
    env?: unknown,
    ctx?: unknown,
    framing?: FramingCheck,
  ) {
    this.raw = raw
    this.framing = framing
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

  /** @internal the deadline passed (compile/pipeline.ts): abort `signal` with `reason` */
  expire(reason: unknown): void {
    ;(this.#deadline ??= new AbortController()).abort(reason)
  }
}

/**
 * `response` with the request's pending `Set-Cookie` values (`context.setCookies`)
 * appended; the same object when there are none. A response with immutable
 * headers (`Response.redirect`, a fetched one) is copied first.
 */
export function withSetCookies(context: RequestContext, response: Response): Response {
  const cookies = context.setCookies
  if (cookies === undefined) return response
  context.setCookies = undefined
  let target = response
  try {
    for (const cookie of cookies) target.headers.append('set-cookie', cookie)
  } catch {
    target = new Response(response.body, response)
    for (const cookie of cookies) target.headers.append('set-cookie', cookie)
  }
  return target
}

/** Query values by name: a string, or an array when the key repeats (null prototype). */
export type QueryValues = Record<string, string | string[]>

const PLUS = /\+/g

/** `+` → space, then percent-decode; `undefined` when the text is not valid percent-encoded UTF-8. */
function decodeQueryPart(text: string): string | undefined {
  const spaced = text.includes('+') ? text.replace(PLUS, ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return undefined
  }
}

/**
 * Parse a query string exactly as `new URLSearchParams(search)` does (WHATWG
 * urlencoded parsing), into the shape of `queryObject`, without building a
 * URLSearchParams: ASCII text with valid percent-encoding (every URL a
 * `Request` serialises) is split by hand; anything else goes through
 * URLSearchParams, whose lenient decoding then applies.
 *
 * @example
 * parseQuery('page=2&tag=a&tag=b') // { page: '2', tag: ['a', 'b'] }
 */
export function parseQuery(search: string): QueryValues {
  const out: QueryValues = Object.create(null)
  if (!search) return out
  const kind = queryKind(search)
  if (kind === NEEDS_URL_SEARCH_PARAMS) return queryObject(new URLSearchParams(search))
  const length = search.length
  let start = search.charCodeAt(0) === 0x3f ? 1 : 0 // URLSearchParams drops one leading '?'
  while (start < length) {
    let end = search.indexOf('&', start)
    if (end < 0) end = length
    if (end > start) {
      const equalsAt = search.indexOf('=', start)
      const hasValue = equalsAt >= 0 && equalsAt < end
      const rawName = search.slice(start, hasValue ? equalsAt : end)
      const rawValue = hasValue ? search.slice(equalsAt + 1, end) : ''
      // Nothing to decode anywhere (no '+' or '%'): the slices are the names and values.
      const name = kind === PLAIN ? rawName : decodeQueryPart(rawName)
      const value = kind === PLAIN ? rawValue : decodeQueryPart(rawValue)
      if (name === undefined || value === undefined) return queryObject(new URLSearchParams(search))
      addRepeated(out, name, value)
    }
    start = end + 1
  }
  return out
}

/** ASCII with neither `+` nor `%` (split as is), ASCII to decode, or anything else (URLSearchParams). */
const PLAIN = 0
const ENCODED = 1
const NEEDS_URL_SEARCH_PARAMS = 2

/** One pass over the query string says how it is parsed (instead of a regex, then two `includes` per name and value). */
function queryKind(search: string): number {
  let kind = PLAIN
  for (let index = 0; index < search.length; index++) {
    const code = search.charCodeAt(index)
    if (code > 0x7f) return NEEDS_URL_SEARCH_PARAMS
    if (code === 0x2b || code === 0x25) kind = ENCODED
  }
  return kind
}

/** Everything under one query key: a string, or an array when the key repeats. */
export function queryObject(query: URLSearchParams): QueryValues {
  const out: Record<string, string | string[]> = Object.create(null)
  for (const [key, value] of query) addRepeated(out, key, value)
  return out
}

/**
 * Add `value` under `key`: the value itself the first time, an array from the
 * second time on — "a repeated key becomes an array", the one rule query strings,
 * form bodies and multipart bodies share. The target is a null-prototype object, and a
 * `__proto__` key is dropped outright (no query or form field has a legitimate
 * use for that name, and dropping it keeps later copies into plain objects safe).
 *
 * @example
 * const out: Record<string, string | string[]> = Object.create(null)
 * addRepeated(out, 'a', '1'); addRepeated(out, 'a', '2') // out.a → ['1', '2']
 */
export function addRepeated<T>(out: Record<string, T | T[]>, key: string, value: T): void {
  if (key === '__proto__') return
  const existing = out[key]
  if (existing === undefined) out[key] = value
  else if (Array.isArray(existing)) existing.push(value)
  else out[key] = [existing, value]
}
