/**
 * Serving a fetch handler with `Deno.serve`.
 */
import type { FetchHandler } from '../types'
import { failure } from './errors'
import type { ServerHandle } from './graceful'
import type { DenoLike } from './runtime'
import { addressInUse, type ServeOptions } from './types'

/**
 * `Deno.serve` with fw's error answer; `shutdown()` is its graceful stop.
 * Deno has no way to cut its connections: past the timeout, `close()`
 * stops waiting for them.
 *
 * @example
 * const { port, handle } = serveDeno(Deno, service.fetch, { port: 0, hostname: '127.0.0.1' })
 */
export function serveDeno(
  deno: DenoLike,
  fetch: FetchHandler,
  options: Required<Pick<ServeOptions, 'port' | 'hostname'>> & ServeOptions,
): { port: number; handle: ServerHandle } {
  const { port, hostname } = options
  const sockets = options.sockets?.deno(fetch) // WebSocket upgrades (fw-api/ws)
  let server: ReturnType<DenoLike['serve']>
  try {
    server = deno.serve(
      {
        port,
        hostname,
        onListen: () => {},
        onError: failure(options.debug ?? false),
        ...(options.reusePort ? { reusePort: true } : {}),
      },
      sockets?.fetch ?? fetch,
    )
  } catch (error) {
    throw addressInUse(error, port, hostname)
  }
  const stop = (): Promise<void> => (sockets?.close(), server.shutdown())
  return { port: server.addr.port, handle: { stop, force: () => {} } }
}
