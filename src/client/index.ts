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
import { routesOf, type ClientDocument, type DocOperation, type Route } from './document'
import { buildRequest } from './request'
import type { CallInit, Client } from './types'

export type { APIClassLike, CallInit, CallInput, Client, Wire } from './types'
export type { ClientDocument, DocOperation, DocParameter } from './document'

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
  fetch?: (request: Request) => Response | Promise<Response>
  /** headers sent with every call, or a function giving them (e.g. a fresh token) */
  headers?: HeadersInit | (() => HeadersInit)
  /** the OpenAPI document, or its URL (resolved against `baseURL`); default `/docs/openapi.json`, fetched once */
  document?: ClientDocument | string
  /** credentials sent with every call: `bearer` (a token, or a function giving a fresh one) becomes `Authorization: Bearer <token>` unless `headers` set one */
  auth?: { bearer?: string | (() => string | undefined) }
  /** the fetch `credentials` mode: `'include'` sends the session cookie cross-origin from a browser */
  credentials?: RequestCredentials
}

/**
 * A call that failed: a status outside 2xx, with the server's message and
 * item errors (from the envelope or the problem+json body).
 *
 * @example
 * try { await client.calc.add({ a: 1, b: Number.NaN }) } catch (e) { if (e instanceof ClientError) e.status }
 */
export class ClientError extends Error {
  override name = 'ClientError'
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly errors: unknown[] | undefined,
  ) {
    super(message)
  }
}

type Body = Record<string, unknown>
const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value)

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (/[/+]json\b/i.test(type)) {
    const text = await response.text()
    try {
      return text ? (JSON.parse(text) as unknown) : undefined
    } catch {
      return text
    }
  }
  // A stream of events is handed over as it arrives (the caller reads or cancels it).
  if (/^text\/event-stream\b/i.test(type)) return response.body
  if (type.startsWith('text/')) return response.text()
  return response.blob()
}

function failure(response: Response, body: unknown, operation: DocOperation): ClientError {
  const envelope = operation['x-fw-envelope']
  let message = `${response.status} ${response.statusText}`.trim()
  let errors: unknown[] | undefined
  if (isObject(body)) {
    const text = envelope?.messageKey ? body[envelope.messageKey] : (body.detail ?? body.title)
    if (typeof text === 'string' && text) message = text
    const list = envelope?.errorsKey ? body[envelope.errorsKey] : body.errors
    if (Array.isArray(list)) errors = list
  } else if (typeof body === 'string' && body) {
    message = body
  }
  return new ClientError(message, response.status, body, errors)
}

/**
 * Create a client for a service whose root API class is `C`. Calls mirror
 * the API tree and resolve to the result (envelope unwrapped), or reject
 * with a `ClientError`.
 *
 * @example
 * const client = createClient<typeof RootAPI>({ baseURL: 'http://localhost:8000', document: '/api/docs/openapi.json' })
 * const sum = await client.calc.add({ a: 1, b: 2 }) // 3
 */
export function createClient<C>(options: ClientOptions): Client<C> {
  const baseURL = String(options.baseURL)
  const fetcher = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const { credentials } = options
  const send = credentials ? (request: Request) => fetcher(new Request(request, { credentials })) : fetcher
  let routes: Promise<Map<string, Route>> | undefined

  const baseHeaders = (): Headers => {
    const headers = new Headers(typeof options.headers === 'function' ? options.headers() : options.headers)
    const bearer = options.auth?.bearer
    const token = typeof bearer === 'function' ? bearer() : bearer
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`)
    return headers
  }
  const load = (): Promise<Map<string, Route>> => {
    const document = options.document ?? '/docs/openapi.json'
    if (typeof document === 'object') return (routes ??= Promise.resolve(routesOf(document)))
    routes ??= (async () => {
      // The document may sit behind the same auth as the API (docs/openapi.md, "The typed client"): it gets the client's headers.
      const response = await send(new Request(new URL(document, baseURL.endsWith('/') ? baseURL : `${baseURL}/`), { headers: baseHeaders() }))
      if (!response.ok) throw new ClientError(`fw client: cannot load the OpenAPI document from ${document} (${response.status})`, response.status, await readBody(response), undefined)
      return routesOf((await response.json()) as ClientDocument)
    })()
    // A failed load is retried by the next call.
    routes.catch(() => (routes = undefined))
    return routes
  }

  const call = async (name: string, input: unknown, init: CallInit = {}): Promise<unknown> => {
    const route = (await load()).get(name)
    if (!route) throw new TypeError(`fw client: no operation '${name}' in the OpenAPI document`)
    const request = buildRequest(baseURL, route, isObject(input) ? input : {}, baseHeaders(), init)
    const response = await send(request)
    const body = await readBody(response)
    if (!response.ok) throw failure(response, body, route.operation)
    const resultKey = route.operation['x-fw-envelope']?.resultKey
    return resultKey && isObject(body) && resultKey in body ? body[resultKey] : body
  }

  const node = (path: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, property) => (typeof property === 'symbol' || property === 'then' ? undefined : node([...path, property])),
      apply: (_target, _this, args: unknown[]) => call(path.join('.'), args[0], args[1] as CallInit | undefined),
    })
  return node([]) as Client<C>
}
