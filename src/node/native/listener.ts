/**
 * A fetch handler as a Node request listener (`http.createServer(listener)`):
 * fw attached to node:http, on the native path (./attach).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FetchHandler } from '../../types'
import type { ReusedBody } from '../io/reuse'
import { attachedRequest, sendAttached } from './attach'
import { isThenable } from '../../utils/thenable'

export interface ServeNodeOptions {
  /** path and query instead of `req.url` (for mounted routers) */
  url?: string
  /** a body that replaces the already consumed Node stream */
  body?: ReusedBody
  /** where errors of the fetch handler go; default `console.error` */
  onError?: (error: unknown) => void
}

const internalError = (): Response =>
  new Response('Internal Server Error', {
    status: 500,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })

/** The 500 for an error of the fetch handler, reported to `options.onError`. */
function failed(options: ServeNodeOptions, error: unknown): Response {
  if (options.onError) options.onError(error)
  else console.error('fw: request failed:', error)
  return internalError()
}

/**
 * Send `response`, unless something else answered meanwhile (nothing sensible
 * left to do then); a head node:http refuses (a CR or LF in a value) is the 500.
 */
function deliver(
  res: ServerResponse,
  response: Response,
  options: ServeNodeOptions,
): void | Promise<void> {
  if (res.headersSent) return response.body?.cancel().catch(() => {})
  try {
    return sendAttached(res, response)?.catch((error: unknown) => refused(res, error, options))
  } catch (error) {
    return refused(res, error, options)
  }
}

/** The 500 for an answer node:http refused, or a cut connection once its head was sent. */
function refused(
  res: ServerResponse,
  error: unknown,
  options: ServeNodeOptions,
): void | Promise<void> {
  if (res.headersSent) return void res.destroy()
  for (const name of res.getHeaderNames()) res.removeHeader(name)
  return sendAttached(res, failed(options, error))
}

/**
 * Answer one Node request with `fetch`. `env` is `{ incoming: req, outgoing: res }`,
 * the convention of @hono/node-server. A failing handler gives a 500 (or a
 * cut connection when the headers were already sent). No promise is made
 * when `fetch` answers at once and the answer is written at once: the
 * result is then undefined; else a promise settled once it is sent.
 *
 * @example
 * http.createServer((req, res) => void serveNode(fetch, req, res))
 */
export function serveNode(
  fetch: FetchHandler,
  req: IncomingMessage,
  res: ServerResponse,
  options: ServeNodeOptions = {},
): void | Promise<void> {
  let answer: Response | Promise<Response>
  try {
    answer = fetch(attachedRequest(req, { url: options.url, body: options.body, res }).request, {
      incoming: req,
      outgoing: res,
    })
  } catch (error) {
    answer = failed(options, error)
  }
  if (!isThenable(answer)) return deliver(res, answer, options)
  return Promise.resolve(answer).then(
    (response) => deliver(res, response, options),
    (error: unknown) => deliver(res, failed(options, error), options),
  )
}

/**
 * Turn a fetch handler into a Node request listener.
 *
 * @param asynchronous `true`: the listener returns a promise settled when the
 *   response has been sent; `false` (default): it returns nothing.
 *
 * @example
 * http.createServer(toNodeListener(service.fetch)).listen(8000)
 */
export function toNodeListener(
  fetch: FetchHandler,
  asynchronous = false,
): (req: IncomingMessage, res: ServerResponse) => void | Promise<void> {
  const options = {}
  if (asynchronous) return async (req, res) => serveNode(fetch, req, res, options)
  return (req, res) => {
    void serveNode(fetch, req, res, options)
  }
}
