/**
 * Reading a request body. A body framed by a server's Content-Length is read
 * whole (`readFramed`); any other is read as a stream while counting the bytes
 * actually received, so chunked, lying or non-numeric lengths are caught by
 * the count. A Content-Length over the limit is refused before reading.
 */
import { BadRequest, RequestEntityTooLarge } from '../exceptions/index'
import { concatBytes } from '../utils/bytes'
import { isAsciiDigits } from '../utils/chars'
import { FRAMED, READ_TEXT, type TextReader } from '../utils/http'

/** Bytes as Web streams deliver them (and as `Blob` parts accept them). */
export type Bytes = Uint8Array<ArrayBuffer>

const framedRequests = new WeakSet<Request>()

export { FRAMED }

/**
 * Mark `request` as received by an HTTP server that frames bodies by their
 * `Content-Length` (Bun.serve, Deno.serve, node:http): its body cannot run past the
 * declared length, so a sized body within the limit may be read whole.
 * `service.run()` marks what its server receives; a Request built anywhere
 * else (in-process callers, adapters, a copy of a marked one) is not marked.
 */
export function markFramed(request: Request): void {
  framedRequests.add(request)
}

/**
 * Is `env` (the second argument of `fetch`) what `Bun.serve`, `Deno.serve` or
 * @hono/node-server hand their handler (Bun's `Server`, Deno's
 * `ServeHandlerInfo`, `{ incoming, outgoing }` of an HTTP/1 request)? Then the
 * request comes from that server, which frames bodies as `service.run()`'s
 * do: `Bun.serve({ fetch: service.fetch })`, `export default service` on Bun,
 * `Deno.serve(service.fetch)` and `serve({ fetch: service.fetch })` of
 * @hono/node-server read sized bodies whole too. `env` is
 * given by the code that calls `fetch`, never by a client. The service's own
 * check for its runtime (body/framing.ts) builds on this one.
 *
 * @example
 * fromFramingServer({ incoming, outgoing }) // true for an HTTP/1 request of @hono/node-server
 */
export function fromFramingServer(env: unknown): boolean {
  if (typeof env !== 'object' || env === null) return false
  // Deno: `in` only, never the getters (`remoteAddr` throws once the request has closed).
  if ('remoteAddr' in env && 'completed' in env) return true
  if ('incoming' in env) return fromNodeHttp1(env as { incoming?: unknown; outgoing?: unknown })
  return isBunServer(env)
}

/**
 * Is `env` a `Bun.serve` server (what Bun hands every request of that server)?
 *
 * @example
 * isBunServer(server) // true inside `Bun.serve({ fetch(request, server) { ... } })`
 */
export function isBunServer(env: object): boolean {
  const server = env as { requestIP?: unknown; upgrade?: unknown }
  return typeof server.requestIP === 'function' && typeof server.upgrade === 'function'
}

/**
 * @hono/node-server's `{ incoming, outgoing }` (`serve({ fetch: service.fetch })`):
 * node:http's HTTP/1 parser ends a sized body at its Content-Length, as
 * `service.run()`'s server does. HTTP/2 requests keep the counting reader.
 */
function fromNodeHttp1(env: { incoming?: unknown; outgoing?: unknown }): boolean {
  const incoming = env.incoming as
    | { httpVersionMajor?: unknown; rawHeaders?: unknown; socket?: unknown }
    | null
    | undefined
  const outgoing = env.outgoing as { writeHead?: unknown } | null | undefined
  return (
    typeof incoming === 'object' &&
    incoming !== null &&
    incoming.httpVersionMajor === 1 &&
    Array.isArray(incoming.rawHeaders) &&
    typeof incoming.socket === 'object' &&
    typeof outgoing === 'object' &&
    outgoing !== null &&
    typeof outgoing.writeHead === 'function'
  )
}

/**
 * The request's Content-Length as a number, parsed once per body; `-1` when
 * absent or not a plain decimal (then only the count while reading holds).
 */
export function declaredLength(request: Request): number {
  const header = request.headers.get('content-length')
  return header !== null && isAsciiDigits(header) ? Number(header) : -1
}

/**
 * Is `request`'s body framed by its Content-Length (`length`, see
 * `declaredLength`): marked by `markFramed` (or `FRAMED`), or `served` by a framing server
 * (see `fromFramingServer`)? Never with a Transfer-Encoding header.
 */
export function isFramed(request: Request, length: number, served = false): boolean {
  const marked =
    served || (request as { [FRAMED]?: boolean })[FRAMED] === true || framedRequests.has(request)
  return length >= 0 && marked && !request.headers.has('transfer-encoding')
}

const same = <T>(value: T): T => value

/**
 * Read a framed body (see `isFramed`) whole: the server delivers at most its
 * Content-Length, already checked against `limit`; the bytes received are
 * checked again all the same. `use` (e.g. a parser) runs in the same promise
 * step: one hop for reading and parsing.
 */
export function readFramed<T = Bytes>(
  request: Request,
  limit: number,
  use: (bytes: Bytes) => T = same as (bytes: Bytes) => T,
): Promise<T> {
  const checked = (bytes: Bytes): T => {
    if (bytes.byteLength > limit) throw tooLarge(limit)
    return use(bytes)
  }
  // `bytes()` where the runtime has it (Bun, Deno, workerd, recent Node): the array made natively,
  // not a view made in JS over `arrayBuffer()` (≈ 0.25 µs per body on Bun). Only on the runtime's own
  // Request: a look-alike that brings its own `arrayBuffer()` (@hono/node-server's) inherits a `bytes()`
  // that is not its own and would refuse it.
  if (
    NATIVE.bytes !== undefined &&
    request.bytes === NATIVE.bytes &&
    request.arrayBuffer === NATIVE.arrayBuffer
  )
    return request.bytes().then(checked, failed)
  return request.arrayBuffer().then((buffer) => checked(new Uint8Array(buffer)), failed)
}

