/**
 * node:http's request and response objects without a server, for the unit tests of the Node glue:
 * a real `IncomingMessage` over fw's stand-in socket (src/node/io/socket.ts), filled in as
 * node:http's parser leaves it, and a real `ServerResponse` whose output is read back as a Web
 * `Response` (src/node/io/response.ts). No socket is opened.
 */
import type { IncomingMessage } from 'node:http'
import { captureResponse, type CapturedResponse } from '../../src/node/io/response'
import { loadHttp, loadStream } from '../../src/node/io/runtime'
import { createSocket } from '../../src/node/io/socket'

/** `node:http`, as fw loads it. */
export const http = loadHttp('tests')

/** What `incomingMessage` is given beyond the request line and raw headers. */
export interface IncomingOptions {
  /** the body, pushed whole; `undefined`: none */
  body?: string | Uint8Array
  /** end the body (the parser saw its end; default true) */
  ended?: boolean
  /** the socket is TLS */
  encrypted?: boolean
}

/**
 * An `IncomingMessage` as node:http's parser leaves it: method, target, raw headers and the header
 * object made from them, the body pushed (and ended unless `ended: false`).
 *
 * @example
 * const req = incomingMessage('POST', '/x', ['Host', 'h', 'Content-Length', '2'], { body: 'hi' })
 */
export function incomingMessage(method: string, url: string, raw: string[], options: IncomingOptions = {}): IncomingMessage {
  const req = new http.IncomingMessage(createSocket(loadStream('tests'), { encrypted: options.encrypted }))
  req.method = method
  req.url = url
  req.rawHeaders = raw
  req.headers = {}
  for (let i = 0; i + 1 < raw.length; i += 2) req.headers[(raw[i] ?? '').toLowerCase()] = raw[i + 1]
  if (options.body !== undefined) req.push(options.body)
  if (options.ended !== false) {
    req.push(null)
    req.complete = true
  }
  return req
}

/**
 * A `ServerResponse` for `req` whose output becomes a Web `Response` (`response`).
 *
 * @example
 * const { res, response } = capturedResponse(req); res.end('x'); await (await response).text()
 */
export function capturedResponse(req: IncomingMessage): CapturedResponse {
  return captureResponse(http, req, { onError: () => {}, onCancel: () => {} })
}
