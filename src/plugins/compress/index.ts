/**
 * `fw-api/plugins/compress` (SPEC §14, docs/production.md "Compression"):
 * answers compressed with gzip or deflate (and brotli where the runtime's
 * `CompressionStream` has it), negotiated by `Accept-Encoding`: a body all there at once in one
 * call of the runtime's zlib (./zlib; on Workers by the runtime), a stream through
 * `CompressionStream`. No `node:*` import, so the same entry runs on Workers.
 */
import { Plugin, type PluginResult } from '../../api/plugin'
import { ImproperlyConfigured } from '../../exceptions'
import type { RequestContext } from '../../request/context'
import { contentTypeEssence } from '../../utils/content-type'
import { onWorkers } from '../../utils/runtime'
import { bodySource, keepRenderedBodies } from '../../utils/body-source'
import { renderedListener } from '../../response/render'
import { utf8Length } from '../../utils/bytes'
import { joinedBytes, readOn, readStart, resumed } from '../body-start'
import { appendToken, mutable } from '../headers'
import { LastNegotiated, type Encoding } from './negotiate'
import { compressed, encodedInit, FORMATS, markEncoded } from './encode'
import { type OneShot, oneShot } from './zlib'

export { MAX_CODINGS, negotiate, type Encoding, type Negotiated } from './negotiate'

/**
 * Options of `compress()`.
 *
 * @example
 * service.use(compress({ threshold: 2048, encodings: ['br', 'gzip'] }))
 */
export interface CompressOptions {
  /**
   * The smallest body compressed, in bytes (default 1024). fw's own answers
   * are judged by the text they were rendered from; another body without
   * `Content-Length` is read up to this size to decide (never a live stream:
   * docs/production.md). A request refusing identity (`identity;q=0`) gets a
   * compressed answer whatever its size.
   */
  threshold?: number
  /**
   * The codings offered, in the server's order of preference (default
   * `['gzip', 'deflate']`). `'br'` is used only where the runtime's
   * `CompressionStream` has brotli (Bun, Deno; not Node 20/22 nor workerd) and
   * is left out elsewhere; it is opt-in because those runtimes compress with
   * brotli's slowest quality (Bun: 72 ms for 41 KB of JSON against 0.14 ms
   * for gzip, bench/compress.mjs).
   */
  encodings?: readonly Encoding[]
}

/** Does this runtime's `CompressionStream` take `format`? (Asked once per plugin.) */
function supports(format: string): boolean {
  try {
    // `brotli` is not in the standard's CompressionFormat (yet): Bun and Deno have it.
    new CompressionStream(format as CompressionFormat)
    return true
  } catch {
    return false
  }
}

/**
 * Types worth compressing: text (not `text/event-stream`), JSON, XML,
 * JavaScript, YAML, SVG, wasm, forms, and any `+json` / `+xml` / `+yaml`
 * suffix. Everything else (images, video, audio, archives, fonts already
 * compressed, `application/octet-stream`) is sent as it is.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream$)[\w.+-]+|application\/(?:json|javascript|ecmascript|x-javascript|xml|xhtml\+xml|x-www-form-urlencoded|wasm|x-ndjson|ndjson|yaml|x-yaml|toml|rtf|graphql|x-sh|postscript)|image\/(?:svg\+xml|bmp|x-icon|vnd\.microsoft\.icon)|font\/(?:otf|ttf)|[\w.-]+\/[\w.-]+\+(?:json|xml|yaml|text))$/

/** Is `contentType` (a header value) worth compressing? */
export function compressible(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE.test(contentTypeEssence(contentType))
}

/** Statuses whose answer has no body to compress, and ranges (a 206's bytes are of the identity form). */
const UNTOUCHED_STATUSES = new Set([204, 205, 206, 304])

/**
 * The compression plugin (`compress(options)` makes one): on every answer
 * it sees it adds `Vary: Accept-Encoding`; it compresses the body when the
 * request accepts a coding on offer and the answer is compressible — not a
 * HEAD, 204/206/304, `Content-Encoding` or `Content-Range` answer, `Cache-Control:
 * no-transform`, an incompressible type, under the threshold, or a live
 * stream (SSE included: sent as it comes). A compressed answer loses
 * `Content-Length` and `Accept-Ranges`, and a strong ETag becomes weak.
 *
 * @throws ImproperlyConfigured for a negative or non-integer threshold, an unknown coding, or `br` alone
 * @example
 * service.use(new Compress({ threshold: 1024 }))
 */
