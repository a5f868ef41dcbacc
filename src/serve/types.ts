/**
 * What every server `service.run()` starts has in common, whatever serves it
 * (Node, Bun, Deno, or a framework's own `listen()`).
 */
import { ImproperlyConfigured } from '../exceptions'
import type { FetchHandler } from '../types'

/**
 * Options of `server.close()` / `service.close()`.
 *
 * @example
 * await server.close({ timeout: 5_000 })
 */
export interface CloseOptions {
  /** ms to let in-flight requests finish before the rest is cut; default 10 000 */
  timeout?: number
}

/**
 * A server started by `service.run()`.
 *
 * @example
 * const server = await service.run({ port: 8000 })
 * console.log(server.runtime, server.port); await server.close()
 */
export interface RunningServer {
  /** the port actually bound (useful with `port: 0`) */
  port: number
  hostname: string
  /** which runtime serves it */
  runtime: 'bun' | 'deno' | 'node'
  /** `single`: this process serves; `primary`: its worker processes serve (`workers`); `worker`: one of them */
  role: 'single' | 'primary' | 'worker'
  /**
   * Graceful: stop accepting, end open event streams, let in-flight requests
   * finish, cut what is left after `timeout` (default 10 s).
   */
  close(options?: CloseOptions): Promise<void>
}

/**
 * Options of `service.run()`.
 *
 * @example
 * await service.run({ port: 8000, host: '0.0.0.0', workers: 'auto' })
 */
export interface RunOptions {
  /** default: the service's `port`, else `PORT`, else 8000 */
  port?: number
  /** default: the service's `host`, else `HOST`, else 127.0.0.1 */
  host?: string
  /** serve from n processes (`'auto'`: one per CPU): Node through `node:cluster`, Bun through `reusePort`; on Deno use `deno serve --parallel` */
  workers?: number | 'auto'
  /** close gracefully and exit on SIGTERM/SIGINT (default true); `false`: handle them yourself */
  signals?: boolean
}

/** Server timeouts of `service.run()`, in milliseconds. */
export interface Timeouts {
  /** to receive a request's headers (Node); default 15 000 */
  headers?: number
  /** to receive a whole request, body included (Node); default 30 000 */
  request?: number
  /** an idle keep-alive connection stays open (Node); default 5 000 */
  keepAlive?: number
  /** a connection with no traffic at all is closed (Bun, at most 255 s); default 10 000 */
  idle?: number
}

/** The timeouts `service.run()` uses unless `timeouts` overrides them. */
export const defaultTimeouts: Readonly<Required<Timeouts>> = Object.freeze({
  headers: 15_000,
  request: 30_000,
  keepAlive: 5_000,
  idle: 10_000,
})

/** How long `close()` waits for in-flight requests unless told. */
export const DEFAULT_CLOSE_TIMEOUT = 10_000

/**
 * Where and how to listen.
 *
 * @example
 * await serve(undefined, service.fetch, { port: 8000, hostname: '0.0.0.0', timeouts: { request: 60_000 } })
 */
export interface ServeOptions {
  /** default 0: any free port */
  port?: number
  /** default '127.0.0.1' */
  hostname?: string
  /** show the text of unexpected errors (never shown otherwise) */
  debug?: boolean
  timeouts?: Timeouts
  /** Bun: let other processes bind the same port (workers) */
  reusePort?: boolean
  /** WebSocket upgrades on the servers started (`fw-api/ws`, given by `service.run()` when imported) */
  sockets?: SocketServing
}

/**
 * What `fw-api/ws` gives the servers: each answers WebSocket upgrades through fw's fetch and
 * returns (or has) what closes its open sockets (1001) when it stops.
 *
 * @example
 * const closeSockets = where.sockets?.attachNode(server, fetch)
 */
export interface SocketServing {
  /** answer a node:http server's `upgrade` events through `fetch`; returns what closes its sockets */
  attachNode(server: unknown, fetch: FetchHandler): () => void
  /** `Bun.serve`'s `fetch` and `websocket` options upgrading through `fetch`, and what closes the sockets */
  bun(fetch: FetchHandler): { fetch: FetchHandler; websocket: unknown; close(): void }
  /** a `Deno.serve` handler upgrading through `fetch`, and what closes the sockets */
  deno(fetch: FetchHandler): { fetch: FetchHandler; close(): void }
}

