/**
 * `fw-api/client`: a typed client for an fw service (docs/openapi.md). Types come
 * from a type-only import of the API classes; routes come from the service's
 * OpenAPI document, so no server code reaches a browser or Worker bundle.
 *
 * @example
 * import { createClient } from 'fw-api/client'
 * import type { RootAPI } from './app'
 * const client = createClient<typeof RootAPI>({ baseURL: 'http://localhost:8000', document: '/api/docs/openapi.json' })
 * await client.article.getArticle({ slug: 'hello' }) // 'hello'
 */
import { DEFAULT_MAX_BYTES, failure, isObject, readAnswer } from './answer'
import { asyncapiBeside, type ClientAsyncAPI } from './channels'
import { routesOf, type ClientDocument, type Route } from './document'
import { ClientError } from './error'
import { sendFollowing, type Send } from './redirect'
import { buildRequest } from './request'
import type { ConnectOptions, WebSocketConstructor } from './socket'
import { socketsLayer } from './sockets'
import type { CallInit, Client, RawResult } from './types'
import { addTraceHeaders } from './trace-headers'

export { ClientError } from './error'
export type { APIClassLike, CallInit, CallInput, Client, RawResult, Wire } from './types'
export type { ClientDocument, DocOperation, DocParameter, DocSchema } from './document'
export type { ClientAsyncAPI } from './channels'
export type {
  ClientSocket,
  ConnectOptions,
  ReconnectOptions,
  SocketErrorFrame,
  WebSocketConstructor,
  WebSocketLike,
} from './socket'
export type { SocketEndpoint } from './types'

/**
 * Options of `createClient`.
 *
 * @example
 * createClient<typeof RootAPI>({ baseURL: 'https://api.example.com', document, headers: { authorization: token } })
 */
export interface ClientOptions {
  /** where the service is reachable, e.g. `http://localhost:8000` (document paths are appended) */
  baseURL: string | URL
  /** the fetch to use (default `globalThis.fetch`); `service.fetch` calls a service in-process */
  fetch?: Send
  /** headers sent with every call, or a function giving them (e.g. a fresh token) */
  headers?: HeadersInit | (() => HeadersInit)
  /** the OpenAPI document, or its URL (resolved against `baseURL`); default `<route>/docs/openapi.json` (where `docs: true` serves it), fetched once */
  document?: ClientDocument | string
  /** the service's `route` option (e.g. `'/api'`): where the default document is looked for; default none */
  route?: string
  /** the largest answer body read, in bytes (default 10 MiB; the document's too); a larger one is a `ClientError` */
  maxBytes?: number
  /** credentials sent with every call: `bearer` (a token, or a function giving a fresh one) becomes `Authorization: Bearer <token>` unless `headers` set one */
  auth?: { bearer?: string | (() => string | undefined) }
  /** the fetch `credentials` mode: `'include'` sends the session cookie cross-origin from a browser */
  credentials?: RequestCredentials
  /** the AsyncAPI document of the socket endpoints, or its URL; default beside the OpenAPI document (`…/asyncapi.json`), fetched on the first `connect` */
  asyncapi?: ClientAsyncAPI | string
  /** the WebSocket constructor of `connect` (`fw-api/client/ws`; default `globalThis.WebSocket`; on Node 20 the `ws` package's) */
  WebSocket?: WebSocketConstructor
}

/** What `call` resolves to before a plain call keeps only the result. */
type Answer = RawResult<unknown>

/** A `maxBytes` option checked (a number ≥ 0; `Infinity` lifts the bound), or `fallback` when not given. */
function bytesBound(maxBytes: number | undefined, fallback: number): number {
  if (maxBytes === undefined) return fallback
  if (typeof maxBytes !== 'number' || !(maxBytes >= 0))
    throw new TypeError(
      `fw client: maxBytes must be a number of bytes ≥ 0, got ${String(maxBytes)}`,
    )
  return maxBytes
}

