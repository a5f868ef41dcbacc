/**
 * `runBackend()`: serve a backend application (with fw attached) on a port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ImproperlyConfigured } from '../exceptions'
import { toNodeListener } from '../node/bridge/listener'
import { loadHttp } from '../node/bridge/runtime'
import { nodeServerTimeouts, serveFetch, type Timeouts } from '../service/run'
import type { FetchHandler } from '../types'
import { isNestApp, listenNest } from './nest'
import { describe, hasFetch, isElysiaLike, isExpressLike, isFastifyLike, isKoaLike, isNodeHttpModule } from './detect'

/**
 * A started server.
 *
 * @example
 * const server = await runBackend(express(), service.fetch, { port: 0 })
 * await server.close()
 */
export interface RunningBackend {
  /** the bound port (useful with `port: 0`) */
  port: number
  close(): Promise<void>
}

/**
 * Where `runBackend` listens.
 *
 * @example
 * await runBackend(app, service.fetch, { port: 8000, hostname: '0.0.0.0' })
 */
export interface RunBackendOptions {
  /** default 0: any free port */
  port?: number
  /** default '127.0.0.1' */
  hostname?: string
  /**
   * Server timeouts (`service.run()`'s `timeouts`), applied to the servers fw
   * creates: its own, and the Node server of an Express, Koa or `node:http`
   * backend. Fastify, Nest and Elysia keep their own server settings.
   */
  timeouts?: Timeouts
  /** show the text of unexpected errors (fw's own server only) */
  debug?: boolean
}

type NodeListenerFn = (req: IncomingMessage, res: ServerResponse) => unknown

function portOf(address: unknown): number {
  const port: unknown = typeof address === 'object' && address !== null ? Reflect.get(address, 'port') : undefined
  if (typeof port !== 'number') throw new Error('the server did not report a port')
  return port
}

/** `http.createServer(listener).listen(port, hostname)` with a promise and a full close. */
function listenNode(listener: NodeListenerFn, port: number, hostname: string, timeouts: Timeouts | undefined): Promise<RunningBackend> {
  const server = loadHttp('serving a Node backend').createServer(nodeServerTimeouts(timeouts), (req, res) => void listener(req, res))
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, hostname, () => {
      server.off('error', reject)
      resolve({
        port: portOf(server.address()),
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()))
            // keep-alive connections would hold close() open
            server.closeAllConnections?.()
          }),
      })
    })
  })
}

const isBun = (): boolean => typeof Reflect.get(globalThis, 'Bun') === 'object'

/**
 * Serve `backend` (fw already attached to it); with no backend, or the
 * `node:http` module, serve `fetch` itself.
 *
 * | backend | served by |
 * |---|---|
 * | none | `Bun.serve` / `Deno.serve` / Node `http` (via the service's `serveFetch`) |
 * | `node:http` module | `http.createServer(listener)` |
 * | Express/Connect app, Koa app | `http.createServer(app)` / `app.callback()` |
 * | Fastify instance | `app.listen()` |
 * | Elysia app | `app.listen()` on Bun, else its `fetch` as above |
 * | Nest application | `app.listen(port, hostname)` |
 * | Hono app or other fetch object | its `fetch` as above |
 *
 * @example
 * const server = await runBackend(app, service.fetch, { port: 8000 })
 * await server.close()
 */
export async function runBackend(backend: unknown, fetch: FetchHandler, options: RunBackendOptions = {}): Promise<RunningBackend> {
  const port = options.port ?? 0
  const hostname = options.hostname ?? '127.0.0.1'
  const { timeouts, debug } = options
  if (backend === undefined || backend === null) return serveFetch(fetch, { port, hostname, timeouts, debug })
  if (isNestApp(backend)) return listenNest(backend, port, hostname)
  if (isNodeHttpModule(backend)) return listenNode(toNodeListener(fetch), port, hostname, timeouts)
  if (isExpressLike(backend)) return listenNode(backend, port, hostname, timeouts)
  if (isKoaLike(backend)) return listenNode(backend.callback(), port, hostname, timeouts)
  if (isFastifyLike(backend)) {
    await backend.listen({ port, host: hostname })
    return { port: portOf(backend.server.address()), close: async () => void (await backend.close()) }
  }
  if (isElysiaLike(backend) && isBun()) {
    backend.listen({ port, hostname })
    const bound = backend.server?.port
    if (typeof bound !== 'number') throw new Error('Elysia did not report a port')
    return { port: bound, close: async () => void (await backend.stop?.(true)) }
  }
  if (hasFetch(backend)) return serveFetch((request, env, ctx) => backend.fetch(request, env, ctx), { port, hostname, timeouts, debug })
  throw new ImproperlyConfigured(`cannot run ${describe(backend)} as a backend`)
}
