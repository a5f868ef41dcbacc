/**
 * What the compiled service needs to know of the runtime it serves on, found
 * once when it is built (docs/architecture.md, "Runtimes at the edge"): with body/framing.ts
 * (an endpoint's body read, at its build), the only place fw looks at the runtime's globals for
 * the request path.
 */
import { serverPeer, workersPeer, type PeerAddress } from '../request/client'
import { detectRuntime, onWorkers } from '../utils/runtime'

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
  /** how the peer address is read: the server's argument, or Workers' `CF-Connecting-IP` */
  peer: PeerAddress
}

/**
 * The traits of the runtime fw runs on.
 *
 * @example
 * const traits = runtimeTraits() // on Deno: { hostInUrl: true, headersObject: false, peer }
 */
export function runtimeTraits(): RuntimeTraits {
  const runtime = detectRuntime()
  const peer = onWorkers() ? workersPeer : serverPeer
  return { hostInUrl: runtime === 'deno', headersObject: runtime === 'bun', peer }
}
