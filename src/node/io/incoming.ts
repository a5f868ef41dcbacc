/**
 * Web `Request` → Node `IncomingMessage`.
 *
 * A real `http.IncomingMessage` (so Express's and Koa's request prototypes,
 * which inherit from it, keep working) whose body is pulled from the Web
 * stream on demand. `_read` is set on the instance, not on a subclass, because
 * Express replaces the prototype of `req` with its own.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { HttpModule } from './runtime'

/** Headers a Web `Request` exposes as a Node headers object and raw list. */
function nodeHeaders(
  request: Request,
  url: URL,
): { headers: Record<string, string>; raw: string[] } {
  const headers: Record<string, string> = {}
  const raw: string[] = []
  request.headers.forEach((value, name) => {
    headers[name] = value
    raw.push(name, value)
  })
  if (headers.host === undefined) {
    headers.host = url.host
    raw.push('host', url.host)
  }
  // `new Request(url, { body: '...' })` carries no Content-Length; without a
  // length or chunked marker `type-is` (body-parser, koa-bodyparser) sees no body.
  if (
    request.body !== null &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined
  ) {
    headers['transfer-encoding'] = 'chunked'
    raw.push('transfer-encoding', 'chunked')
  }
  return { headers, raw }
}

/** An IncomingMessage plus a way to drop the unread rest of its body. */
export interface BridgedRequest {
  req: IncomingMessage
  /** cancel the Web body if the handler never read it all */
  release(): void
}

/**
 * Build the IncomingMessage for `request`, addressed to `url.pathname + url.search`.
 *
 * @example
 * const { req } = createIncomingMessage(http, request, new URL(request.url), socket)
 */
export function createIncomingMessage(
  http: HttpModule,
  request: Request,
  url: URL,
  socket: Socket,
): BridgedRequest {
  const req = new http.IncomingMessage(socket)
  const { headers, raw } = nodeHeaders(request, url)
  req.method = request.method
  req.url = url.pathname + url.search
  req.httpVersion = '1.1'
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.headers = headers
  req.rawHeaders = raw

  const reader = request.body?.getReader()
  let done = reader === undefined
  let pumping = false
  let wanted = false
  const finish = (): void => {
    done = true
    req.complete = true
    req.push(null)
  }
  // Like Node's HTTP parser: push chunks as they come and pause only when
  // push() reports a full buffer; the next _read() resumes. (IncomingMessage
  // disables read-ahead, so waiting for a _read() per chunk would stall.)
  const pump = async (): Promise<void> => {
    pumping = true
    try {
      while (!done && reader) {
        const result = await reader.read()
        if (result.done) return finish()
        wanted = false
        if (!req.push(result.value) && !wanted) return
      }
    } catch (error) {
      done = true
      // Only hand the error on if someone listens; an unheard 'error' would crash the process.
      req.destroy(req.listenerCount('error') > 0 && error instanceof Error ? error : undefined)
    } finally {
      pumping = false
    }
  }
  req._read = () => {
    if (done) {
      // no body (GET): end the stream on first read
      if (!req.complete) finish()
    } else if (pumping) wanted = true
    else void pump()
  }
  return {
    req,
    release() {
      if (!done && reader) {
        done = true
        reader.cancel().catch(() => {})
      }
    },
  }
}
