/**
 * HTTP facts shared by the renderers, the Node bridge and the framework adapters, and the one
 * normalisation of an outgoing `Response`'s framing (below, `framed` / `outgoingResponse`).
 */
import { isAsciiDigits } from './chars'

/**
 * The `Content-Type` field's name as `Headers` takes it (one string in a bundle, however many read it).
 *
 * @example
 * headers.get(CONTENT_TYPE) // 'application/json'
 */
export const CONTENT_TYPE = 'content-type'

/**
 * The `Content-Length` field's name as `Headers` takes it.
 *
 * @example
 * headers.set(CONTENT_LENGTH, String(blob.size))
 */
export const CONTENT_LENGTH = 'content-length'

const TRANSFER_ENCODING = 'transfer-encoding'

/**
 * Whether responses with this status never carry a body (RFC 9110: 204, 205, 304).
 *
 * @example
 * isNullBodyStatus(204) // true
 */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304
}

/**
 * Connection-specific header fields (RFC 9110 §7.6.1): they describe one hop,
 * so they are never copied between a Node message and a Web Request/Response.
 *
 * @example
 * HOP_BY_HOP.has('keep-alive') // true
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  TRANSFER_ENCODING,
  'proxy-connection',
  'upgrade',
  'expect',
  'te',
  'http2-settings',
])

/** What `appendSetCookie` needs of a Node `ServerResponse`. */
export interface SetCookieTarget {
  getHeader(name: string): number | string | string[] | undefined
  setHeader(name: string, value: string[]): unknown
}

/**
 * Add Set-Cookie values after any already set on `res` (by other middleware),
 * never replacing them.
 *
 * @example
 * appendSetCookie(res, response.headers.getSetCookie())
 */
export function appendSetCookie(res: SetCookieTarget, cookies: readonly string[]): void {
  if (cookies.length === 0) return
  const prior = res.getHeader('set-cookie')
  const list = prior === undefined ? [] : Array.isArray(prior) ? prior : [String(prior)]
  res.setHeader('set-cookie', [...list, ...cookies])
}

/**
 * Whether `value` is a Web `Response` of this realm, or one of another realm
 * or library (undici's, @hono/node-server's) recognised by its shape: a
 * numeric status, headers with `get`/`forEach`, a body that is null or a
 * stream, `arrayBuffer()`. Never a plain object that merely has `status`,
 * `headers` and `body` keys (data).
 *
 * @example
 * isResponseLike(new Response('x')) // true
 * isResponseLike(await undici.fetch(url)) // true, whatever the global Response is
 * isResponseLike({ status: 200, headers: {}, body: '' }) // false
 */
export function isResponseLike(value: unknown): value is Response {
  if (value instanceof Response) return true
  if (typeof value !== 'object' || value === null) return false
  // one expression, the same tests in the same order: a plain result fails at `status`, as before
  const candidate = value as {
    status?: unknown
    arrayBuffer?: unknown
    headers?: { get?: unknown; forEach?: unknown } | null
    body?: { getReader?: unknown } | null
  }
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.arrayBuffer === 'function' &&
    typeof candidate.headers?.get === 'function' &&
    typeof candidate.headers.forEach === 'function' &&
    (candidate.body === null || typeof candidate.body?.getReader === 'function')
  )
}

/**
 * A request that is framed by its server by construction carries this key,
 * `true` (fw's native Node requests, docs/runtimes.md): read by the body
 * reader as `markFramed` is, without a WeakSet entry per request.
 *
 * @example
 * Object.defineProperty(NativeRequest.prototype, FRAMED, { value: true })
 */
export const FRAMED: unique symbol = Symbol('fw.framed')

/**
 * A request that can read its whole body as UTF-8 text and hand it to `use`
 * in the same promise step carries a method under this key (fw's native Node
 * requests): the framed text read takes one promise hop, not three. A read
 * that fails rejects with `fail(error)`; what `use` throws rejects as it is.
 *
 * @example
 * const read = (request as Partial<TextReader>)[READ_TEXT]
 * if (read) return read.call(request, JSON.parse, (error) => new Error('unreadable', { cause: error }))
 */
export const READ_TEXT: unique symbol = Symbol('fw.readText')

/** The method under `READ_TEXT`. */
export interface TextReader {
  [READ_TEXT]<T>(use: (text: string) => T, fail: (error: unknown) => unknown): Promise<T>
}

// Framing integrity (SPEC §5.1, docs/security.md "Framing integrity"): a
// `Response` a handler returns is made safe to send on a keep-alive
// connection before any server writes it, on every runtime. Its framing
// headers are the server's business: a Content-Length fw cannot vouch for is
// dropped (every server then frames the body by the bytes it sends), a
// Transfer-Encoding is dropped, and a body `fetch()` already decoded loses the
// upstream's Content-Encoding and Content-Length (and the upstream's
// hop-by-hop fields). A `Response` from another realm or library (undici's,
// @hono/node-server's) is recognised by its shape and rebuilt as this
// runtime's own.

/** The content codings `fetch()` decodes (undici, Bun, Deno): a fetched body with one of them arrives decoded. */
const DECODED_BY_FETCH: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate', 'br', 'zstd'])

