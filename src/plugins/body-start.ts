/**
 * The start of a response body, read without waiting on a live stream: what
 * `fw-api/plugins/compress` (the threshold) and `fw-api/plugins/conditional`
 * (an ETag from the bytes) look at before they decide, never buffering a
 * stream whole. A body made from a string, bytes or a `Blob` is all there at
 * once: its reads settle before the next macrotask. A read that does not is a
 * live stream (an SSE feed, a proxied download): reading stops there and the
 * body is sent on as it comes (`resumed`).
 */
import { concatBytes } from '../utils/bytes'

/** What `readStart` read: the chunks, their size, whether that is the whole body. */
export interface BodyStart {
  /** the chunks read so far, in order */
  readonly chunks: Uint8Array<ArrayBuffer>[]
  /** their total length in bytes */
  readonly size: number
  /** the body ended: `chunks` is all of it */
  readonly complete: boolean
  /** the reader of the rest of the body */
  readonly reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>
  /** a read still under way when reading stopped (a live stream's next chunk, or its failure) */
  readonly pending: Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>> | undefined
}

/** The marker a stalled read loses the race to. */
const STALLED = Symbol('stalled')

/**
 * Read `body` until it ends, more than `limit` bytes are read, or a read does
 * not settle within the current macrotask (a live stream). The body is locked:
 * send it on with `resumed(start)`, or its bytes with `joinedBytes(start)` when
 * `complete`.
 *
 * @example
 * const start = await readStart(response.body, 1024)
 * if (start.complete && start.size < 1024) return new Response(joinedBytes(start), response)
 */
export function readStart(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  limit: number,
): Promise<BodyStart> {
  return readFrom(body.getReader(), [], 0, limit)
}

/**
 * Read on where `start` stopped at its limit (not at a live stream's stalled read, nor the end),
 * the same way, until the body ends or more than `limit` bytes are read in all.
 *
 * @example
 * const whole = await readOn(await readStart(response.body, 1024), 1024 * 1024)
 * if (whole.complete) gzip(joinedBytes(whole))
 */
export function readOn(start: BodyStart, limit: number): Promise<BodyStart> {
  if (start.complete || start.pending) return Promise.resolve(start)
  return readFrom(start.reader, [...start.chunks], start.size, limit)
}

/** Read on with `reader`, `chunks` (of `sizeRead` bytes) read so far (see `readStart`). */
async function readFrom(
  reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>,
  chunks: Uint8Array<ArrayBuffer>[],
  sizeRead: number,
  limit: number,
): Promise<BodyStart> {
  let size = sizeRead
  let timer: ReturnType<typeof setTimeout> | undefined
  const stalled = new Promise<typeof STALLED>((resolve) => {
    timer = setTimeout(resolve, 0, STALLED)
  })
  let read: Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>> | undefined
  try {
    while (size <= limit) {
      read = reader.read()
      const settled = await Promise.race([read, stalled])
      if (settled === STALLED) return { chunks, size, complete: false, reader, pending: read }
      if (settled.done) return { chunks, size, complete: true, reader, pending: undefined }
      chunks.push(settled.value)
      size += settled.value.byteLength
    }
    return { chunks, size, complete: false, reader, pending: undefined }
  } catch {
    // the body failed: `resumed` hands the same failure on, where it would have surfaced anyway
    return { chunks, size, complete: false, reader, pending: read }
  } finally {
    clearTimeout(timer)
  }
}

/** The bytes of a `complete` start, joined (one chunk: itself). */
export function joinedBytes(start: BodyStart): Uint8Array<ArrayBuffer> {
  return concatBytes(start.chunks, start.size)
}

/**
 * The whole body again: the chunks `readStart` read, then the rest as it
 * comes (pulled, so nothing more is buffered). Cancelling it cancels the
 * original body (an SSE iterator is closed).
 *
 * @example
 * new Response(resumed(start).pipeThrough(new CompressionStream('gzip')), response)
 */
export function resumed(start: BodyStart): ReadableStream<Uint8Array<ArrayBuffer>> {
  let index = 0
  let pending = start.pending
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        const chunk = start.chunks[index]
        if (chunk) {
          start.chunks[index++] = EMPTY // released once sent
          controller.enqueue(chunk)
          return
        }
        if (start.complete) return controller.close()
        const next = pending ?? start.reader.read()
        pending = undefined
        const result = await next
        if (result.done) controller.close()
        else controller.enqueue(result.value)
      },
      cancel(reason) {
        return start.reader.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
}

const EMPTY = new Uint8Array(0)
