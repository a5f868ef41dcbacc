import { markFramed } from '../body'
import type { FetchHandler } from '../types'
import { problem } from '../exceptions/http'

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
  close(): Promise<void>
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
const defaultTimeouts: Readonly<Required<Timeouts>> = Object.freeze({ headers: 15_000, request: 30_000, keepAlive: 5_000, idle: 10_000 })

/**
 * node:http server options for `timeouts` (defaults filled in): for every
 * Node server fw creates, its own and a backend's (Express, Koa, `node:http`).
 *
 * @example
 * http.createServer(nodeServerTimeouts({ headers: 5000 }), listener)
 */
export function nodeServerTimeouts(timeouts: Timeouts = {}): { headersTimeout: number; requestTimeout: number; keepAliveTimeout: number; connectionsCheckingInterval: number } {
  const limits = { ...defaultTimeouts, ...timeouts }
  return {
    headersTimeout: limits.headers,
    requestTimeout: limits.request,
    keepAliveTimeout: limits.keepAlive,
    // How often Node checks the two timeouts above (its default, 30 s, would make them 30 s late).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headers / 2, limits.request / 2)),
  }
}

/** Where and how to listen. */
export interface ListenOptions {
  port: number
  hostname: string
  /** show the text of unexpected errors (never shown otherwise) */
  debug?: boolean
  timeouts?: Timeouts
}

interface BunServeOptions {
  fetch: FetchHandler
  port: number
  hostname: string
  development: boolean
  idleTimeout: number
  error: (error: unknown) => Response
}
interface BunLike {
  serve(options: BunServeOptions): { port: number; stop(force?: boolean): unknown }
}
interface DenoLike {
  serve(options: { port: number; hostname: string; onListen?: () => void; onError?: (error: unknown) => Response }, handler: FetchHandler): { addr: { port: number }; shutdown(): Promise<void> }
  env: { get(name: string): string | undefined }
}
interface NodeServer {
  close(callback?: (error?: Error) => void): void
  on(event: 'request', listener: (request: NodeRequest, response: { once(event: 'finish', listener: () => void): void }) => void): void
  on(event: 'checkContinue', listener: (request: NodeRequest, response: { writeContinue(): void }) => void): void
  emit(event: 'request', ...args: unknown[]): boolean
}
interface NodeRequest {
  complete: boolean
  headers: Record<string, string | string[] | undefined>
  socket: { end(): void; pause(): void; destroy(): void; destroyed: boolean }
  on(event: 'data', listener: (chunk: { length: number }) => void): void
  once(event: 'resume', listener: () => void): void
}
interface NodeServerModule {
  serve(options: { fetch: FetchHandler; port: number; hostname: string; serverOptions: Record<string, unknown> }, onListen: (info: { port: number }) => void): NodeServer
}
interface NodeHttpModule {
  ServerResponse: { prototype: object; new (...args: never[]): object }
}

const runtime = globalThis as { Bun?: BunLike; Deno?: DenoLike; process?: { env?: Record<string, string | undefined> } }

/** The runtime fw is running on. */
export function detectRuntime(): 'bun' | 'deno' | 'node' | 'unknown' {
  if (runtime.Bun) return 'bun'
  if (runtime.Deno) return 'deno'
  if (runtime.process?.env) return 'node'
  return 'unknown'
}

/** An environment variable on Node, Bun or Deno (undefined on Workers). */
export function envVar(name: string): string | undefined {
  try {
    return runtime.process?.env?.[name] ?? runtime.Deno?.env.get(name)
  } catch {
    return undefined // Deno without --allow-env
  }
}

// Computed specifiers keep bundlers (Workers) from pulling the Node server in.
const nodeServerModule = ['@hono', 'node-server'].join('/')
const nodeHttpModule = ['node', 'http'].join(':')

const HIDDEN_500 = JSON.stringify(problem(500, 'InternalServerError', 'InternalServerError'))

/** The 500 for an error that escaped the service: no stack, path or source unless `debug`. */
function internalError(error: unknown, debug: boolean): Response {
  const body = debug && error instanceof Error ? JSON.stringify(problem(500, 'InternalServerError', `${error.name}: ${error.message}`)) : HIDDEN_500
  return new Response(body, { status: 500, headers: { 'content-type': 'application/problem+json' } })
}

/** fw's own 500 for an error that escaped the handler (logged with `debug`). */
function failure(debug: boolean): (error: unknown) => Response {
  return (error) => {
    if (debug) console.error(error)
    return internalError(error, debug)
  }
}

/** `fetch` that never rejects: whatever escapes it (a mounted app's rejection) is fw's own 500. */
function guarded(fetch: FetchHandler, debug: boolean): FetchHandler {
  const fail = failure(debug)
  return (request, env, ctx) => {
    try {
      const response = fetch(request, env, ctx)
      return response instanceof Promise ? response.catch(fail) : response
    } catch (error) {
      return fail(error)
    }
  }
}

/**
 * node:http (under @hono/node-server) frames a body by its Content-Length
 * (never more bytes): its requests are marked so a sized body is read whole
 * (see `markFramed`; Bun.serve and Deno.serve requests are recognised by
 * their second argument). That also skips building a web stream from the
 * socket (@hono/node-server reads the body directly): the counting reader
 * costs ~115 µs more per request over loopback there.
 */
