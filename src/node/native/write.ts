/**
 * Writing fw's answer to node:http's `ServerResponse` on the native Node path
 * (docs/runtimes.md, "Node: the native path"): a light response (a string,
 * bytes or nothing; see ./response) in one `writeHead` + `end`, with the
 * headers @hono/node-server would send (Content-Length, always the length of
 * the bytes sent; the default content type of a body sent without headers); any other `Response` (streams, event
 * streams, files) is piped with backpressure (../io/send).
 */
import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { sendResponse } from '../io/send'
import { DEFAULT_TYPE, lightParts, type LightParts } from './response'

/** The response head node:http refused (a CR/LF in a value, a bad name), as node reports it. */
const REFUSED_HEADER = new Set([
  'ERR_INVALID_CHAR',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_INVALID_HTTP_TOKEN',
])

/** Whether node:http refused `error` as a header name or value. */
export function isRefusedHeader(error: unknown): boolean {
  return REFUSED_HEADER.has(String((error as { code?: unknown } | null)?.code))
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
}

/** `headers` as node:http takes them; Set-Cookie values kept apart. */
function fromHeaders(headers: Headers, body: LightParts['body']): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value
  })
  const cookies = headers.getSetCookie()
  if (cookies.length) out['set-cookie'] = cookies
  if (body !== null) out['content-type'] ??= DEFAULT_TYPE
  return out
}

/** The framing fields a light body never takes from its headers: the server frames the bytes it has. */
const isFraming = (name: string): boolean =>
  (name.length === 14 && name.toLowerCase() === 'content-length') ||
  (name.length === 17 && name.toLowerCase() === 'transfer-encoding')

/**
 * `fields` and the fields fw `added` apart (`ADD_FIELDS`: a rate limit's, never built into
 * headers) as the flat `[name, value, …]` list node:http writes a head from, without the object
 * copy and own-property checks of the object form (bench/RESULTS-rate-limit.md); with a body of
 * `length` bytes, framed by them (docs/security.md, "Framing integrity"): a declared
 * Content-Length or Transfer-Encoding never goes out, the length of the bytes sent does.
 * node:http checks every name and value as it writes them.
 */
function headLines(
  fields: OutgoingHttpHeaders,
  added: readonly string[] | undefined,
  length: number | undefined,
): OutgoingHttpHeader[] {
  const lines: OutgoingHttpHeader[] = []
  for (const name in fields) {
    if (length !== undefined && isFraming(name)) continue
    // a plain object's value left undefined: written as the Web `Headers` would hold it
    lines.push(name, fields[name] ?? 'undefined')
  }
  if (added !== undefined)
    for (let index = 0; index + 1 < added.length; index += 2) {
      const name = added[index] as string
      if (length === undefined || !isFraming(name)) lines.push(name, added[index + 1] as string)
    }
  if (length !== undefined) lines.push('Content-Length', length)
  return lines
}

/** Write a light response's head and body. */
function writeLight(res: ServerResponse, { status, body, headers, added }: LightParts): void {
  if (headers === undefined) {
    if (body === null) res.writeHead(status).end()
    else
      res
        .writeHead(status, { 'Content-Type': DEFAULT_TYPE, 'Content-Length': byteLength(body) })
        .end(body)
    return
  }
  const fields = headers instanceof Headers ? fromHeaders(headers, body) : headers
  res.writeHead(status, headLines(fields, added, body === null ? undefined : byteLength(body)))
  if (body === null) res.end()
  else res.end(body)
}

/**
 * Send `response` through `res`; `refused(error)` gives the answer for a
 * head node:http refuses (fw's hidden 500), which is sent instead.
 *
 * @example
 * await writeResponse(res, await service.fetch(nativeRequest(req, 'localhost')), () => [500, HIDDEN_500])
 */
export function writeResponse(
  res: ServerResponse,
  response: Response,
  refused: (error: unknown) => [number, string],
): void | Promise<void> {
  const parts = lightParts(response, true)
  try {
    if (parts) return writeLight(res, parts)
    return sendResponse(res, response).catch((error: unknown) => replace(res, error, refused))
  } catch (error) {
    replace(res, error, refused)
  }
}

function replace(
  res: ServerResponse,
  error: unknown,
  refused: (error: unknown) => [number, string],
): void {
  if (res.headersSent || !isRefusedHeader(error)) {
    if (!res.destroyed) res.destroy()
    return
  }
  const [status, body] = refused(error)
  for (const name of res.getHeaderNames()) res.removeHeader(name)
  res
    .writeHead(status, {
      'content-type': 'application/problem+json',
      'content-length': Buffer.byteLength(body),
    })
    .end(body)
}
