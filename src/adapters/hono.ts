/**
 * fw attached to Hono (and Hono mounted in fw needs nothing: a Hono app is a
 * fetch object). fw routes are full paths, so Hono hands fw the original
 * request, unchanged.
 */
import type { FetchHandler } from '../types'
import type { HonoClassLike, HonoLike } from './detect'
import type { AttachOptions } from './options'

/** The slice of Hono's Context fw uses. */
interface HonoContextLike {
  req: { raw: Request; bodyCache?: object; arrayBuffer(): Promise<ArrayBuffer> }
  env: unknown
  /** a getter that throws outside Workers-style runtimes */
  readonly executionCtx: unknown
  res: Response
}
type Next = () => Promise<void>

function executionCtx(c: HonoContextLike): unknown {
  try {
    return c.executionCtx
  } catch {
    return undefined // "This context has no ExecutionContext"
  }
}

/** `c.req.raw`, or a copy carrying the body a Hono middleware already read (`c.req.json()` etc.). */
async function rawRequest(c: HonoContextLike): Promise<Request> {
  const raw = c.req.raw
  if (!raw.bodyUsed || !c.req.bodyCache || Object.keys(c.req.bodyCache).length === 0) return raw
  return new Request(raw, { body: await c.req.arrayBuffer() })
}

/**
 * A Hono handler calling fw. On a fw 404 the next matching Hono route may
 * answer; if it answers 404 too, fw's 404 is kept.
 */
export function honoHandler(fetch: FetchHandler, options: AttachOptions): (c: HonoContextLike, next: Next) => Promise<Response | undefined> {
  const fallthrough = options.fallthrough ?? true
  return async (c, next) => {
    const request = await rawRequest(c)
    const response = await fetch(request, c.env, executionCtx(c))
    if (!fallthrough || response.status !== 404 || request.bodyUsed) return response
    await next()
    if (c.res.status === 404) c.res = response
    else await response.body?.cancel().catch(() => {})
    return undefined
  }
}

/**
 * Attach fw to a Hono app: `app.all(route + '/*')` (Hono's `/x/*` also
 * matches `/x`). Hono routes registered earlier keep priority.
 *
 * @example
 * attachHono(app, service.fetch, '/api', {})
 */
export function attachHono(app: HonoLike, fetch: FetchHandler, route: string, options: AttachOptions): HonoLike {
  app.all(`${route}/*`, honoHandler(fetch, options))
  return app
}

/** For the `Hono` class: a new sub-app carrying fw, for `app.route('/', entry)`. */
export function honoSubApp(Hono: HonoClassLike, fetch: FetchHandler, route: string, options: AttachOptions): HonoLike {
  return attachHono(new Hono(), fetch, route, options)
}
