/**
 * `service.run()`: one process serving, a worker serving for its primary, or
 * the primary of `workers` processes.
 */
import { runBackend } from '../adapters/run'
import { envVar } from '../serve/runtime'
import { Tracker } from '../serve/graceful'
import type {
  CloseOptions,
  RunOptions,
  RunningServer,
  SocketServing,
  Timeouts,
} from '../serve/types'
import { isWorker, reportToPrimary, supervise, workerCount, workerPort } from '../serve/cluster'
import { onShutdownSignals } from '../serve/signals'
import type { FetchHandler } from '../types'

/** What `run()` needs of the service. */
export interface Runnable {
  /** the service's fetch, counted by its tracker (`tracked`) */
  fetch: FetchHandler
  /** the backend app (fw attached), or undefined to serve `fetch` */
  app: unknown
  /** the tracker the service counts its requests with: the one it has, else `made` from now on */
  tracked(made: Tracker): Tracker
  /** where the started server is kept, for `service.close()` */
  servers: RunningServer[]
  /** the service's graceful close */
  close(options?: CloseOptions): Promise<void>
  /** WebSocket upgrades on the servers (`fw-api/ws`, when imported) */
  sockets?: SocketServing
}

/**
 * Serve `service` per `options` and the service's settings (`port`, `host`,
 * `timeouts`, `debug`).
 *
 * @example
 * const server = await runService(runnable, { port: 0 }, service.options)
 */
export async function runService(
  service: Runnable,
  options: RunOptions,
  settings: { port?: number; host?: string; timeouts?: Timeouts; debug?: boolean },
): Promise<RunningServer> {
  const worker = options.workers !== undefined && isWorker()
  const port =
    (worker ? workerPort() : undefined) ??
    options.port ??
    settings.port ??
    Number(envVar('PORT') ?? 8000)
  const hostname = options.host ?? settings.host ?? envVar('HOST') ?? '127.0.0.1'
  const signals = options.signals ?? true
  if (options.workers !== undefined && !worker)
    return supervise({ count: workerCount(options.workers), port, hostname, signals })
  const where = {
    port,
    hostname,
    timeouts: settings.timeouts,
    debug: settings.debug,
    reusePort: worker,
    tracker: service.tracked(new Tracker()),
    sockets: service.sockets,
  }
  let inner: RunningServer
  try {
    inner = await runBackend(service.app, service.fetch, where)
  } catch (error) {
    if (worker) reportToPrimary(error instanceof Error ? error : new Error(String(error)))
    throw error
  }
  // A worker closes when its primary asks (the primary handles the signals).
  const off = signals && !worker ? onShutdownSignals(() => service.close()) : () => {}
  // However the server closes (server.close(), service.close()), the signal handlers go with it.
  service.servers.push({ ...inner, close: (closeOptions) => (off(), inner.close(closeOptions)) })
  const server: RunningServer = {
    ...inner,
    role: worker ? 'worker' : 'single',
    close: (closeOptions) => service.close(closeOptions),
  }
  if (worker) reportToPrimary(server)
  return server
}