/** The members of a `Response` read here, as every implementation has them. */
interface ResponseShape {
  status: number
  statusText: string
  url: string
  headers: Headers
  body: ReadableStream<Uint8Array> | null
}

/** Whether `coding` (a Content-Encoding value) is one `fetch()` has undone: every listed coding is one it decodes. */
function decodedByFetch(coding: string): boolean {
  return coding.split(',').every((part) => DECODED_BY_FETCH.has(part.trim().toLowerCase()))
}

/** The header fields of `response` that must not go out with it (none: the usual case). */
function unframed(response: ResponseShape): readonly string[] {
  const headers = response.headers
  const length = headers.get(CONTENT_LENGTH)
  const coding = headers.get('content-encoding')
  const transfer = headers.get(TRANSFER_ENCODING)
  // The other hop-by-hop fields only matter on a fetched Response, which has one of these or a Connection.
  if (length === null && coding === null && transfer === null && !headers.has('connection'))
    return NONE
  const drop: string[] = []
  if (transfer !== null) drop.push(TRANSFER_ENCODING)
  // Only fetch() gives a Response a URL: its headers describe the upstream's hop.
  const fetched = response.url !== ''
  const decoded = fetched && coding !== null && decodedByFetch(coding)
  if (decoded) drop.push('content-encoding')
  if (length !== null && !held.has(response) && mismatched(response, length, fetched && !decoded))
    drop.push(CONTENT_LENGTH)
  if (fetched)
    for (const name of HOP_BY_HOP)
      if (name !== TRANSFER_ENCODING && headers.has(name)) drop.push(name)
  return drop
}

/**
 * Whether a declared Content-Length (`length`) cannot be trusted to match the
 * bytes sent: any on a body fw did not count, unless `fetch()` streams it as
 * the upstream sent it (`wire`); on a null body anything but 0 (a null-body
 * status may state its representation's length).
 */
function mismatched(response: ResponseShape, length: string, wire: boolean): boolean {
  if (response.body === null) return length.trim() !== '0' && !isNullBodyStatus(response.status)
  return !wire
}

const NONE: readonly string[] = Object.freeze([])

/** Responses whose body fw holds to their declared Content-Length (`heldToLength`): the length is kept. */
const held = new WeakSet<object>()

/** A Content-Length value as a byte count; `undefined` when it is no plain decimal count. */
function lengthOf(value: string): number | undefined {
  const text = value.trim()
  return isAsciiDigits(text, 15) ? Number(text) : undefined
}

/**
 * A streamed `body` with its declared Content-Length kept (a download the handler sized):
 * a Response whose body is held to `headers`' length — a byte past it, or an end before it,
 * errors the stream, so the server cuts the connection instead of sending a body out of step
 * with its framing (SPEC §5.1). Without a usable length the Response is framed like every other
 * (`framed`: the length dropped, the body framed by its bytes).
 *
 * @example
 * heldToLength(file.stream(), 200, new Headers({ 'content-length': String(file.size) }))
 */
export function heldToLength(
  body: ReadableStream<Uint8Array>,
  status: number,
  headers: Headers,
): Response {
  const declared = headers.get(CONTENT_LENGTH)
  const length = declared === null ? undefined : lengthOf(declared)
  if (length === undefined || isNullBodyStatus(status))
    return new Response(body, { status, headers })
  let sent = 0
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength
        if (sent > length)
          controller.error(new Error(`fw: the body ran past its Content-Length (${length})`))
        else controller.enqueue(chunk)
      },
      flush(controller) {
        if (sent < length)
          controller.error(
            new Error(`fw: the body ended at ${sent} of its Content-Length (${length}) bytes`),
          )
      },
    }),
  )
  const response = new Response(counted, { status, headers })
  held.add(response)
  return response
}

/**
 * `response` as this runtime's own `Response`, framed by the bytes it will
 * send (see the file comment): the same object when nothing needs changing,
 * its headers edited in place where they are mutable, else a copy. Never
 * throws: a response whose headers cannot be read (a value the light Node
 * response keeps unchecked) or copied is given back as it is, for the server
 * to refuse as before (fw's hidden 500).
 *
 * @example
 * framed(await fetch(upstream)) // decoded body: no Content-Encoding, no Content-Length
 * framed(new Response('25 bytes', { headers: { 'content-length': '5' } })) // Content-Length dropped
 */
export function framed(response: Response): Response {
  try {
    const shape = response as ResponseShape
    const drop = unframed(shape)
    if (response instanceof Response) {
      if (drop.length === 0) return response
      // edited in place unless its headers are immutable (a fetch() Response's): then a copy
      try {
        for (const name of drop) shape.headers.delete(name)
        return response
      } catch {}
    }
    const headers = new Headers(shape.headers)
    for (const name of drop) headers.delete(name)
    const status = shape.status
    const body = isNullBodyStatus(status) ? null : shape.body
    return new Response(body, { status, statusText: shape.statusText, headers })
  } catch {
    return response
  }
}

/**
 * `value` as the `Response` fw sends when it is one (of any realm, see
 * `isResponseLike`), framed (see `framed`); undefined when it is not a
 * `Response`.
 *
 * @example
 * const response = outgoingResponse(await handler())
 * if (response) return response
 */
export function outgoingResponse(value: unknown): Response | undefined {
  return isResponseLike(value) ? framed(value) : undefined
}
