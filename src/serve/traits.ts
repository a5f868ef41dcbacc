/**
 * What the compiled service needs to know of the runtime it serves on, found
 * once when it is built (docs/architecture.md, "Runtimes at the edge"): the only
 * place fw looks at the runtime's globals for the request path.
 */
import { fromFramingServer, isBunServer } from '../body/stream'
import { serverPeer, workersPeer, type PeerAddress } from '../request/client'
import type { FramingCheck } from '../types'
import { detectRuntime } from './runtime'

/** The runtime's ways that change how the service reads requests and writes responses. */
export interface RuntimeTraits {
  /**
   * Deno: `request.url` is built from the raw Host header (`Host: a/admin` makes the
   * path `/admin/…`) and keeps the path as sent, so the dispatcher checks the Host
   * and resolves the path itself. Bun makes the URL relative for a bad Host;
   * Node's servers and Workers refuse a bad Host themselves.
   */
  hostInUrl: boolean
  /**
   * Bun: a shared `ResponseInit` copies fastest with a `Headers` object (0.31 against
   * 0.42 µs per Response); on V8 runtimes a plain object does (0.11 against 0.34 µs on Deno).
   */
  headersObject: boolean
  /**
   * how a request from a server that frames bodies by their Content-Length is recognised; none:
   * by the server argument alone (`fromFramingServer`, what body/read.ts does without a check)
   */
  framing: FramingCheck | undefined
  /** how the peer address is read: the server's argument, or Workers' `CF-Connecting-IP` */
  peer: PeerAddress
}

/**
 * Running in workerd (Cloudflare Workers, `wrangler dev`, miniflare): its `navigator.userAgent`.
 *
 * @example
 * if (onWorkers()) init.encodeBody = 'automatic' // the runtime compresses
 */
export function onWorkers(): boolean {
  return (
    (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent ===
    'Cloudflare-Workers'
  )
}

/**
 * Bun hands every request of a server the same `Server` object: recognised once,
 * then by identity (one comparison per body instead of property reads). One
 * check per service, so the server it remembers is that service's.
 *
 * @example
 * const framing = bunFraming(); framing(request, server) // true, then by identity
 */
export function bunFraming(): FramingCheck {
  let known: unknown
  return (_request, env) => {
    if (env === known && known !== undefined) return true
    if (!fromFramingServer(env)) return false
    if (isBunServer(env as object)) known = env
    return true
  }
}

/**
 * The Workers platform frames bodies by their Content-Length as Bun.serve and Deno.serve
 * do (docs/runtimes.md, "Notes per runtime"), so `export default service` reads sized
 * bodies whole. Such a request carries the platform's `cf` properties; a `Request`
 * built in code has none (unless the code copies them on purpose), so it keeps the counting reader.
 *
 * @example
 * workersFraming(request, env) // true for a request the platform delivered
 */
export const workersFraming: FramingCheck = (request, env) => {
  const cloudflareProperties = (request as { cf?: unknown }).cf
  return (
    (typeof cloudflareProperties === 'object' && cloudflareProperties !== null) ||
    fromFramingServer(env)
  )
}

/**
 * The traits of the runtime fw runs on.
 *
 * @example
 * const traits = runtimeTraits() // on Deno: { hostInUrl: true, headersObject: false, framing, peer }
 */
export function runtimeTraits(): RuntimeTraits {
  const runtime = detectRuntime()
  const workers = onWorkers()
  const framing = runtime === 'bun' ? bunFraming() : workers ? workersFraming : undefined
  const peer = workers ? workersPeer : serverPeer
  return { hostInUrl: runtime === 'deno', headersObject: runtime === 'bun', framing, peer }
}
