/**
 * fw's Node server (docs/runtimes.md, "Node: the native path"): a node:http
 * listener that hands `fetch` a `Request` read straight from the
 * `IncomingMessage` and writes the answer straight to the `ServerResponse`,
 * with no Web `Request`/`Response` built unless something asks for one.
 * Same answers as fw's fetch served by another Node server for Web handlers
 * (@hono/node-server's `serve()`).
 */
import { problem } from '../exceptions/http'
import { bodyTaken } from '../node/native/body'
import { nativeRequest } from '../node/native/request'
import { BadRequestTarget } from '../node/native/target'
import { installLightResponse } from '../node/native/response'
import { writeResponse } from '../node/native/write'
import { nodeBuiltin, type HttpModule } from '../node/io/runtime'
import type { FetchHandler } from '../types'
import { failure, HIDDEN_500 } from './errors'
import { answer } from './graceful'
import type { NodeHttpServer } from './node'
import { continueOnRead, lingerUnread } from './node-linger'
import { countHeaders, refusedHead, refuseHead } from './node-head'
import { nodeServerTimeouts, type Timeouts } from './types'

type Listener = Parameters<HttpModule['createServer']>[1] & {}
type Outgoing = Parameters<Listener>[1]

/**
 * The node:http listener of the native path for `fetch` (fw's `service.fetch`,
 * counted): the request built from `incoming` (a bad target or Host is a bare
 * 400, as under @hono/node-server), the answer written to `outgoing`; an
 * error escaping `fetch` is fw's 500, a head node:http refuses is fw's hidden 500.
 * `linger`: a body still arriving once the answer is ready gets a lingering
 * close (see `lingerAndContinue`). A head fw refuses (`refusedHead`: a 505
 * for a request line that is not HTTP/1.x, a 400 for a transfer coding but
 * `chunked`, a 431 for too many header fields on a server set up by
 * `countHeaders`) is answered before anything runs.
 *
 * @example
 * http.createServer(nativeListener(service.fetch, { debug: false }))
 */
export function nativeListener(
  fetch: FetchHandler,
  options: { debug: boolean; linger?: boolean },
): Listener {
  if (
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
      ?.FW_LIGHT_RESPONSE !== '0'
  )
    installLightResponse()
  // Its requests are framed by construction (FRAMED): a sized body is read whole, no WeakSet entry per request.
  const fail = failure(options.debug)
  const refused = (error: unknown): [number, string] => [
    500,
    options.debug && error instanceof Error
      ? JSON.stringify(problem(500, 'InternalServerError', error.message))
      : HIDDEN_500,
  ]
  const linger = options.linger === true
  const send = (outgoing: Outgoing, response: Response): void => {
    if (linger && !bodyTaken(outgoing.req)) lingerUnread(outgoing)
    void writeResponse(outgoing, response, refused)
  }
  // an error escaping `fetch` is fw's 500
  const failed = (outgoing: Outgoing, error: unknown): void => send(outgoing, fail(error))
  return (incoming, outgoing) => {
    const headStatus = refusedHead(incoming)
    if (headStatus !== 0) return refuseHead(outgoing, headStatus)
    let request: Request
    try {
      request = nativeRequest(incoming, 'localhost', outgoing)
    } catch (error) {
      if (!(error instanceof BadRequestTarget)) throw error
      outgoing.writeHead(400).end()
      return
    }
    // one promise step from an answer not ready at once to the write, a counted fetch's included
    answer(fetch, request, { incoming, outgoing }, outgoing, send, failed)
  }
}

/**
 * fw's native Node server for `fetch`: timeouts set, a body nobody reads
 * lingers briefly, `Expect: 100-continue` answered once the body is read,
 * too many header fields answered 431 (`countHeaders`).
 *
 * @example
 * const server = nodeNativeServer(service.fetch, { debug: false })
 */
export function nodeNativeServer(
  fetch: FetchHandler,
  options: { debug: boolean; timeouts?: Timeouts },
): NodeHttpServer {
  const http = nodeBuiltin<HttpModule>('node:http', 'serving on Node')
  const server = countHeaders(
    http.createServer(
      nodeServerTimeouts(options.timeouts),
      nativeListener(fetch, { ...options, linger: true }),
    ),
  )
  continueOnRead(server)
  return server
}
