/**
 * Reading a request body stream while counting the bytes actually received.
 * `Content-Length` is only trusted to refuse early; chunked, lying or
 * non-numeric lengths are caught by the count.
 */
import { BadRequest, RequestEntityTooLarge } from '../exceptions/index'
import { concatBytes } from '../utils/bytes'

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
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Bytes>
      try {
        result = await reader.read()
      } catch (error) {
        throw new BadRequest('request body could not be read', { cause: error })
      }
      if (result.done) return total
      const chunk = result.value
      total += chunk.byteLength
      if (total > limit) throw tooLarge(limit)
      // The rest (a multipart epilogue) is not needed: stop reading.
      if (chunk.byteLength > 0 && onChunk(chunk) === true) return total
    }
  } finally {
    reader.releaseLock()
  }
}

/** Read the whole body (at most `limit` bytes) into one array. */
export async function readAll(body: ReadableStream<Bytes>, limit: number): Promise<Bytes> {
  const chunks: Bytes[] = []
  const total = await pump(body, limit, (chunk) => {
    chunks.push(chunk)
  })
  return concatBytes(chunks, total)
}

