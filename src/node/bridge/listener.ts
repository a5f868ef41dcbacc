/**
 * A fetch handler as a Node request listener (`http.createServer(listener)`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FetchHandler } from '../../types'
import type { ReusedBody } from './reuse'
import { bridgeIO, type NodeIO } from '../native/attach'

export interface ServeNodeOptions {
  /** path and query instead of `req.url` (for mounted routers) */
  url?: string
  /** a body that replaces the already consumed Node stream */
  body?: ReusedBody
  /** where errors of the fetch handler go; default `console.error` */
  onError?: (error: unknown) => void
  /** the Web bridge (default) or the native path (`nodeIO()`, ../native/attach) */
  io?: NodeIO
}

const internalError = (): Response =>
  new Response('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/**
 * Answer one Node request with `fetch`. `env` is `{ incoming: req, outgoing: res }`,
 * the convention of @hono/node-server. Never rejects: a failing handler gives
 * a 500 (or a cut connection when the headers were already sent).
 *
 * @example
 * http.createServer((req, res) => void serveNode(fetch, req, res))
 */
export async function serveNode(fetch: FetchHandler, req: IncomingMessage, res: ServerResponse, options: ServeNodeOptions = {}): Promise<void> {
  const onError = options.onError ?? ((error: unknown) => console.error('fw: request failed:', error))
  const io = options.io ?? bridgeIO
  let response: Response
  try {
    const { request } = io.request(req, { url: options.url, body: options.body, res })
    response = await fetch(request, { incoming: req, outgoing: res })
  } catch (error) {
    onError(error)
    response = internalError()
  }
  if (res.headersSent) {
    // something else answered meanwhile; nothing sensible left to do
    await response.body?.cancel().catch(() => {})
    return
  }
  await io.send(res, response)
}

/**
 * Turn a fetch handler into a Node request listener.
 *
 * @param asynchronous `true`: the listener returns a promise settled when the
 *   response has been sent; `false` (default): it returns nothing.
 * @param io the Web bridge (default) or the native path (`nodeIO()`)
 *
 * @example
 * http.createServer(toNodeListener(service.fetch)).listen(8000)
 */
export function toNodeListener(
  fetch: FetchHandler,
  asynchronous = false,
  io: NodeIO = bridgeIO,
): (req: IncomingMessage, res: ServerResponse) => void | Promise<void> {
  const options = { io }
  if (asynchronous) return (req, res) => serveNode(fetch, req, res, options)
  return (req, res) => {
    void serveNode(fetch, req, res, options)
  }
}
