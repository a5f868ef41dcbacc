/**
 * `runBackend()`: the one server runner of `service.run()` — a backend app
 * (fw attached) with its own `run`, an app with `fetch`, or fw's fetch
 * itself, served on the runtime; one result type, one graceful close.
 */
import { ImproperlyConfigured } from '../exceptions'
import { checkTimeouts } from '../serve/types'
import {
  running,
  startFetch,
  Tracker,
  type RunningServer,
  type ServeOptions,
  type Started,
  type Where,
} from '../serve/server'
import type { FetchHandler } from '../types'
import { backendOf } from './backends'
import { describe, hasFetch } from './detect'

/**
 * Where and how `runBackend` listens.
 *
 * @example
 * await runBackend(app, service.fetch, { port: 8000, hostname: '0.0.0.0' })
 */
export interface RunBackendOptions extends ServeOptions {
  /**
   * counts fw's requests and sees its event streams, for a graceful close;
   * given, `fetch` is taken as already counted by it (the service's own)
   */
  tracker?: Tracker
}

function start(backend: unknown, fetch: FetchHandler, where: Where): Promise<Started> {
  if (backend === undefined || backend === null) return startFetch(fetch, where)
  const found = backendOf(backend)
  if (found?.run) return found.run(backend, fetch, where)
  if (hasFetch(backend))
    return startFetch((request, env, ctx) => backend.fetch(request, env, ctx), where)
  throw new ImproperlyConfigured(`cannot run ${describe(backend)} as a backend`)
}

/**
 * Serve `backend` (fw already attached to it); with no backend, or the
 * `node:http` module, serve `fetch` itself. Resolves once listening; rejects
 * when the port is taken (the same message everywhere).
 *
 * | backend | served by | `timeouts` |
 * |---|---|---|
 * | none, Hono app or other fetch object | `Bun.serve` / `Deno.serve` / Node (fw's node:http server, serve/node-native.ts) | all (Bun: `idle`; Node: the rest) |
 * | `node:http` module, Express/Connect app, Koa app | `http.createServer(listener)` | Node's |
 * | Fastify instance | `app.listen()` | set on `app.server` before it listens |
 * | Nest application | `app.listen(port, hostname)` | set on `app.getHttpServer()` before it listens |
 * | Elysia app | `app.listen()` on Bun (else its `fetch` as above) | `idle` as Bun's `idleTimeout` |
 *
 * @example
 * const server = await runBackend(app, service.fetch, { port: 8000 })
 * await server.close({ timeout: 5000 })
 */
export async function runBackend(
  backend: unknown,
  fetch: FetchHandler,
  options: RunBackendOptions = {},
): Promise<RunningServer> {
  checkTimeouts(options.timeouts)
  const where: Where = {
    ...options,
    port: options.port ?? 0,
    hostname: options.hostname ?? '127.0.0.1',
  }
  const tracker = options.tracker ?? new Tracker()
  const started = await start(backend, options.tracker ? fetch : tracker.track(fetch), where)
  return running(started, tracker, where.hostname)
}
