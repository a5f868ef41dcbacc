/**
 * fw attached to Elysia. Elysia's `mount()` strips the mount path, while fw
 * routes are full paths, so fw is registered as `all` routes receiving the
 * original request; `parse: 'none'` keeps Elysia from reading the body.
 */
import type { FetchHandler } from '../types'
import type { ElysiaLike } from './detect'
import type { AttachOptions } from './options'

/**
 * Attach fw under `route` (`route` and `route/*`; Elysia's wildcard does not
 * match the bare prefix). Elysia routes keep priority where they are static.
 *
 * @example
 * attachElysia(app, service.fetch, '/api')
 */
export function attachElysia(app: ElysiaLike, fetch: FetchHandler, route: string, options: AttachOptions = {}): ElysiaLike {
  // A superseded attachment answers Elysia's own default 404.
  const handler = ({ request }: { request: Request }): Response | Promise<Response> =>
    options.live?.() === false ? new Response('NOT_FOUND', { status: 404 }) : fetch(request)
  app.all(route === '' ? '/' : route, handler, { parse: 'none' })
  app.all(`${route}/*`, handler, { parse: 'none' })
  return app
}
