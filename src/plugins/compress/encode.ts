/**
 * An answer of `fw-api/plugins/compress` once encoded: its init (the coding set, no length, no
 * ranges, a weak ETag) and the stream through `CompressionStream`.
 */
import type { Encoding } from './negotiate'

/** The `CompressionStream` format of each coding. */
export const FORMATS: Readonly<Record<Encoding, string>> = {
  br: 'brotli',
  gzip: 'gzip',
  deflate: 'deflate',
}

/** `response` with `body` compressed with `encoding` as it streams. */
export function compressed(
  response: Response,
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  encoding: Encoding,
): Response {
  const stream = body.pipeThrough(new CompressionStream(FORMATS[encoding] as CompressionFormat))
  return new Response(stream, encodedInit(response, encoding))
}

/**
 * `headers` of an answer once its body is encoded with `encoding`: the coding set, no length, no
 * ranges (its bytes are no longer the identity form's), a strong ETag made weak.
 *
 * @example
 * markEncoded(response.headers, 'gzip') // Content-Encoding: gzip, ETag "a" → W/"a"
 */
export function markEncoded(headers: Headers, encoding: Encoding): void {
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  headers.delete('accept-ranges')
  const etag = headers.get('etag')
  if (etag?.startsWith('"')) headers.set('etag', `W/${etag}`)
}

/**
 * The init of `response` once its body is encoded with `encoding`: no length, no ranges, a weak
 * ETag. `light`: a response fw's Node server holds as given, whose status text is always the
 * status's own (not read: reading it would make the Web `Response` of it). `encodeBody`
 * (Workers): `manual`, the body is encoded already (the runtime would otherwise compress it
 * again); `automatic`, the runtime encodes it as it sends it. Other runtimes ignore it.
 */
export function encodedInit(
  response: Response,
  encoding: Encoding,
  light = false,
  encodeBody: 'manual' | 'automatic' = 'manual',
): ResponseInit {
  const headers = new Headers(response.headers)
  markEncoded(headers, encoding)
  const init: ResponseInit & { encodeBody: 'manual' | 'automatic' } = {
    status: response.status,
    statusText: light ? undefined : response.statusText,
    headers,
    encodeBody,
  }
  return init
}
