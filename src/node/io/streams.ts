/**
 * Node stream <-> Web stream conversions with backpressure.
 *
 * Written by hand rather than with `Readable.toWeb` / `Readable.fromWeb` because
 * `toWeb` starts reading at once, and fw must leave an unread request body
 * untouched so that a backend route after fw (Express `next()`, Koa, Hono) can
 * still parse it.
 */
import type { Readable } from 'node:stream'
import { loadBuffer, type StreamModule } from './runtime'

/** Copy a Node chunk (Buffer, Uint8Array or string) into a fresh Uint8Array. */
export function chunkBytes(chunk: unknown, encoding?: BufferEncoding): Uint8Array<ArrayBuffer> {
  if (typeof chunk === 'string') {
    if (encoding && encoding !== 'utf8' && encoding !== 'utf-8') {
      return new Uint8Array(loadBuffer('writing a string chunk').Buffer.from(chunk, encoding))
    }
    return new TextEncoder().encode(chunk)
  }
  // Copy (Buffer#slice would not): Node lets a writer reuse its buffer once the write callback ran.
  if (chunk instanceof Uint8Array) return new Uint8Array(chunk)
  if (ArrayBuffer.isView(chunk))
    return new Uint8Array(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk.slice(0))
  throw new TypeError(`cannot write a chunk of type ${typeof chunk}`)
}

/** A Web stream over a Node readable, reading nothing until the first pull. */
const closedEarly = (): Error => new Error('request body closed before it was complete')

export interface LazyWebStream {
  stream: ReadableStream<Uint8Array>
  /** true once the consumer has pulled (the Node stream is no longer pristine) */
  readonly started: boolean
}

/**
 * Wrap a Node `Readable` (an `IncomingMessage`) as a Web `ReadableStream`.
 * Cancelling drains the rest instead of destroying the request: destroying an
 * IncomingMessage would close the socket before the response is written.
 *
 * @example
 * const { stream } = readableToWeb(req)
 * new Request(url, { method: 'POST', body: stream, duplex: 'half' })
 */
export function readableToWeb(readable: Readable): LazyWebStream {
  let started = false
  let finished = false
  const onData = (controller: ReadableStreamDefaultController<Uint8Array>) => (chunk: unknown) => {
    if (finished) return
    controller.enqueue(chunkBytes(chunk))
    if ((controller.desiredSize ?? 1) <= 0) readable.pause()
  }
  let detach = (): void => {}
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!started) {
          started = true
          const data = onData(controller)
          const end = (): void => {
            if (finished) return
            finished = true
            detach()
            controller.close()
          }
          const fail = (error: unknown): void => {
            if (finished) return
            finished = true
            detach()
            controller.error(error)
          }
          // 'close' without 'end' means the client went away mid-body.
          const closed = (): void => fail(closedEarly())
          detach = () => {
            readable.off('data', data)
            readable.off('end', end)
            readable.off('error', fail)
            readable.off('close', closed)
          }
          readable.on('data', data)
          readable.once('end', end)
          readable.once('error', fail)
          readable.once('close', closed)
          if (readable.readableEnded) end()
          // destroyed before this first read (the client went away): its 'error' / 'close' are past
          else if (readable.destroyed) fail(readable.errored ?? closedEarly())
        }
        readable.resume()
      },
      cancel() {
        finished = true
        detach()
        // Drain the remainder so the connection can still answer.
        readable.resume()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
  return {
    stream,
    get started() {
      return started
    },
  }
}

/**
 * Wrap a Web `ReadableStream` as a Node `Readable` (for Koa's `ctx.body` and
 * Fastify's injected payload). Destroying the Readable cancels the Web stream.
 *
 * @example
 * ctx.body = webToReadable(stream, response.body)
 */
export function webToReadable(
  streamModule: StreamModule,
  body: ReadableStream<Uint8Array>,
): Readable {
  const reader = body.getReader()
  let reading = false
  return new streamModule.Readable({
    read() {
      if (reading) return
      reading = true
      reader.read().then(
        ({ done, value }) => {
          reading = false
          if (done) this.push(null)
          else this.push(value)
        },
        (error: unknown) => {
          reading = false
          this.destroy(error instanceof Error ? error : new Error(String(error)))
        },
      )
    },
    destroy(error, callback) {
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      )
    },
  })
}