export class Compress extends Plugin {
  /** the smallest body compressed, in bytes */
  readonly threshold: number
  readonly #asked: readonly Encoding[]
  #offered: readonly Encoding[] | undefined
  /** Workers: the runtime encodes a body marked with its `Content-Encoding` (`#encoded`) */
  readonly #runtimeEncodes = onWorkers()
  /** each coding's one-shot compressor (the runtime's `node:zlib`), found on first use */
  readonly #oneShots = new Map<Encoding, OneShot | undefined>()
  /** the last `Accept-Encoding` negotiated and its outcome (a client repeats its own) */
  readonly #negotiated = new LastNegotiated()

  constructor(options: CompressOptions = {}) {
    super()
    const threshold = options.threshold ?? 1024
    if (!Number.isSafeInteger(threshold) || threshold < 0)
      throw new ImproperlyConfigured(
        `compress: threshold must be a whole number of bytes, not ${String(threshold)}`,
      )
    const asked = options.encodings ?? ['gzip', 'deflate']
    for (const encoding of asked)
      if (!Object.hasOwn(FORMATS, encoding))
        throw new ImproperlyConfigured(
          `compress: unknown coding ${JSON.stringify(encoding)} (known: br, gzip, deflate)`,
        )
    if (!asked.some((encoding) => encoding !== 'br'))
      throw new ImproperlyConfigured(
        "compress: offer gzip or deflate beside 'br' (brotli is not in every runtime's CompressionStream)",
      )
    this.threshold = threshold
    this.#asked = asked
    // fw's answers keep their JSON text: sized and encoded without reading their stream
    renderedListener.hear = keepRenderedBodies()
  }

