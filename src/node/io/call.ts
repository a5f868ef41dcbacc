/**
 * Run a Node request listener (`(req, res) => void`: Express, Connect, Koa's
 * `app.callback()`, plain `node:http` handlers) for a Web `Request`, in
 * process, and return its output as a Web `Response`.
 *
 * Works wherever `node:http` can be loaded through `process.getBuiltinModule`
 * (Node >= 20.16, Bun, Deno); elsewhere it throws a clear Error.
 */
import { contain } from './contain'
import { createIncomingMessage } from './incoming'
import { captureResponse } from './response'
import { loadHttp, loadStream } from './runtime'
import type { NodeRequest, NodeResponse } from './shape'
import { createSocket } from './socket'
import { isThenable } from '../../utils/thenable'

/**
 * A Node request listener; routers take a third `next` argument. Declared as
 * a method type so that listeners typed with a framework's own request type
 * (`express.Request` extends IncomingMessage) are accepted too. Structural
 * (`./shape`), so the published types need no `@types/node`.
 *
 * @example
 * const listener: NodeListener = (req, res) => res.end('ok')
 */
export type NodeListener = {
  listener(req: NodeRequest, res: NodeResponse, next?: (error?: unknown) => void): unknown
}['listener']

export interface NodeCallOptions {
  /** client address to report as `req.socket.remoteAddress` */
  remoteAddress?: string
  /**
   * Pass a final `next(error?)` as third argument (routers need one; an
   * Express *app* is better called without, so its own 404/500 pages apply).
   */
  withNext?: boolean
  /** where handler errors go; default `console.error` */
  onError?: (error: unknown) => void
  /** the 500 answered for a failing handler names the error (the service's `debug`) */
  debug?: boolean
}

const defaultOnError = (error: unknown): void =>
  console.error('fw: a mounted Node handler failed:', error)

/**
 * Call `listener` with a bridged `req`/`res` built from `request`.
 *
 * @example
 * const response = await callNodeListener(expressApp, new Request('http://localhost/users'))
 */
export function callNodeListener(
  listener: NodeListener,
  request: Request,
  options: NodeCallOptions = {},
): Promise<Response> {
  const purpose = 'calling a Node request listener (Express, Koa, fromNode)'
  const http = loadHttp(purpose)
  const url = new URL(request.url)
  const socket = createSocket(loadStream(purpose), {
    remoteAddress: options.remoteAddress,
    encrypted: url.protocol === 'https:',
  })
  const { req, release } = createIncomingMessage(http, request, url, socket)

  const signal = request.signal
  let finished = false
  const teardown = (): void => {
    signal.removeEventListener('abort', onAbort)
    release()
    // Closing the socket is what makes a real server emit 'close' on res.
    if (!socket.destroyed) socket.destroy()
  }
  const onAbort = (): void => {
    capture.abort(signal.reason)
    if (!req.destroyed) req.destroy()
    teardown()
  }
  const capture = captureResponse(http, req, {
    onError: options.onError ?? defaultOnError,
    debug: options.debug,
    onCancel: () => {
      if (!finished) onAbort()
    },
  })
  const { res } = capture
  res.once('finish', () => {
    finished = true
    setTimeout(teardown, 0)
  })
  // The handler destroyed the connection (res.destroy(), socket.destroy()) before finishing.
  socket.once('close', () => {
    if (!finished)
      capture.abort(
        new Error('the Node handler closed the connection without finishing the response'),
      )
  })
  if (signal.aborted) {
    onAbort()
    return capture.response
  }
  signal.addEventListener('abort', onAbort, { once: true })

  let failed = false
  const fail = (error: unknown): void => {
    if (failed) return // one failure per call: the teardown that follows may report the same error again
    failed = true
    capture.fail(error)
    teardown()
  }
  // A throw in the app's req/res/socket event listeners is its failure, not the process's.
  contain(req, fail)
  contain(res, fail)
  contain(socket, fail)
  const next = (error?: unknown): void => {
    if (error) return fail(error)
    if (res.headersSent) return
    res.statusCode = 404
    res.setHeader('content-type', 'text/plain; charset=utf-8')
    res.end(`Cannot ${req.method ?? 'GET'} ${url.pathname}`)
  }
  try {
    const result = options.withNext ? listener(req, res, next) : listener(req, res)
    if (isThenable(result)) result.then(undefined, fail)
  } catch (error) {
    fail(error)
  }
  return capture.response
}