/**
 * Where `docs: true` serves the document of a service with `route`: `<route>/docs/openapi.json`
 * under `baseURL`, as calls are (a `baseURL` with a path keeps it).
 *
 * @example
 * defaultDocument('http://localhost:8000', '/api') // 'http://localhost:8000/api/docs/openapi.json'
 */
function defaultDocument(baseURL: string, route: string | undefined): string {
  const prefix = (route ?? '').replace(/^\/*/, '/').replace(/\/+$/, '')
  return `${baseURL.replace(/\/+$/, '')}${prefix}/docs/openapi.json`
}

/** A document served as text: parsed as JSON, else kept as the text it is. */
function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The headers every call sends: `options.headers` (called if a function), plus `Authorization: Bearer` from `options.auth` unless set. */
function headersOf(options: ClientOptions): Headers {
  const headers = new Headers(
    typeof options.headers === 'function' ? options.headers() : options.headers,
  )
  const bearer = options.auth?.bearer
  const token = typeof bearer === 'function' ? bearer() : bearer
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`)
  return headers
}

/** The two documents a client reads: the OpenAPI one (calls) and the AsyncAPI one (sockets). */
type Kind = 'OpenAPI' | 'AsyncAPI'

/** The routes of a document: its operations (OpenAPI) or channels (AsyncAPI), by call name. */
const indexOf = (kind: Kind, document: object): Map<string, Route> =>
  kind === 'OpenAPI'
    ? routesOf(document as ClientDocument)
    : (socketsLayer()?.index(document) ?? new Map())

/** The routes of the `kind` document at `document` (resolved against `baseURL`), fetched with `headers`. */
async function fetchRoutes(
  send: Send,
  baseURL: string,
  document: string,
  headers: Headers,
  maxBytes: number,
  kind: Kind,
): Promise<Map<string, Route>> {
  const url = new URL(document, baseURL.endsWith('/') ? baseURL : `${baseURL}/`)
  const response = await sendFollowing(send, { url, method: 'GET', headers, body: undefined })
  const body = await readAnswer(response, {}, 'GET', maxBytes)
  if (!response.ok)
    throw new ClientError(
      `fw client: cannot load the ${kind} document from ${document} (${response.status})${response.status === 404 ? `; give createClient the service's \`route\` (e.g. '/api') or the \`${kind === 'OpenAPI' ? 'document' : 'asyncapi'}\` (its URL or the object)` : ''}`,
      response.status,
      body,
      undefined,
    )
  const parsed = typeof body === 'string' ? parseOrText(body) : body
  if (!isObject(parsed) || !isObject(parsed[kind === 'OpenAPI' ? 'paths' : 'channels']))
    throw new ClientError(
      `fw client: ${document} is not an ${kind} document`,
      response.status,
      undefined,
      undefined,
    )
  return indexOf(kind, parsed)
}

/** A successful answer's parts: the result (out of the route's envelope, if it has one), count and state. */
function unwrapAnswer(response: Response, body: unknown, route: Route): Answer {
  const envelope = route.operation['x-fw-envelope']
  const enveloped = (key: string | undefined): unknown =>
    key !== undefined && isObject(body) ? body[key] : undefined
  const resultKey = envelope?.resultKey
  const result = resultKey && isObject(body) && resultKey in body ? body[resultKey] : body
  const count = enveloped(envelope?.countKey)
  return {
    result,
    count: typeof count === 'number' || count === null ? count : undefined,
    state: enveloped(envelope?.stateKey),
    status: response.status,
    headers: response.headers,
  }
}

/** The name a call path ends in to ask for the whole answer (`client.x.y.raw(input)`). */
const RAW = 'raw'
/** The name a socket endpoint's call path ends in (`client.chat.room.connect(input)`). */
const CONNECT = 'connect'

/**
 * Create a client for a service whose root API class is `C`. Calls mirror
 * the API tree and resolve to the result (envelope unwrapped), or reject
 * with a `ClientError`; `.raw(input)` on a call resolves to
 * `{ result, count, state, status, headers }`.
 *
 * @example
 * const client = createClient<typeof RootAPI>({ baseURL: 'http://localhost:8000', document: '/api/docs/openapi.json' })
 * const sum = await client.calc.add({ a: 1, b: 2 }) // 3
 */
export function createClient<C>(options: ClientOptions): Client<C> {
  const baseURL = String(options.baseURL)
  const fetcher: Send = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const { credentials } = options
  const sent: Send = credentials
    ? (request: Request) => fetcher(new Request(request, { credentials }))
    : fetcher
  // fw-api/otel, when imported: the active span's `traceparent` goes along (client/trace-headers.ts)
  const send: Send = (request: Request) => {
    addTraceHeaders(request.headers)
    return sent(request)
  }
  const clientMaxBytes = bytesBound(options.maxBytes, DEFAULT_MAX_BYTES)
  const baseHeaders = (): Headers => headersOf(options)
  /** The routes of a document, loaded once (a failed load is retried by the next call). */
  const loader = (
    kind: Kind,
    given: () => object | string,
  ): (() => Promise<Map<string, Route>>) => {
    let routes: Promise<Map<string, Route>> | undefined
    return () => {
      const document = given()
      if (typeof document === 'object') return (routes ??= Promise.resolve(indexOf(kind, document)))
      // The document may sit behind the same auth as the API (docs/openapi.md, "The typed client"): it gets the client's headers.
      routes ??= fetchRoutes(send, baseURL, document, baseHeaders(), clientMaxBytes, kind)
      routes.catch(() => (routes = undefined))
      return routes
    }
  }
  const load = loader('OpenAPI', () => options.document ?? defaultDocument(baseURL, options.route))
  const loadChannels = loader(
    'AsyncAPI',
    () =>
      options.asyncapi ?? asyncapiBeside(options.document, defaultDocument(baseURL, options.route)),
  )

  const call = async (route: Route, input: unknown, init: CallInit = {}): Promise<Answer> => {
    const outgoing = buildRequest(baseURL, route, isObject(input) ? input : {}, baseHeaders(), init)
    const response = await sendFollowing(send, outgoing)
    const body = await readAnswer(
      response,
      route.operation,
      outgoing.method,
      bytesBound(init.maxBytes, clientMaxBytes),
    )
    if (!response.ok) throw failure(response, body, route.operation)
    return unwrapAnswer(response, body, route)
  }

  /** The call named by `path`: an operation, or `<operation>.raw` for the whole answer. */
  const dispatch = async (
    path: readonly string[],
    input: unknown,
    init: CallInit | ConnectOptions | undefined,
  ): Promise<unknown> => {
    let unloaded: unknown
    const layer = socketsLayer()
    if (path.at(-1) === CONNECT && !layer)
      unloaded = new TypeError("fw client: connect() needs `import 'fw-api/client/ws'`")
    else if (path.at(-1) === CONNECT && layer) {
      // an HTTP endpoint may be named `connect`: the OpenAPI document is read when no socket matches
      const sockets = await loadChannels().catch((error: unknown) => void (unloaded = error))
      const socketRoute = sockets?.get(path.slice(0, -1).join('.'))
      const context = {
        baseURL,
        headers: baseHeaders(),
        send,
        maxBytes: clientMaxBytes,
        WebSocket: options.WebSocket,
      }
      if (socketRoute)
        return layer.connect(
          context,
          socketRoute,
          isObject(input) ? input : {},
          init as ConnectOptions | undefined,
        )
    }
    const table = await load()
    const name = path.join('.')
    const route = table.get(name)
    if (route) return (await call(route, input, init)).result
    const rawOf = path.at(-1) === RAW ? table.get(path.slice(0, -1).join('.')) : undefined
    if (rawOf) return call(rawOf, input, init)
    if (unloaded) throw unloaded
    throw new TypeError(`fw client: no operation '${name}' in the OpenAPI document`)
  }

  const node = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, property) =>
        typeof property === 'symbol' || property === 'then' ? undefined : node([...path, property]),
      apply: (_target, _this, args: unknown[]) =>
        dispatch(path, args[0], args[1] as CallInit | ConnectOptions | undefined),
    })
  return node([]) as Client<C>
}