  /**
   * The codings offered here, in the server's order of preference: those
   * asked for, less `br` where `CompressionStream` has no brotli. Found on
   * first use (workerd allows no `CompressionStream` at a module's top level).
   */
  get encodings(): readonly Encoding[] {
    return (this.#offered ??= this.#asked.filter(
      (encoding) => encoding !== 'br' || supports(FORMATS.br),
    ))
  }

  override processResponse(response: Response, context: RequestContext): PluginResult {
    const out = mutable(response)
    const headers = out.headers
    if (headers.get('vary')?.trim() !== '*') appendToken(headers, 'vary', 'Accept-Encoding')
    if (out.status === 304) return this.#notModified(out, context)
    // fw's answers hold their text: no `body` asked for (on Bun, a stream Bun.serve sends dearer)
    const given = bodySource(out)
    const stream = given === undefined ? out.body : undefined
    if (
      given === null ||
      stream === null ||
      context.method === 'HEAD' ||
      UNTOUCHED_STATUSES.has(out.status) ||
      headers.has('content-encoding') ||
      headers.has('content-range') ||
      !compressible(headers.get('content-type')) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')
    )
      return out
    const accept = context.headers.get('accept-encoding')
    const { encoding, identityRefused } = this.#negotiated.of(accept, this.encodings)
    if (!encoding) return out
    if (given !== undefined) return this.#compressSource(out, given, encoding, identityRefused)
    if (stream === undefined) return out
    const declared = headers.get('content-length')
    if (declared !== null && /^\d+$/.test(declared)) {
      if (Number(declared) < this.threshold && !identityRefused) return out
      return this.#encoded(out, stream, encoding)
    }
    return this.#compressUnsized(out, stream, encoding, identityRefused)
  }

  /** A 304 to a request that accepts a coding on offer carries the ETag the 200 would: weak. */
  #notModified(response: Response, context: RequestContext): Response {
    const etag = response.headers.get('etag')
    if (
      etag?.startsWith('"') &&
      this.#negotiated.of(context.headers.get('accept-encoding'), this.encodings).encoding
    )
      response.headers.set('etag', `W/${etag}`)
    return response
  }

  /** A body of unknown length: its start decides (under the threshold, or a live stream: as it is). */
  async #compressUnsized(
    response: Response,
    body: ReadableStream<Uint8Array<ArrayBuffer>>,
    encoding: Encoding,
    identityRefused: boolean,
  ): Promise<Response> {
    const start = await readStart(body, identityRefused ? 0 : this.threshold)
    if (start.complete && start.size < this.threshold && !identityRefused)
      return new Response(joinedBytes(start), response)
    // still arriving: a live stream (SSE, a proxied body), sent on chunk by chunk, uncompressed
    if (start.pending) return new Response(resumed(start), response)
    // no zlib to call (Workers' deflate, brotli): streamed as it is read
    const wholeBytes = this.#wholeBytes(encoding)
    if (wholeBytes === 0) return this.#encoded(response, resumed(start), encoding)
    // all there at once (up to `wholeBytes`): encoded whole; else streamed as it comes
    const whole = await readOn(start, wholeBytes)
    if (!whole.complete) return this.#encoded(response, resumed(whole), encoding)
    return this.#encodedWhole(response, joinedBytes(whole), encoding, false)
  }

  /**
   * A body the response holds as given (`bodySource`: fw's light responses on its Node server,
   * fw's rendered JSON elsewhere): under the threshold as it is; on Workers (gzip, br) handed
   * through untouched, the runtime encoding it as it sends it (`encodeBody` is `'automatic'` on
   * fw's answers: only the headers say so); else encoded whole by zlib (no stream made of it), or
   * its stream piped through `CompressionStream` (brotli; longer than zlib takes at once).
   */
  #compressSource(
    response: Response,
    source: string | Uint8Array<ArrayBuffer>,
    encoding: Encoding,
    identityRefused: boolean,
  ): Response | Promise<Response> {
    if (sizeUnder(source, this.threshold) && !identityRefused) return response
    if (this.#runtimeEncodes && encoding !== 'deflate') {
      markEncoded(response.headers, encoding)
      return response
    }
    const shot = this.#oneShot(encoding)
    if (shot !== undefined && sizeUnder(source, shot.maxBytes + 1))
      return this.#encodedWhole(response, source, encoding, true)
    // no zlib to call (Workers' deflate, brotli) or longer than it takes: its own stream, unread here
    const body = response.body
    return body === null ? response : compressed(response, body, encoding)
  }

  /**
   * `response` with its whole body `data` encoded with `encoding`: by the runtime as it sends it
   * (Workers, `#encoded`), in one call of the runtime's zlib (./zlib: Node, Deno; Bun at once,
   * no promise), else through `CompressionStream`. `light`: see `encodedInit`.
   */
  #encodedWhole(
    response: Response,
    data: Uint8Array<ArrayBuffer> | string,
    encoding: Encoding,
    light: boolean,
  ): Response | Promise<Response> {
    if (this.#runtimeEncodes && encoding !== 'deflate')
      return new Response(data, encodedInit(response, encoding, light, 'automatic'))
    const packed = this.#oneShot(encoding)?.(data)
    if (packed instanceof Promise)
      return packed.then((bytes) => new Response(bytes, encodedInit(response, encoding, light)))
    if (packed !== undefined) return new Response(packed, encodedInit(response, encoding, light))
    const body = new Response(data).body
    return body === null ? response : compressed(response, body, encoding)
  }

  /** The longest body of unknown length read whole to be encoded at once (Workers, zlib); 0: none. */
  #wholeBytes(encoding: Encoding): number {
    if (this.#runtimeEncodes && encoding !== 'deflate') return WHOLE_BYTES
    return this.#oneShot(encoding)?.maxBytes ?? 0
  }

  /** The runtime's one-shot compressor for `encoding` (./zlib), found once. */
  #oneShot(encoding: Encoding): OneShot | undefined {
    if (!this.#oneShots.has(encoding)) this.#oneShots.set(encoding, oneShot(encoding))
    return this.#oneShots.get(encoding)
  }

  /**
   * `response` with `body` sent encoded with `encoding`: on Workers gzip and br by the runtime as
   * it sends them (`encodeBody: 'automatic'`), elsewhere streamed through `CompressionStream`.
   */
  #encoded(
    response: Response,
    body: ReadableStream<Uint8Array<ArrayBuffer>>,
    encoding: Encoding,
  ): Response {
    if (this.#runtimeEncodes && encoding !== 'deflate')
      return new Response(body, encodedInit(response, encoding, false, 'automatic'))
    return compressed(response, body, encoding)
  }
}

/** Workers: a body of unknown length up to this long is read whole for the runtime to encode. */
const WHOLE_BYTES = 1024 * 1024

/**
 * Is `source` under `limit` bytes? A string's UTF-8 (1 to 3 bytes a unit) is counted only when
 * its length leaves it open: a 64 KB answer against the threshold is not walked.
 */
function sizeUnder(source: string | Uint8Array<ArrayBuffer>, limit: number): boolean {
  if (typeof source !== 'string') return source.byteLength < limit
  if (source.length >= limit) return false
  return source.length * 3 < limit || utf8Length(source) < limit
}

/**
 * Compress answers by `Accept-Encoding` (SPEC §14): gzip and deflate, brotli where the runtime
 * has it (see `Compress`); `Vary: Accept-Encoding` always. Use it on the service, a class
 * (`@api.plugin(compress())`) or an endpoint.
 *
 * @throws ImproperlyConfigured for a bad threshold, an unknown coding, or `br` alone
 * @example
 * import { compress } from 'fw-api/plugins/compress'
 * service.use(compress({ threshold: 1024 }))
 */
export function compress(options: CompressOptions = {}): Compress {
  return new Compress(options)
}
