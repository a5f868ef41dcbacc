/**
 * Serving a fetch handler with `Bun.serve`.
 */
import type { FetchHandler } from '../types'
import { failure } from './errors'
import type { BunLike } from './runtime'
import { addressInUse, bunIdleTimeout, type ServeOptions } from './types'
import type { ServerHandle } from './graceful'

/**
 * `Bun.serve` with fw's settings: never Bun's development error page, idle
 * timeout from `timeouts.idle`, `reusePort` for worker processes only (a
 * single server refuses a port another process holds).
 *
 * @example
 * const { port, handle } = serveBun(Bun, service.fetch, { port: 0, hostname: '127.0.0.1' })
 */
export function serveBun(
  bun: BunLike,
  fetch: FetchHandler,
  options: Required<Pick<ServeOptions, 'port' | 'hostname'>> & ServeOptions,
): { port: number; handle: ServerHandle } {
  const { port, hostname } = options
  // WebSocket upgrades (fw-api/ws): its `fetch` upgrades through fw's, its `websocket` handles them
  const sockets = options.sockets?.bun(fetch)
  let server: ReturnType<BunLike['serve']>
  try {
    // Bun gets the handler as is: its error callback answers what escapes it, and fw
    // recognises its requests as framed from the handler's second argument.
    server = bun.serve({
      fetch: sockets?.fetch ?? fetch,
      ...(sockets ? { websocket: sockets.websocket } : {}),
      port,
      hostname,
      // Never Bun's development error page (stack, cwd, source), whatever NODE_ENV says.
      development: false,
      idleTimeout: bunIdleTimeout(options.timeouts),
      // Always said: Bun's own default on Linux is SO_REUSEPORT, so a second process
      // would share a port another one holds instead of being refused.
      reusePort: options.reusePort === true,
      error: failure(options.debug ?? false),
    })
  } catch (error) {
    throw addressInUse(error, port, hostname)
  }
  return {
    port: server.port,
    handle: {
      // stop(false): no new connections, in-flight requests finish; settles once they did.
      // WebSockets (fw-api/ws) are closed first (1001): Bun would wait for them.
      stop: async () => {
        sockets?.close()
        await server.stop(false)
      },
      force: () => void server.stop(true),
    },
  }
}