/** The runtime's own `Request` readers, read once at load (a call marked pure: a bundle with no body reader drops it). */
function nativeReaders(): { bytes: Request['bytes'] | undefined; arrayBuffer: unknown } {
  const request = (globalThis as { Request?: { prototype: Partial<Request> } }).Request?.prototype
  const bytes = typeof request?.bytes === 'function' ? request.bytes : undefined
  return { bytes, arrayBuffer: request?.arrayBuffer }
}
const NATIVE = /* @__PURE__ */ nativeReaders()

function failed(error: unknown): never {
  throw unreadable(error)
}

/**
 * Read a framed body (see `isFramed`) whole as UTF-8 text, a leading BOM dropped as UTF-8 decode
 * drops it (workerd's `text()` keeps it: a JSON body with one was a 400 there, a 200 elsewhere).
 * Its length in UTF-16 units never exceeds its length in bytes, so a text longer than `limit` is
 * refused all the same. `use`: as for `readFramed`.
 */
export function readFramedText<T = string>(
  request: Request,
  limit: number,
  use: (text: string) => T = same as (text: string) => T,
): Promise<T> {
  const checked = (text: string): T => {
    if (text.length > limit) throw tooLarge(limit)
    return use(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  }
  // A request that reads its own text (fw's native Node requests): read and parsed in one promise step.
  if ((request as Partial<TextReader>)[READ_TEXT])
    return (request as unknown as TextReader)[READ_TEXT](checked, unreadable)
  return request.text().then(checked, failed)
}

/** The 413 thrown when a body goes over `limit` bytes. */
export function tooLarge(limit: number, what = 'body'): Error {
  return new RequestEntityTooLarge(`${what} exceeds ${limit} bytes`)
}

/**
 * Refuse before reading when the Content-Length (`length`, see
 * `declaredLength`) already says the body is too big.
 *
 * A refused body is never cancelled, here or below: on Node, cancelling the
 * request stream destroys the socket before the 4xx is written. The server
 * drops the unread rest once the answer is sent (see `service.run()`).
 */
export function checkDeclaredLength(length: number, limit: number): void {
  if (length > limit) throw tooLarge(limit)
}

/**
 * Feed each chunk of `body` to `onChunk` until the stream ends or `onChunk`
 * returns `true` (the consumer has all it needs). Throws 413 as soon as the
 * running total passes `limit`. Resolves with the number of bytes read.
 */
export async function pump(
  body: ReadableStream<Bytes>,
  limit: number,
  onChunk: (chunk: Bytes) => boolean | void,
): Promise<number> {
  const reader = body.getReader()
  let total = 0
  for (;;) {
    const result = await read(reader)
    // A stream read to its end is closed: its lock no longer matters (releasing it costs µs on Bun and Deno).
    if (result.done) return total
    const chunk = result.value
    total += chunk.byteLength
    if (total > limit) throw release(reader, tooLarge(limit))
    if (chunk.byteLength === 0) continue
    let stop: boolean | void
    try {
      stop = onChunk(chunk)
    } catch (error) {
      reader.releaseLock()
      throw error
    }
    // The rest (a multipart epilogue) is not needed, but is read to the end
    // (counted, not kept): a body left unread makes Node close the connection.
    if (stop === true) return drain(reader, total, limit)
  }
}

async function drain(
  reader: ReadableStreamDefaultReader<Bytes>,
  total: number,
  limit: number,
): Promise<number> {
  for (;;) {
    const result = await read(reader)
    if (result.done) return total
    total += result.value.byteLength
    if (total > limit) throw release(reader, tooLarge(limit))
  }
}

/**
 * Read the whole body (at most `limit` bytes) into one array. A body that
 * arrives as one chunk (any small body) is returned as is, never copied.
 *
 * With a Content-Length (`length` ≥ 0, see `declaredLength`), the body ends once that many
 * bytes have arrived, as an HTTP server frames it: the end of the stream is not
 * awaited, and anything a stream would send past it is never read. A stream
 * that ends early or sends a bigger chunk is counted to its end as usual.
 */
export async function readAll(
  body: ReadableStream<Bytes>,
  limit: number,
  length = -1,
): Promise<Bytes> {
  const reader = body.getReader()
  let out: Bytes | undefined
  let chunks: Bytes[] | undefined
  let total = 0
  for (;;) {
    // `read()` inlined: this loop is every small body's path, and one more await shows on Bun and Deno.
    let result: ReadableStreamReadResult<Bytes>
    try {
      result = await reader.read()
    } catch (error) {
      throw unreadable(error)
    }
    if (result.done) break
    const chunk = result.value
    total += chunk.byteLength
    if (total > limit) throw release(reader, tooLarge(limit))
    if (out === undefined) out = chunk
    else if (chunks === undefined) chunks = [out, chunk]
    else chunks.push(chunk)
    if (total === length) break
  }
  if (out === undefined) return EMPTY
  if (chunks === undefined) return out
  return concatBytes(chunks, total)
}

const EMPTY: Bytes = /* @__PURE__ */ new Uint8Array(0)

async function read(
  reader: ReadableStreamDefaultReader<Bytes>,
): Promise<ReadableStreamReadResult<Bytes>> {
  try {
    return await reader.read()
  } catch (error) {
    throw unreadable(error)
  }
}

/** The 400 for a body stream that failed while read. */
export function unreadable(error: unknown): Error {
  return new BadRequest('request body could not be read', { cause: error })
}

/** Give the lock back on an early exit (413), then throw `error`. */
function release(reader: ReadableStreamDefaultReader<Bytes>, error: Error): Error {
  reader.releaseLock()
  return error
}
