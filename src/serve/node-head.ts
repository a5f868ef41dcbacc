/**
 * Request heads fw's Node servers refuse before anything runs, so Node
 * answers the same bytes as Bun does (docs/runtimes.md,
 * "Malformed requests, runtime by runtime"):
 *
 * - more header fields than the server takes → 431. node:http keeps the
 *   first `maxHeadersCount` fields and silently drops the rest (a lost
 *   Content-Type became a 415, lost cookies an anonymous request); fw's
 *   servers let it keep one more, so a head over the limit is seen.
 * - a request line that is not HTTP/1.x (`GET / HTTP/2.0` on an HTTP/1
 *   socket) → 505, as Bun answers (node:http would serve it).
 * - a Transfer-Encoding other than `chunked` (`identity, chunked`,
 *   `gzip, chunked`) → 400, as Bun and Deno answer (node:http would frame
 *   the body as chunked and serve it).
 *
 * Per request: one array length, one number and one pass over the raw
 * header names (a length compared for most), no header object built.
 *
 * `guardHeads` (the Web path, Express, Koa) also lower-cases the scheme of an
 * absolute-form target (`GET HTTP://h/…`), which @hono/node-server would
 * refuse: the native path, Bun and Deno serve it.
 */
import { firstHeader, sameName } from '../node/native/headers'
import { ABSOLUTE_FORM } from '../node/native/target'
import type { HttpModule } from '../node/io/runtime'

type Listener = Parameters<HttpModule['createServer']>[1] & {}
type Incoming = Parameters<Listener>[0]
type Outgoing = Parameters<Listener>[1]

/** The most request header fields fw's Node servers take (node:http's own default); one more is a 431. */
export const NODE_MAX_HEADERS = 2000

/**
 * Let `server` keep one header field past `NODE_MAX_HEADERS`, so
 * `refusedHead` sees a head over the limit instead of a silently cut one.
 *
 * @example
 * const server = countHeaders(http.createServer(listener))
 */
export function countHeaders<Server extends { maxHeadersCount: number | null }>(
  server: Server,
): Server {
  server.maxHeadersCount = NODE_MAX_HEADERS + 1
  return server
}

/**
 * The status fw answers `incoming` with before anything runs (431: too many
 * header fields, 505: not HTTP/1.x, 400: a transfer coding but `chunked`),
 * or 0 to serve it. Sees a head over the limit only on a server set up by
 * `countHeaders`.
 *
 * @example
 * const status = refusedHead(incoming)
 * if (status !== 0) return refuseHead(outgoing, status)
 */
export function refusedHead(incoming: Pick<Incoming, 'rawHeaders' | 'httpVersionMajor'>): number {
  if (incoming.rawHeaders.length > NODE_MAX_HEADERS * 2) return 431
  if (incoming.httpVersionMajor !== 1) return 505
  const coding = firstHeader(incoming.rawHeaders, 'transfer-encoding')
  if (coding !== undefined && !sameName(coding, 'chunked')) return 400
  return 0
}

/**
 * Answer a refused head: the bare status, no body, and the connection
 * closed (whatever body follows such a head is never read).
 *
 * @example
 * refuseHead(outgoing, 431)
 */
export function refuseHead(outgoing: Outgoing, status: number): void {
  outgoing.writeHead(status, { connection: 'close', 'content-length': 0 }).end()
}

/**
 * `listener` behind `refusedHead`: a refused head is answered by
 * `refuseHead`, every other request goes on to `listener` (an absolute-form
 * target's scheme lower-cased first).
 *
 * @example
 * http.createServer(options, guardHeads(honoListener))
 */
export function guardHeads(listener: Listener): Listener {
  return (incoming, outgoing) => {
    const status = refusedHead(incoming)
    if (status !== 0) return refuseHead(outgoing, status)
    const target = incoming.url
    if (target !== undefined && target.charCodeAt(0) !== 47) incoming.url = lowerScheme(target)
    listener(incoming, outgoing)
  }
}

/** An absolute-form `target` with its scheme in lower case (`HTTP://h/a` → `http://h/a`); any other as it is. */
function lowerScheme(target: string): string {
  return ABSOLUTE_FORM.test(target)
    ? target.replace(ABSOLUTE_FORM, (scheme) => scheme.toLowerCase())
    : target
}
