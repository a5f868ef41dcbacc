/**
 * The client of a request (docs/proxy-and-limits.md, "Client address"): the peer address the
 * runtime reports, and what trusted proxies say of the client behind them (`trustProxy`, read by
 * the `fw-api/proxy` entry). The core only reads the peer; the forwarding headers are parsed by
 * the entry, so a service that trusts no proxy carries no parser.
 */

/**
 * How a runtime reports the peer address of `request` (`env`: the second argument `fetch` was
 * called with); chosen once per runtime (serve/traits.ts).
 *
 * @example
 * const peer: PeerAddress = (request) => request.headers.get('cf-connecting-ip') ?? undefined
 */
export type PeerAddress = (request: Request, env: unknown) => string | undefined

/**
 * What trusted proxies say of the client: its address (`undefined`: a hop named none, e.g.
 * `for=unknown`), and the protocol and host it asked for when a trusted hop said so.
 *
 * @example
 * const client: ForwardedClient = { ip: '203.0.113.7', protocol: 'https', host: 'shop.example' }
 */
export interface ForwardedClient {
  ip: string | undefined
  protocol?: string
  host?: string
}

/**
 * A service's `trustProxy`, compiled (`fw-api/proxy`): the client behind the trusted hops of a
 * request whose peer is `peer`, or `undefined` when the peer is not trusted (the request is
 * taken as the peer sent it).
 *
 * @example
 * const resolve: ClientResolver = (headers, peer) => (peer === '10.0.0.1' ? { ip: headers.get('x-real-ip') ?? undefined } : undefined)
 */
export type ClientResolver = (
  headers: Headers,
  peer: string | undefined,
) => ForwardedClient | undefined

/** How a service finds the client of its requests: the runtime's peer, its trusted proxies. */
export interface ClientAddressing {
  peer: PeerAddress
  /** the compiled `trustProxy` (none: forwarding headers change nothing) */
  resolve?: ClientResolver
}

/** `::ffff:` then a dotted form somewhere after it (case-insensitive): an IPv4-mapped IPv6 address. */
const IPV4_MAPPED = /^::ffff:[^]*\./i

/** The IPv4 form of an IPv4-mapped IPv6 address (`::ffff:127.0.0.1` → `127.0.0.1`), else the address. */
export function unmapped(address: string): string {
  // an address not starting `:` answers at once: no string made for it per request (a rate limit's key)
  return address.charCodeAt(0) === 58 && IPV4_MAPPED.test(address) ? address.slice(7) : address
}

/** A reported address as fw gives it: IPv4-mapped IPv6 as IPv4; an empty or absent one is none. */
function reported(address: unknown): string | undefined {
  return typeof address === 'string' && address !== '' ? unmapped(address) : undefined
}

/**
 * The peer address a server handed with the request: Node (fw's server and
 * @hono/node-server's `{ incoming }`, Express's, Koa's and Fastify's `{ incoming: req }`: the
 * socket's `remoteAddress`), `Bun.serve`'s `server.requestIP(request)`, `Deno.serve`'s
 * `info.remoteAddr`. Anything else (a host that passes none, a request built in code): none.
 *
 * @example
 * serverPeer(request, { incoming }) // '127.0.0.1'
 */
export const serverPeer: PeerAddress = (request, env) => {
  if (typeof env !== 'object' || env === null) return undefined
  try {
    if ('incoming' in env) {
      const incoming = (env as { incoming?: { socket?: { remoteAddress?: unknown } } }).incoming
      return reported(incoming?.socket?.remoteAddress)
    }
    const bunServer = env as { requestIP?: unknown; upgrade?: unknown }
    if (typeof bunServer.requestIP === 'function' && typeof bunServer.upgrade === 'function') {
      const found = (bunServer.requestIP as (request: Request) => { address?: unknown } | null)(
        request,
      )
      return reported(found?.address)
    }
    // Deno's `remoteAddr` throws once the request has closed: then the address is gone.
    if ('remoteAddr' in env)
      return reported((env as { remoteAddr?: { hostname?: unknown } }).remoteAddr?.hostname)
  } catch {
    return undefined
  }
  return undefined
}

/**
 * On Cloudflare Workers the platform names the client in `CF-Connecting-IP` (a client cannot
 * set it there; anywhere else it can, so only the Workers runtime reads it).
 *
 * @example
 * workersPeer(request, env) // '203.0.113.7'
 */
export const workersPeer: PeerAddress = (request) =>
  reported(request.headers.get('cf-connecting-ip'))
