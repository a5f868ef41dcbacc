/**
 * Runtime serving, in one place: a fetch handler served by `Bun.serve`,
 * `Deno.serve` or Node (fw's native node:http server, ./node-native), listening with a promise and
 * closing gracefully. Frameworks that run their own server (Fastify, Nest,
 * Elysia on Bun) plug in through the same `Started` shape (see
 * `adapters/run.ts`).
 */
import type { FetchHandler } from '../types'
import { serveBun } from './bun'
import { serveDeno } from './deno'
import { graceful, Tracker } from './graceful'
import { listen, nodeHandle } from './node'
import { nodeNativeServer } from './node-native'
import { detectRuntime } from '../utils/runtime'
import { globals } from './runtime'
import type { RunningServer, Started, Where } from './types'

export { Tracker, graceful, within, type ServerHandle } from './graceful'
export { detectRuntime } from '../utils/runtime'
export { envVar } from './runtime'
export { listen, nodeHandle, startListener, type NodeHttpServer } from './node'
export {
  addressInUse,
  bunIdleTimeout,
  nodeServerTimeouts,
  portOf,
  DEFAULT_CLOSE_TIMEOUT,
  type CloseOptions,
  type RunningServer,
  type RunOptions,
  type ServeOptions,
  type Started,
  type Timeouts,
  type Where,
} from './types'

/**
 * Serve `fetch` with the runtime's own server (no error page: an error that
 * escapes the handler is a plain 500). Rejects when the port is taken.
 *
 * @example
 * const { port, handle } = await startFetch(service.fetch, { port: 8000, hostname: '0.0.0.0' })
 */
export async function startFetch(fetch: FetchHandler, options: Where): Promise<Started> {
  const runtime = detectRuntime()
  if (runtime === 'bun' && globals.Bun) return serveBun(globals.Bun, fetch, options)
  if (runtime === 'deno' && globals.Deno) return serveDeno(globals.Deno, fetch, options)
  if (runtime !== 'node')
    throw new Error(
      'service.run() needs Node, Bun or Deno; on Workers use `export default service`',
    )
  const settings = { debug: options.debug ?? false, timeouts: options.timeouts }
  // docs/runtimes.md, "Node: the native path"
  const server = nodeNativeServer(fetch, settings)
  const closeSockets = options.sockets?.attachNode(server, fetch) // WebSocket upgrades (fw-api/ws)
  const handle = nodeHandle(server, closeSockets)
  return { port: await listen(server, options.port, options.hostname), handle }
}

/**
 * The `RunningServer` of a started server: `close()` is graceful through
 * `tracker` (the requests it counted, the event streams it saw).
 *
 * @example
 * const server = running(await startFetch(tracker.track(fetch), where), tracker, where.hostname)
 */
export function running(started: Started, tracker: Tracker, hostname: string): RunningServer {
  const runtime = detectRuntime()
  return {
    port: started.port,
    hostname,
    runtime: runtime === 'unknown' ? 'node' : runtime,
    role: 'single',
    close: graceful(started.handle, tracker),
  }
}
