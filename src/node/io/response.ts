/**
 * Node `ServerResponse` → Web `Response`.
 *
 * A real `http.ServerResponse` keeps the behaviour frameworks rely on
 * (`setHeader`, `headersSent`, `writableEnded`, 'finish'), writing its raw
 * HTTP bytes to the swallowing socket. fw captures the response one level up:
 * `writeHead`, `write`, `end` and `flushHeaders` are wrapped as *own*
 * properties of `res`, because Express swaps the prototype of `res` for its
 * own and prototype overrides would be lost.
 *
 * The Response is built as late as possible: `res.end(body)` with nothing
 * written before gives a Response over the whole body (its length known);
 * a first `write()` or `flushHeaders()` — or a bare `writeHead()` that is not
 * followed by `end()` in the same tick — gives a streamed Response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HttpModule } from './runtime'
import { concatBytes } from '../../utils/bytes'
import { HOP_BY_HOP, isNullBodyStatus } from '../../utils/http'
import { chunkBytes } from './streams'

/** Bytes buffered in the Web stream before `write()` reports backpressure. */
const HIGH_WATER_MARK = 65_536 // 64 KiB (a literal: `64 * 1024` is kept in bundles that never use it)

/** The captured response and the controls the caller needs. */
export interface CapturedResponse {
  res: ServerResponse
  /** settles with the Response once status and headers are final */
  response: Promise<Response>
  /** the handler failed: 500 if nothing was sent yet, else error the body stream */
  fail(error: unknown): void
  /** the client went away: reject, or error the body stream */
  abort(reason: unknown): void
}

export interface CaptureOptions {
  /** reports handler errors (fw answers 500 to the client) */
  onError(error: unknown): void
  /** the consumer cancelled the Response body */
  onCancel(): void
  /** the 500's body names the error (`Internal Server Error: Error: text`); otherwise it is hidden */
  debug?: boolean
}

/** Define a method as an own, writable property (other middleware may wrap it again). */
function own(
  res: ServerResponse,
  name: string,
  value: (this: ServerResponse, ...args: unknown[]) => unknown,
): void {
  Object.defineProperty(res, name, { value, writable: true, configurable: true, enumerable: false })
}

/**
 * Create a ServerResponse for `req` whose output becomes a Web Response.
 *
 * @example
 * const { res, response } = captureResponse(http, req, { onError: console.error, onCancel })
 * listener(req, res)
 * return response
 */
export function captureResponse(
  http: HttpModule,
  req: IncomingMessage,
  options: CaptureOptions,
): CapturedResponse {
  const res = new http.ServerResponse(req)
  // With no header set yet, Node's writeHead(status, headers) would format the
  // headers without storing them; an existing header map makes it merge them
  // into getHeaders(), where fw reads them.
  res.setHeader('x-fw-bridge', '1')
  res.removeHeader('x-fw-bridge')
  if (req.socket) res.assignSocket(req.socket)

  const proto = http.ServerResponse.prototype
  let resolve!: (response: Response) => void
  let reject!: (reason: unknown) => void
  const response = new Promise<Response>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  let settled = false
  let ended = false
  let inWrite = false
  let inEnd = false
  let scheduled = false
  let needDrain = false
  let buffered: Uint8Array<ArrayBuffer>[] = []
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined

  const hasBody = (): boolean => req.method !== 'HEAD' && !isNullBodyStatus(res.statusCode)
  const init = (): ResponseInit => {
    const headers = new Headers()
    const out = res.getHeaders()
    for (const name of Object.keys(out)) {
      const value = out[name]
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      if (Array.isArray(value)) for (const item of value) headers.append(name, item)
      else headers.append(name, String(value))
    }
    const statusText = res.statusMessage
    return statusText
      ? { status: res.statusCode, statusText, headers }
      : { status: res.statusCode, headers }
  }
  const fail = (error: unknown): void => {
    options.onError(error)
    ended = true
    if (!settled) {
      settled = true
      const text =
        options.debug && error instanceof Error
          ? `Internal Server Error: ${error.name}: ${error.message}`
          : 'Internal Server Error'
      resolve(
        new Response(text, {
          status: 500,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
      )
    } else if (controller) {
      controller.error(error)
      controller = undefined
    }
  }
  const settle = (body: () => BodyInit | null): void => {
    if (settled) return
    let built: Response
    try {
      built = new Response(hasBody() ? body() : null, init())
    } catch (error) {
      // e.g. a status outside 200-599 or a header value Web Headers refuse
      fail(error)
      return
    }
    settled = true
    resolve(built)
  }
  const startStream = (): void =>
    settle(
      () =>
        new ReadableStream<Uint8Array>(
          {
            start(c) {
              controller = c
              for (const chunk of buffered) c.enqueue(chunk)
              buffered = []
              if (ended) {
                c.close()
                controller = undefined
              }
            },
            pull() {
              if (needDrain) {
                needDrain = false
                res.emit('drain')
              }
            },
            cancel() {
              controller = undefined
              options.onCancel()
            },
          },
          { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
        ),
    )
  const push = (bytes: Uint8Array<ArrayBuffer>): void => {
    if (bytes.byteLength === 0) return
    if (!settled) buffered.push(bytes)
    else controller?.enqueue(bytes)
  }

  own(res, 'writeHead', function (this: ServerResponse, ...args: unknown[]) {
    const result: unknown = Reflect.apply(proto.writeHead, this, args)
    // An explicit writeHead: stream unless end() follows in the same tick.
    if (!settled && !inWrite && !inEnd && !scheduled) {
      scheduled = true
      queueMicrotask(() => {
        if (!ended) startStream()
      })
    }
    return result
  })
  own(res, 'flushHeaders', function (this: ServerResponse) {
    Reflect.apply(proto.flushHeaders, this, [])
    startStream()
  })
  own(res, 'write', function (this: ServerResponse, ...args: unknown[]) {
    // Inside end(), or after it: Node's own path (and its errors) apply.
    if (inEnd || this.writableEnded || ended) return Reflect.apply(proto.write, this, args)
    inWrite = true
    try {
      // Its return value speaks for the stand-in socket, which never emits the
      // 'drain' Node would wait for; backpressure is the Web stream's alone.
      Reflect.apply(proto.write, this, args)
    } finally {
      inWrite = false
    }
    push(chunkBytes(args[0], typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined))
    startStream()
    if (controller && (controller.desiredSize ?? 1) <= 0) {
      needDrain = true
      return false
    }
    return true
  })
  own(res, 'end', function (this: ServerResponse, ...args: unknown[]) {
    if (this.writableEnded || ended) return Reflect.apply(proto.end, this, args)
    const [chunk, encoding] = args
    const bytes =
      chunk === undefined || chunk === null || typeof chunk === 'function'
        ? undefined
        : chunkBytes(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined)
    inEnd = true
    try {
      Reflect.apply(proto.end, this, args)
    } finally {
      inEnd = false
    }
    ended = true
    if (bytes) push(bytes)
    if (!settled) {
      settle(() => concatBytes(buffered))
      buffered = []
    } else if (controller) {
      controller.close()
      controller = undefined
    }
    return this
  })

  return {
    res,
    response,
    fail,
    abort(reason) {
      ended = true
      if (!settled) {
        settled = true
        reject(reason)
      } else if (controller) {
        controller.error(reason)
        controller = undefined
      }
    },
  }
}
