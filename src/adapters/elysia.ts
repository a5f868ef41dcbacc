/**
 * fw attached to Elysia. Elysia's `mount()` strips the mount path, while fw
 * routes are full paths, so fw is registered as `all` routes receiving the
 * original request; `parse: 'none'` keeps Elysia from reading the body.
 */
import type { FetchHandler } from '../types'
import type { ElysiaLike } from './detect'
import type { AttachOptions } from './options'
import { backend } from './backend'
import { isElysiaLike } from './detect'
import { startFetch } from '../serve/server'
import { addressInUse, bunIdleTimeout, type Started, type Where } from '../serve/types'

/**
 * Attach fw under `route` (`route` and `route/*`; Elysia's wildcard does not
 * match the bare prefix). Elysia routes keep priority where they are static.
 *
 * @example
 * attachElysia(app, service.fetch, '/api')
 */
export function attachElysia(
  app: ElysiaLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions = {},
): ElysiaLike {
  // A superseded attachment answers Elysia's own default 404.
  const handler = ({ request }: { request: Request }): Response | Promise<Response> =>
    options.live?.() === false ? new Response('NOT_FOUND', { status: 404 }) : fetch(request)
  app.all(route === '' ? '/' : route, handler, { parse: 'none' })
  app.all(`${route}/*`, handler, { parse: 'none' })
  return app
}

/** On Bun, Elysia's own `listen()` (fw's idle timeout, a taken port rejected); elsewhere its `fetch` on the runtime's server. */
async function runElysia(app: ElysiaLike, _fetch: FetchHandler, where: Where): Promise<Started> {
  if (typeof Reflect.get(globalThis, 'Bun') !== 'object')
    return startFetch((request, env, ctx) => app.fetch(request, env, ctx), where)
  try {
    app.listen({
      port: where.port,
      hostname: where.hostname,
      idleTimeout: bunIdleTimeout(where.timeouts),
      reusePort: where.reusePort === true,
    })
  } catch (error) {
    throw addressInUse(error, where.port, where.hostname)
  }
  const bound = app.server?.port
  if (typeof bound !== 'number') throw new Error('Elysia did not report a port')
  return {
    port: bound,
    handle: {
      stop: async () => void (await app.stop?.(false)),
      force: () => void app.stop?.(true),
    },
  }
}

/** Elysia apps: fw on `app.all(route)` and `route/*`; served by its own `listen()` on Bun; mounted as the fetch objects they are. */
export const elysiaBackend = backend<ElysiaLike>({
  name: 'elysia',
  is: isElysiaLike,
  attach: attachElysia,
  run: runElysia,
})