/**
 * node:http server settings for `timeouts` (defaults filled in): for every
 * Node server fw creates or runs (its own, Express, Koa, `node:http`,
 * Fastify's and Nest's).
 *
 * @example
 * http.createServer(nodeServerTimeouts({ headers: 5000 }), listener)
 */
export function nodeServerTimeouts(timeouts: Timeouts = {}): {
  headersTimeout: number
  requestTimeout: number
  keepAliveTimeout: number
  connectionsCheckingInterval: number
} {
  const limits = {
    headers: timeoutMs(timeouts, 'headers'),
    request: timeoutMs(timeouts, 'request'),
    keepAlive: timeoutMs(timeouts, 'keepAlive'),
  }
  return {
    headersTimeout: limits.headers,
    requestTimeout: limits.request,
    keepAliveTimeout: limits.keepAlive,
    // How often Node checks the two timeouts above (its default, 30 s, would make them 30 s late).
    connectionsCheckingInterval: Math.max(
      100,
      Math.min(1000, limits.headers / 2, limits.request / 2),
    ),
  }
}

/** Bun's `idleTimeout` (whole seconds, 1..255) for `timeouts`. */
export function bunIdleTimeout(timeouts: Timeouts = {}): number {
  return Math.max(1, Math.min(255, Math.ceil(timeoutMs(timeouts, 'idle') / 1000)))
}

/**
 * Refuse a timeout that is not a number of ms (see `timeoutMs`) on every runtime, Deno's too
 * (which has none to apply): `run()` rejects with the same message wherever it runs.
 *
 * @example
 * checkTimeouts({ headers: Number(process.env.HEADERS_MS) }) // ImproperlyConfigured when unset (NaN)
 */
export function checkTimeouts(timeouts: Timeouts = {}): void {
  for (const name of Object.keys(defaultTimeouts) as (keyof Timeouts)[]) timeoutMs(timeouts, name)
}

/**
 * `timeouts[name]`, or its default when left out or given as `undefined` (an unset environment
 * variable); anything but a number of ms ≥ 0 (`NaN` from `Number(undefined)`, a string) is
 * refused here, named, before a server gets it (Node aborted the process on `NaN`).
 */
function timeoutMs(timeouts: Timeouts, name: keyof Timeouts): number {
  const value: unknown = timeouts[name]
  if (value === undefined) return defaultTimeouts[name]
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ImproperlyConfigured(
      `timeouts.${name} is a number of ms (0 or more), not ${String(value)}`,
    )
  return value
}

/**
 * The error `run()` rejects with when its port is taken: one message on
 * every runtime and backend (`code` is `EADDRINUSE`).
 */
export function addressInUse(error: unknown, port: number, hostname: string): unknown {
  const code: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined
  const name: unknown = error instanceof Error ? error.name : undefined
  const text = error instanceof Error ? error.message : ''
  if (
    code !== 'EADDRINUSE' &&
    name !== 'AddrInUse' &&
    !/address already in use|EADDRINUSE/i.test(text)
  )
    return error
  return Object.assign(
    new Error(`cannot listen on ${hostname}:${port}: the address is already in use (EADDRINUSE)`, {
      cause: error,
    }),
    { code: 'EADDRINUSE' },
  )
}

/** What a backend's `run` or a runtime's server gives back: the bound port, and how to stop it. */
export interface Started {
  port: number
  handle: {
    /** stop accepting; settles once the server's connections are done */
    stop(): Promise<void>
    /** cut every connection still open */
    force(): void
  }
}

/** Where a server listens, resolved (for a backend's `run`). */
export type Where = ServeOptions & { port: number; hostname: string }

/** The `port` of a Node `server.address()`. */
export function portOf(address: unknown): number {
  const port: unknown =
    typeof address === 'object' && address !== null ? Reflect.get(address, 'port') : undefined
  if (typeof port !== 'number') throw new Error('the server did not report a port')
  return port
}
