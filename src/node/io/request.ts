/**
 * Node `IncomingMessage` → Web `Request`, for fw attached to a Node backend
 * (Express, Koa, Fastify, `node:http`).
 *
 * The body stream is lazy: if fw never reads it (no route matched), the Node
 * request is left untouched for the backend's next handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ReusedBody } from './reuse'
import { readableToWeb } from './streams'
import { usableHost } from '../../utils/host'
import { HOP_BY_HOP } from '../../utils/http'

/** Headers that no longer describe a re-encoded (reused) body. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding'])

export interface WebRequestOptions {
  /** path and query to use instead of `req.url` (Express `req.originalUrl`, Koa `ctx.originalUrl`) */
  url?: string
  /** a body that replaces the Node stream (see `reuseBody`) */
  body?: ReusedBody
  /** the response: its early 'close' (client gone) aborts `request.signal` */
  res?: ServerResponse
}

/** The Request, plus whether fw started reading the Node body. */
export interface WebRequest {
  request: Request
  /** false while the Node stream is untouched (safe to hand to `next()`) */
  readonly bodyStarted: boolean
}

/**
 * The absolute URL of `req` at `path` (its path and query): the scheme of its
 * socket, its Host (`localhost` when there is none, one with a character no
 * Host has — utils/host.ts — or one the URL parser refuses), parsed and
 * normalised by `new URL`. An absolute `path` (an absolute-form target) is
 * returned as it is, for `new Request` to parse.
 *
 * @example
 * requestUrl(req, req.originalUrl) // 'http://example.com/api/ping'
 */
export function requestUrl(req: IncomingMessage, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  const encrypted =
    req.socket !== null && req.socket !== undefined && Reflect.get(req.socket, 'encrypted') === true
  const protocol = encrypted ? 'https' : 'http'
  const authority = req.headers.host ?? req.headers[':authority']
  // a Host with a character no Host has (`/`, `?`, `@`, …) would move into the path the backend routed
  const host =
    typeof authority === 'string' && authority !== '' && usableHost(authority)
      ? authority
      : 'localhost'
  const rest = path.startsWith('/') ? path : `/${path}`
  try {
    return new URL(`${protocol}://${host}${rest}`).href
  } catch {
    // A Host header URL() refuses: keep the path, drop the host.
    return new URL(rest, `${protocol}://localhost`).href
  }
}

/** Whether `req` declares a body on the wire (a Transfer-Encoding, or a Content-Length other than 0). */
export function hasWireBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true
  const length = req.headers['content-length']
  return length !== undefined && length !== '0'
}

/**
 * Build a Web `Request` for a Node request.
 *
 * @example
 * const { request } = toWebRequest(req, { url: req.originalUrl, res })
 * const response = await fetch(request)
 */
export function toWebRequest(req: IncomingMessage, options: WebRequestOptions = {}): WebRequest {
  const method = (req.method ?? 'GET').toUpperCase()
  const reused = options.body
  const headers = new Headers()
  const raw = req.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase()
    const value = raw[i + 1] ?? ''
    if (name.startsWith(':') || HOP_BY_HOP.has(name)) continue
    if (
      reused &&
      (BODY_HEADERS.has(name) || (name === 'content-type' && reused.contentType !== undefined))
    )
      continue
    try {
      headers.append(name, value)
    } catch {
      // a value Web Headers refuse (Node is more lenient): leave it out
    }
  }
  if (reused?.contentType) headers.set('content-type', reused.contentType)

  const controller = new AbortController()
  const res = options.res
  if (res) {
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client closed the connection'))
    })
  }

  let body: BodyInit | null = null
  let lazy: { readonly started: boolean } | undefined
  if (method !== 'GET' && method !== 'HEAD') {
    if (reused) body = reused.body
    else if (hasWireBody(req) && !req.readableEnded) {
      const web = readableToWeb(req)
      lazy = web
      body = web.stream
    }
  }
  // `duplex` is required by Node's fetch for stream bodies; lib.dom does not declare it yet.
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    body,
    signal: controller.signal,
  }
  if (body instanceof ReadableStream) init.duplex = 'half'
  const request = new Request(requestUrl(req, options.url ?? req.url ?? '/'), init)
  return {
    request,
    get bodyStarted() {
      return lazy?.started ?? false
    },
  }
}
