/**
 * Framing integrity (SPEC §5.1, docs/security.md "Framing integrity"): a
 * `Response` a handler returns is made safe to send on a keep-alive
 * connection before any server writes it, on every runtime. Its framing
 * headers are the server's business: a Content-Length fw cannot vouch for is
 * dropped (every server then frames the body by the bytes it sends), a
 * Transfer-Encoding is dropped, and a body `fetch()` already decoded loses the
 * upstream's Content-Encoding and Content-Length (and the upstream's
 * hop-by-hop fields). A `Response` from another realm or library (undici's,
 * @hono/node-server's) is recognised by its shape and rebuilt as this
 * runtime's own.
 */
import { HOP_BY_HOP, isNullBodyStatus, isResponseLike } from '../utils/http'

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
  for (const part of coding.split(','))
    if (!DECODED_BY_FETCH.has(part.trim().toLowerCase())) return false
  return true
}

/** The header fields of `response` that must not go out with it (none: the usual case). */
function unframed(response: ResponseShape): readonly string[] {
  const headers = response.headers
  const length = headers.get('content-length')
  const coding = headers.get('content-encoding')
  const transfer = headers.get('transfer-encoding')
  // The other hop-by-hop fields only matter on a fetched Response, which has one of these or a Connection.
  if (length === null && coding === null && transfer === null && !headers.has('connection'))
    return NONE
  const drop: string[] = []
  if (transfer !== null) drop.push('transfer-encoding')
  // Only fetch() gives a Response a URL: its headers describe the upstream's hop.
  const fetched = response.url !== ''
  const decoded = fetched && coding !== null && decodedByFetch(coding)
  if (decoded) drop.push('content-encoding')
  if (length !== null && mismatched(response, length, fetched && !decoded))
    drop.push('content-length')
  if (fetched)
    for (const name of HOP_BY_HOP)
      if (name !== 'transfer-encoding' && headers.has(name)) drop.push(name)
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
    return reframed(response as ResponseShape, response instanceof globalThis.Response)
  } catch {
    return response
  }
}

function reframed(shape: ResponseShape, own: boolean): Response {
  const response = shape as unknown as Response
  const drop = unframed(shape)
  if (own && drop.length === 0) return response
  if (own && dropInPlace(shape.headers, drop)) return response
  const headers = new Headers(shape.headers)
  for (const name of drop) headers.delete(name)
  const status = shape.status
  const body = isNullBodyStatus(status) ? null : shape.body
  return new globalThis.Response(body, { status, statusText: shape.statusText, headers })
}

/** Delete `names` from `headers`; false when they are immutable (a fetch() Response's), nothing changed then. */
function dropInPlace(headers: Headers, names: readonly string[]): boolean {
  try {
    for (const name of names) headers.delete(name)
    return true
  } catch {
    return false
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
