/**
 * Serving on Node: a node:http server (fw's native one, ./node-native, or a
 * Node request listener: Express, Koa, fw attached to `node:http`) listening
 * with a promise and closing gracefully.
 */
import { nodeBuiltin, type HttpModule } from '../node/io/runtime'
import type { FetchHandler } from '../types'
import type { ServerHandle } from './graceful'
import { countHeaders, guardHeads } from './node-head'
import {
  addressInUse,
  nodeServerTimeouts,
  portOf,
  type Started,
  type Timeouts,
  type Where,
} from './types'

/** A node:http server. */
export type NodeHttpServer = ReturnType<HttpModule['createServer']>

/**
 * The members of a node:http server fw uses on a server a framework created
 * (Fastify's `app.server`, Nest's `app.getHttpServer()`); declared here so the
 * framework types need no `node:http` types.
 */
export interface NodeServerLike {
  address(): unknown
  close(callback?: (error?: Error) => void): unknown
  closeIdleConnections(): void
  closeAllConnections(): void
  on(
    event: 'request',
    listener: (
      request: unknown,
      response: { on(event: 'finish', listener: () => void): unknown },
    ) => void,
  ): unknown
}
type Listener = Parameters<HttpModule['createServer']>[1]

/**
 * `server.listen(port, hostname)` as a promise: the bound port, or the
 * address-in-use error (never an uncaught `error` event).
 *
 * @example
 * const port = await listen(http.createServer(listener), 0, '127.0.0.1')
 */
export function listen(server: NodeHttpServer, port: number, hostname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => reject(addressInUse(error, port, hostname))
    server.once('error', fail)
    server.listen(port, hostname, () => {
      server.off('error', fail)
      // Later server errors (accept failures) are logged, never an uncaught event.
      server.on('error', (error) => console.error(error))
      resolve(portOf(server.address()))
    })
  })
}

/**
 * The graceful stop of a node:http server: no new connections, idle
 * keep-alive connections closed now and busy ones as soon as their response
 * is sent, settled once every connection is gone. `closeSockets`: what closes the server's
 * WebSockets (fw-api/ws; upgraded connections are no longer the server's to wait for).
 *
 * @example
 * const handle = nodeHandle(server)
 * await handle.stop()
 */
export function nodeHandle(server: NodeServerLike, closeSockets?: () => void): ServerHandle {
  let closing = false
  // One function per server, not a closure per request ('finish' comes once per response).
  const finished = (): void => {
    if (closing) setTimeout(() => server.closeIdleConnections(), 0)
  }
  server.on('request', (_request, response) => {
    response.on('finish', finished)
  })
  return {
    stop: () =>
      new Promise<void>((done) => {
        closing = true
        closeSockets?.()
        server.close(() => done())
        server.closeIdleConnections()
      }),
    force: () => server.closeAllConnections(),
  }
}

/**
 * Apply `timeouts` to a node:http server fw did not create (Fastify's,
 * Nest's), before it listens: the same settings as fw's own servers.
 *
 * @example
 * applyTimeouts(fastifyApp.server, { headers: 5000 })
 */
export function applyTimeouts(server: NodeServerLike, timeouts: Timeouts | undefined): void {
  Object.assign(server, nodeServerTimeouts(timeouts))
}

/**
 * Listen with a framework's own `listen()` on its node:http server: timeouts
 * applied first, a taken port rejected with fw's message, and closing both
 * graceful (fw's handle) and the framework's own (`close`, its hooks run).
 *
 * `upgrade`: fw's fetch, answering the server's WebSocket upgrades when `fw-api/ws` is imported.
 *
 * @example
 * return listenFramework(app.server, () => app.listen({ port, host }), () => app.close(), where)
 */
export async function listenFramework(
  server: NodeServerLike,
  start: () => PromiseLike<unknown>,
  close: () => PromiseLike<unknown>,
  where: Where,
  upgrade?: FetchHandler,
): Promise<Started> {
  applyTimeouts(server, where.timeouts)
  const closeSockets = upgrade && where.sockets?.attachNode(server, upgrade)
  const node = nodeHandle(server, closeSockets)
  try {
    await start()
  } catch (error) {
    throw addressInUse(error, where.port, where.hostname)
  }
  return {
    port: portOf(server.address()),
    handle: {
      stop: async () =>
        void (await Promise.all([node.stop(), Promise.resolve(close()).catch(() => {})])),
      force: node.force,
    },
  }
}

/**
 * Serve a Node request listener (an Express or Koa app, fw's own listener)
 * with `http.createServer`, `timeouts` applied, heads fw refuses (too many
 * header fields, not HTTP/1.x) answered before it (./node-head); `upgrade`: fw's fetch, answering
 * WebSocket upgrades when `fw-api/ws` is imported.
 *
 * @example
 * const { port, handle } = await startListener(expressApp, { port: 0, hostname: '127.0.0.1' })
 */
export async function startListener(
  listener: Listener,
  where: Where,
  upgrade?: FetchHandler,
): Promise<Started> {
  const http = nodeBuiltin<HttpModule>('node:http', 'serving a Node backend')
  const server = countHeaders(
    http.createServer(nodeServerTimeouts(where.timeouts), listener && guardHeads(listener)),
  )
  const closeSockets = upgrade && where.sockets?.attachNode(server, upgrade)
  const handle = nodeHandle(server, closeSockets)
  return { port: await listen(server, where.port, where.hostname), handle }
}