function framing(fetch: FetchHandler): FetchHandler {
  return (request, env, ctx) => {
    markFramed(request)
    return fetch(request, env, ctx)
  }
}

/** How long a connection whose unread body is still arriving stays open after its response (so the client reads it). */
const LINGER_MS = 1000

/**
 * Serve a fetch handler with the runtime's own server: `Bun.serve`,
 * `Deno.serve`, or @hono/node-server on Node, with timeouts set and no
 * error page: an error that escapes the handler is a plain 500.
 *
 * @example
 * const server = await serveFetch(service.fetch, { port: 8000, hostname: '127.0.0.1', timeouts: { request: 60_000 } })
 */
export async function serveFetch(handler: FetchHandler, { port, hostname, debug = false, timeouts = {} }: ListenOptions): Promise<RunningServer> {
  const kind = detectRuntime()
  const limits = { ...defaultTimeouts, ...timeouts }
  // Bun and Deno get the handler as is: their error callbacks answer what escapes it,
  // and fw recognises their requests as framed from the handler's second argument
  // (see `fromFramingServer`), so no wrapper costs a promise hop per request.
  if (kind === 'bun' && runtime.Bun) {
    const server = runtime.Bun.serve({
      fetch: handler,
      port,
      hostname,
      // Never Bun's development error page (stack, cwd, source), whatever NODE_ENV says.
      development: false,
      idleTimeout: Math.max(1, Math.min(255, Math.ceil(limits.idle / 1000))),
      error: failure(debug),
    })
    return { port: server.port, hostname, runtime: 'bun', close: async () => void server.stop(true) }
  }
  if (kind === 'deno' && runtime.Deno) {
    const server = runtime.Deno.serve({ port, hostname, onListen: () => {}, onError: failure(debug) }, handler)
    return { port: server.addr.port, hostname, runtime: 'deno', close: () => server.shutdown() }
  }
  if (kind === 'node') return serveNode(guarded(framing(handler), debug), port, hostname, limits, debug)
  throw new Error('service.run() needs Node, Bun or Deno; on Workers use `export default service`')
}

async function serveNode(fetch: FetchHandler, port: number, hostname: string, timeouts: Required<Timeouts>, debug: boolean): Promise<RunningServer> {
  const { serve } = (await import(/* @vite-ignore */ nodeServerModule)) as NodeServerModule
  const http = (await import(/* @vite-ignore */ nodeHttpModule)) as NodeHttpModule
  const serverOptions = { ServerResponse: safeResponseClass(http, debug), ...nodeServerTimeouts(timeouts) }
  return new Promise((resolve) => {
    const server = serve({ fetch, port, hostname, serverOptions }, (info) => {
      resolve({
        port: info.port,
        hostname,
        runtime: 'node',
        close: () => new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))),
      })
    })
    // After the response, a client still sending a body nobody reads gets a
    // lingering close: FIN right away (it sees the answer, then EOF), nothing
    // more is read (its writes stall on TCP backpressure, no bandwidth spent),
    // and a second later the connection is cut.
    server.on('request', (request, response) => {
      response.once('finish', () => {
        if (request.complete) return
        const socket = request.socket
        socket.end()
        socket.pause()
        setTimeout(() => {
          if (!socket.destroyed) socket.destroy()
        }, LINGER_MS).unref?.()
      })
    })
    // `Expect: 100-continue`: answer the request first; `100 Continue` only once the body is read.
    server.on('checkContinue', (request, response) => {
      request.once('resume', () => response.writeContinue())
      server.emit('request', request, response)
    })
  })
}

/**
 * node:http's ServerResponse, but a response whose headers Node refuses (a
 * CR/LF in a value) becomes fw's own hidden 500 instead of
 * @hono/node-server's `Error: Invalid character in header content …` text.
 */
function safeResponseClass(http: NodeHttpModule, debug: boolean): NodeHttpModule['ServerResponse'] {
  const base = http.ServerResponse.prototype as Record<string, (...args: unknown[]) => unknown>
  const writeHead = base.writeHead as (...args: unknown[]) => unknown
  const write = base.write as (...args: unknown[]) => unknown
  const end = base.end as (...args: unknown[]) => unknown
  const replaced = new WeakSet<object>()
  class SafeResponse extends http.ServerResponse {}
  const proto = SafeResponse.prototype as Record<string, unknown>
  proto.writeHead = function (this: object, ...args: unknown[]): unknown {
    if (replaced.has(this)) return this
    try {
      return Reflect.apply(writeHead, this, args)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (code !== 'ERR_INVALID_CHAR' && code !== 'ERR_HTTP_INVALID_HEADER_VALUE' && code !== 'ERR_INVALID_HTTP_TOKEN') throw error
      replaced.add(this)
      const body = debug && error instanceof Error ? JSON.stringify(problem(500, 'InternalServerError', error.message)) : HIDDEN_500
      Reflect.apply(writeHead, this, [500, { 'content-type': 'application/problem+json', 'content-length': new TextEncoder().encode(body).length }])
      Reflect.apply(end, this, [body])
      return this
    }
  }
  proto.write = function (this: object, ...args: unknown[]): unknown {
    return replaced.has(this) ? true : Reflect.apply(write, this, args)
  }
  proto.end = function (this: object, ...args: unknown[]): unknown {
    return replaced.has(this) ? this : Reflect.apply(end, this, args)
  }
  return SafeResponse
}
