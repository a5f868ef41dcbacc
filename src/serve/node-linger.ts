/**
 * The lingering close of node:http servers: a request whose body nobody reads
 * still arriving after its response gets FIN, no more reads, and a cut a
 * second later; `Expect: 100-continue` is answered once the body is read.
 */
import type { HttpModule } from '../node/io/runtime'

/** A node:http server. */
type NodeHttpServer = ReturnType<HttpModule['createServer']>

/** How long a connection whose unread body is still arriving stays open after its response (so the client reads it). */
const LINGER_MS = 1000

/**
 * The most bytes a body unread by the answer may declare and still be waited
 * for once the answer is sent (node:http discards it as it arrives, and the
 * connection stays usable); a larger or chunked one gets the lingering close.
 */
const SMALL_BODY = 64 * 1024

/** What `linger` needs of node's request. */
interface LingeringRequest {
  complete: boolean
  headers: Record<string, string | string[] | undefined>
  socket: { end(): unknown; pause(): unknown; destroyed: boolean; destroy(): unknown }
  once(event: 'end', listener: () => void): unknown
  off(event: 'end', listener: () => void): unknown
}

/**
 * After its response, a request whose body is still arriving gets a lingering
 * close (see `lingerAndContinue`). A small sized body (up to `SMALL_BODY`) is
 * given `LINGER_MS` to end first: a body that has arrived but is parsed after
 * a synchronous answer (node:http reads it once the handler returns) ends at
 * once and the keep-alive connection stays usable.
 */
function linger(this: { req: LingeringRequest }): void {
  const request = this.req
  if (request.complete) return
  const length = request.headers['content-length']
  if (
    request.headers['transfer-encoding'] !== undefined ||
    typeof length !== 'string' ||
    !(Number(length) <= SMALL_BODY)
  ) {
    lingeringClose(request.socket)
    return
  }
  const ended = (): void => clearTimeout(timer)
  const timer = setTimeout(() => {
    request.off('end', ended)
    if (!request.complete) lingeringClose(request.socket)
  }, LINGER_MS)
  timer.unref?.()
  request.once('end', ended)
}

/** FIN now, nothing more read, the connection cut `LINGER_MS` later. */
function lingeringClose(socket: LingeringRequest['socket']): void {
  socket.end()
  socket.pause()
  setTimeout(() => {
    if (!socket.destroyed) socket.destroy()
  }, LINGER_MS).unref?.()
}

/** What `lingerUnread` needs of node's request and response. */
interface Exchange {
  req: { complete: boolean; headers: Record<string, string | string[] | undefined> }
  on(event: 'finish', listener: () => void): unknown
}

/**
 * Give `response` the lingering close of `lingerAndContinue` should its
 * request's body still be arriving when it is sent; call it once the answer
 * is ready. A request complete by then, or without a body (no
 * Transfer-Encoding, no Content-Length but 0), never needs one: no listener added.
 *
 * @example
 * lingerUnread(outgoing); outgoing.end(body)
 */
export function lingerUnread(response: Exchange): void {
  const request = response.req
  if (request.complete) return
  // node's header object is built already (node:http reads it before the request event)
  const headers = request.headers
  const length = headers['content-length']
  if (headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return
  response.on('finish', linger)
}

/**
 * `Expect: 100-continue` answered once the body is read (its stream resumed),
 * the request then served like every other.
 *
 * @example
 * continueOnRead(http.createServer(listener))
 */
export function continueOnRead(server: NodeHttpServer): void {
  server.on('checkContinue', (request, response) => {
    // never after the answer itself (a body already received whole is read at once, and the request then resumed)
    request.once('resume', () => void (response.headersSent || response.writeContinue()))
    server.emit('request', request, response)
  })
}
