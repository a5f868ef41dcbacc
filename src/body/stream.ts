/**
 * Reading a request body stream while counting the bytes actually received.
 * `Content-Length` is only trusted to refuse early; chunked, lying or
 * non-numeric lengths are caught by the count.
 */
import { BadRequest, RequestEntityTooLarge } from '../exceptions/index'

/** Bytes as Web streams deliver them (and as `Blob` parts accept them). */
export type Bytes = Uint8Array<ArrayBuffer>

/** The 413 thrown when a body goes over `limit` bytes. */
export function tooLarge(limit: number, what = 'body'): Error {
  return new RequestEntityTooLarge(`${what} exceeds ${limit} bytes`)
}

/**
 * Refuse before reading when the `Content-Length` header (`declared`) already
 * says the body is too big.
 *
 * A refused body is never cancelled, here or below: on Node, cancelling the
 * request stream destroys the socket before the 4xx is written. The server
 * drops the unread rest once the answer is sent (see `service.run()`).
 */
export function checkDeclaredLength(request: Request, declared: string | null, limit: number): void {
  void request
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit)
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
    // The rest (a multipart epilogue) is not needed: stop reading. The lock
    // is kept: the body is used, nothing else reads it (and releasing costs µs).
    if (stop === true) return total
  }
}

/**
 * Read the whole body (at most `limit` bytes) into one array. A body that
 * arrives as one chunk (any small body) is returned as is, never copied.
 */
export async function readAll(body: ReadableStream<Bytes>, limit: number): Promise<Bytes> {
  const reader = body.getReader()
  let out: Bytes | undefined
  let chunks: Bytes[] | undefined
  let total = 0
  for (;;) {
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
  }
  if (out === undefined) return EMPTY
  if (chunks === undefined) return out
  out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

const EMPTY: Bytes = new Uint8Array(0)

async function read(reader: ReadableStreamDefaultReader<Bytes>): Promise<ReadableStreamReadResult<Bytes>> {
  try {
    return await reader.read()
  } catch (error) {
    throw unreadable(error)
  }
}

function unreadable(error: unknown): Error {
  return new BadRequest('request body could not be read', { cause: error })
}

/** Give the lock back on an early exit (413), then throw `error`. */
function release(reader: ReadableStreamDefaultReader<Bytes>, error: Error): Error {
  reader.releaseLock()
  return error
}
