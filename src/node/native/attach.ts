/**
 * fw attached to node:http, Express, Koa and Fastify (docs/runtimes.md, "Node:
 * the native path"; docs/integration.md): fw gets the native stand-in
 * (./request) over the framework's `IncomingMessage`, with the URL and headers
 * a Web `Request` over it would have (../io/request: the path the framework
 * routed, hop-by-hop fields left out, a Host the URL parser refuses read as
 * `localhost`); a light answer (./response) is handed to the framework's
 * response as it is. A body the framework already consumed (express.json(),
 * koa-bodyparser), none declared or a chunked one is read through a Web
 * `Request` (../io/request), and every other answer (streams, files) is piped
 * (../io/send).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { appendSetCookie, HOP_BY_HOP } from '../../utils/http'
import { hostKind } from '../../utils/host'
import {
  hasWireBody,
  requestUrl,
  toWebRequest,
  type WebRequest,
  type WebRequestOptions,
} from '../io/request'
import { sendResponse } from '../io/send'
import { nativeRequestAt } from './request'
import { plainTarget } from './target'
import { DEFAULT_TYPE, lightParts, type LightParts } from './response'

/**
 * Send fw's answer through `res`: a light one (./response) as it is, headers
 * merged into those set before and Set-Cookie appended, no body for HEAD;
 * any other (streams, files, a Web `Response`) piped by ../io/send.
 *
 * @example
 * sendAttached(res, await fetch(attachedRequest(req, { url: req.originalUrl, res }).request))
 */
export function sendAttached(res: ServerResponse, response: Response): void | Promise<void> {
  const parts = lightParts(response)
  if (!parts) return sendResponse(res, response)
  res.statusCode = parts.status
  appendSetCookie(
    res,
    eachHeader(response, parts, (name, value) => res.setHeader(name, value)),
  )
  if (parts.body === null || res.req?.method === 'HEAD') res.end()
  else res.end(parts.body)
}

const NONE: readonly string[] = Object.freeze([])

/**
 * A light answer's body as a Buffer, which Koa and Fastify send as it is (a
 * bare Uint8Array they would serialise; a string Fastify gives a charset).
 *
 * @example
 * reply.send(bufferOf(light.body))
 */
export function bufferOf(body: string | Uint8Array): Buffer {
  return typeof body === 'string'
    ? Buffer.from(body)
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength)
}

/**
 * Hand the headers of `response` (`parts`: its light parts) to `visit`, as
 * `response.headers` gives them, Set-Cookie aside: returned.
 *
 * @example
 * const cookies = eachHeader(response, lightParts(response), (name, value) => reply.header(name, value))
 */
export function eachHeader(
  response: Response,
  parts: LightParts | undefined,
  visit: (name: string, value: string) => void,
): readonly string[] {
  const headers = parts ? parts.headers : response.headers
  if (headers === undefined) {
    if (parts?.body !== null) visit('content-type', DEFAULT_TYPE)
    return NONE
  }
  // A light body is whole: the framework frames its bytes itself (docs/security.md, "Framing integrity").
  const whole = parts !== undefined && parts.body !== null
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      if (name !== 'set-cookie' && !(whole && isFraming(name))) visit(name, value)
    })
    return headers.getSetCookie()
  }
  let cookies = NONE
  for (const name of Object.keys(headers)) {
    const value = String(headers[name])
    const lower = name.toLowerCase()
    if (lower === 'set-cookie') cookies = [value]
    else if (!(whole && isFraming(lower))) visit(lower, value)
  }
  return cookies
}

/** Whether `name` (lower case) is a framing field: Content-Length or Transfer-Encoding. */
const isFraming = (name: string): boolean =>
  name === 'content-length' || name === 'transfer-encoding'

const DROPPED_LENGTHS = new Set([...HOP_BY_HOP].map((name) => name.length))

/** A header a Web `Request` over the attachment leaves out (../io/request): hop-by-hop, or an HTTP/2 pseudo-header. */
function dropped(name: string): boolean {
  return (
    name.charCodeAt(0) === 58 ||
    (DROPPED_LENGTHS.has(name.length) && HOP_BY_HOP.has(name.toLowerCase()))
  )
}

/** node's raw header list without the fields left out (`dropped`; the same list when there are none). */
function endToEnd(raw: readonly string[]): readonly string[] {
  let i = 0
  while (i < raw.length && !dropped(raw[i] as string)) i += 2
  if (i >= raw.length) return raw
  const kept = raw.slice(0, i)
  for (i += 2; i + 1 < raw.length; i += 2)
    if (!dropped(raw[i] as string)) kept.push(raw[i] as string, raw[i + 1] as string)
  return kept
}

/**
 * `requestUrl(req, path)` without the URL parser where it would change
 * nothing; else parsed (an absolute-form target too, as `new Request` would:
 * one it refuses throws, as there).
 */
function attachedUrl(req: IncomingMessage, path: string): string {
  const host = req.headers.host
  if (host && hostKind(host) === 'plain' && plainTarget(path)) {
    return `${Reflect.get(req.socket ?? {}, 'encrypted') === true ? 'https' : 'http'}://${host}${path}`
  }
  return new URL(requestUrl(req, path)).href
}

/** Whether a body of `req` is sized by its Content-Length alone (a chunked one: no). */
const sized = (req: IncomingMessage): boolean =>
  hasWireBody(req) && req.headers['transfer-encoding'] === undefined && !req.readableEnded

/**
 * The request fw answers for an attachment: the native stand-in over `req`,
 * unless the framework consumed the body (`options.body`), none is declared
 * or it is chunked (then a Web `Request` over it, ../io/request: its counting
 * reader, as the stand-in's headers leave the Transfer-Encoding out).
 *
 * @example
 * const { request, bodyStarted } = attachedRequest(req, { url: req.originalUrl, res })
 */
export function attachedRequest(req: IncomingMessage, options: WebRequestOptions): WebRequest {
  const method = req.method
  if (options.body || (method !== 'GET' && method !== 'HEAD' && !sized(req)))
    return toWebRequest(req, options)
  const request = nativeRequestAt(
    req,
    attachedUrl(req, options.url ?? req.url ?? '/'),
    options.res,
    endToEnd(req.rawHeaders),
  )
  return {
    request,
    get bodyStarted() {
      return request.bodyUsed
    },
  }
}
