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
 * One Node `ServerResponse` whose output becomes a Web `Response` (the module's comment): the
 * state of one response in fields, each step a method. `res`'s `writeHead`, `write`, `end` and
 * `flushHeaders` are own properties that hand their receiver and arguments to the methods of
 * the same name here.
 */
export class ResponseCapture implements CapturedResponse {
  readonly res: ServerResponse
  readonly response: Promise<Response>
  readonly #req: IncomingMessage
  readonly #options: CaptureOptions
  /** the methods `res` had before the wrapping: what each wrapper calls */
  readonly #proto: ServerResponse
  #resolve!: (response: Response) => void
  #reject!: (reason: unknown) => void
  /** the Response (or the failure) was handed out */
  #settled = false
  /** `end()` ran, or the handler failed or the client went away */
  #ended = false
  #inWrite = false
  #inEnd = false
  /** a bare `writeHead()` scheduled the streamed Response for the next microtask */
  #scheduled = false
  /** `write()` reported backpressure: 'drain' is emitted when the stream pulls again */
  #needDrain = false
  /** bytes written before the Response was made */
  #buffered: Uint8Array<ArrayBuffer>[] = []
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined

  constructor(http: HttpModule, req: IncomingMessage, options: CaptureOptions) {
    this.#req = req
    this.#options = options
    this.#proto = http.ServerResponse.prototype
    this.response = new Promise<Response>((resolve, reject) => {
      this.#resolve = resolve
      this.#reject = reject
    })
    const res = new http.ServerResponse(req)
    this.res = res
    // With no header set yet, Node's writeHead(status, headers) would format the
    // headers without storing them; an existing header map makes it merge them
    // into getHeaders(), where fw reads them.
    res.setHeader('x-fw-bridge', '1')
    res.removeHeader('x-fw-bridge')
    if (req.socket) res.assignSocket(req.socket)
    const capture = this
    own(res, 'writeHead', function (this: ServerResponse, ...args: unknown[]) {
      return capture.#writeHead(this, args)
    })
    own(res, 'flushHeaders', function (this: ServerResponse) {
      capture.#flushHeaders(this)
    })
    own(res, 'write', function (this: ServerResponse, ...args: unknown[]) {
      return capture.#write(this, args)
    })
    own(res, 'end', function (this: ServerResponse, ...args: unknown[]) {
      return capture.#end(this, args)
    })
  }

  /** The handler failed: 500 if nothing was sent yet, else the body stream errors. */
  fail(error: unknown): void {
    this.#options.onError(error)
    this.#ended = true
    if (!this.#settled) {
      this.#settled = true
      const text =
        this.#options.debug && error instanceof Error
          ? `Internal Server Error: ${error.name}: ${error.message}`
          : 'Internal Server Error'
      this.#resolve(
        new Response(text, {
          status: 500,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
      )
    } else this.#errorStream(error)
  }

  /** The client went away: the Response is refused, or its body stream errors. */
  abort(reason: unknown): void {
    this.#ended = true
    if (!this.#settled) {
      this.#settled = true
      this.#reject(reason)
    } else this.#errorStream(reason)
  }

  #errorStream(reason: unknown): void {
    if (!this.#controller) return
    this.#controller.error(reason)
    this.#controller = undefined
  }

  #init(): ResponseInit {
    const { res } = this
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

  /** Hand out the Response once (a HEAD or a null-body status: without its body). */
  #settle(body: () => BodyInit | null): void {
    if (this.#settled) return
    const hasBody = this.#req.method !== 'HEAD' && !isNullBodyStatus(this.res.statusCode)
    let built: Response
    try {
      built = new Response(hasBody ? body() : null, this.#init())
    } catch (error) {
      // e.g. a status outside 200-599 or a header value Web Headers refuse
      this.fail(error)
      return
    }
    this.#settled = true
    this.#resolve(built)
  }

  /** The streamed Response: what was buffered first, then every write; 'drain' when it pulls. */
  #startStream(): void {
    this.#settle(
      () =>
        new ReadableStream<Uint8Array>(
          {
            start: (controller) => {
              this.#controller = controller
              for (const chunk of this.#buffered) controller.enqueue(chunk)
              this.#buffered = []
              if (this.#ended) {
                controller.close()
                this.#controller = undefined
              }
            },
            pull: () => {
              if (!this.#needDrain) return
              this.#needDrain = false
              this.res.emit('drain')
            },
            cancel: () => {
              this.#controller = undefined
              this.#options.onCancel()
            },
          },
          { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
        ),
    )
  }

  #push(bytes: Uint8Array<ArrayBuffer>): void {
    if (bytes.byteLength === 0) return
    if (!this.#settled) this.#buffered.push(bytes)
    else this.#controller?.enqueue(bytes)
  }

  #writeHead(res: ServerResponse, args: unknown[]): unknown {
    const result: unknown = Reflect.apply(this.#proto.writeHead, res, args)
    // An explicit writeHead: stream unless end() follows in the same tick.
    if (!this.#settled && !this.#inWrite && !this.#inEnd && !this.#scheduled) {
      this.#scheduled = true
      queueMicrotask(() => {
        if (!this.#ended) this.#startStream()
      })
    }
    return result
  }

  #flushHeaders(res: ServerResponse): void {
    Reflect.apply(this.#proto.flushHeaders, res, [])
    this.#startStream()
  }

  #write(res: ServerResponse, args: unknown[]): unknown {
    // Inside end(), or after it: Node's own path (and its errors) apply.
    if (this.#inEnd || res.writableEnded || this.#ended)
      return Reflect.apply(this.#proto.write, res, args)
    this.#inWrite = true
    try {
      // Its return value speaks for the stand-in socket, which never emits the
      // 'drain' Node would wait for; backpressure is the Web stream's alone.
      Reflect.apply(this.#proto.write, res, args)
    } finally {
      this.#inWrite = false
    }
    const encoding = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined
    this.#push(chunkBytes(args[0], encoding))
    this.#startStream()
    if (this.#controller && (this.#controller.desiredSize ?? 1) <= 0) {
      this.#needDrain = true
      return false
    }
    return true
  }

  #end(res: ServerResponse, args: unknown[]): unknown {
    if (res.writableEnded || this.#ended) return Reflect.apply(this.#proto.end, res, args)
    const [chunk, encoding] = args
    const bytes =
      chunk === undefined || chunk === null || typeof chunk === 'function'
        ? undefined
        : chunkBytes(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined)
    this.#inEnd = true
    try {
      Reflect.apply(this.#proto.end, res, args)
    } finally {
      this.#inEnd = false
    }
    this.#ended = true
    if (bytes) this.#push(bytes)
    if (!this.#settled) {
      this.#settle(() => concatBytes(this.#buffered))
      this.#buffered = []
    } else if (this.#controller) {
      this.#controller.close()
      this.#controller = undefined
    }
    return res
  }
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
  return new ResponseCapture(http, req, options)
}
