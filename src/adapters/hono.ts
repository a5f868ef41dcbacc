/**
 * fw attached to Hono (and Hono mounted in fw needs nothing: a Hono app is a
 * fetch object). fw routes are full paths, so Hono hands fw the original
 * request, unchanged.
 */
import type { FetchHandler } from '../types'
import type { HonoClassLike, HonoLike } from './detect'
import type { AttachOptions } from './options'
import { backend } from './backend'
import { isHonoClass, isHonoLike } from './detect'
import { stripPrefix } from '../router/url'

/** The slice of Hono's Context fw uses. */
interface HonoContextLike {
  req: {
    raw: Request
    bodyCache?: object
    arrayBuffer(): Promise<ArrayBuffer>
    readonly routePath?: string
  }
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
 * Where `app.route(prefix, subApp)` put fw: Hono copies the sub-app's route
 * `pattern` to `prefix + pattern`, and `c.req.routePath` shows the copy. fw's
 * routes do not know `prefix`, so it is stripped before fw sees the request.
 */
function mountPrefix(c: HonoContextLike, pattern: string): string {
  const matched = c.req.routePath
  if (typeof matched !== 'string' || matched === pattern || !matched.endsWith(pattern)) return ''
  return matched.slice(0, matched.length - pattern.length)
}

/**
 * A Hono handler calling fw, registered at `pattern`. On a fw 404 the next
 * matching Hono route may answer; if it answers 404 too, fw's 404 is kept
 * (under a route of its own) or the host's `notFound` stands (fw at the root).
 */
function honoHandler(
  fetch: FetchHandler,
  options: AttachOptions,
  pattern = '/*',
): (c: HonoContextLike, next: Next) => Promise<Response | undefined> {
  const fallthrough = options.fallthrough ?? true
  const atRoot = pattern === '/*'
  return async (c, next) => {
    if (options.live?.() === false) return void (await next())
    const prefix = mountPrefix(c, pattern)
    const raw = await rawRequest(c)
    const request = prefix === '' ? raw : stripPrefix(raw, prefix)
    const response = await fetch(request, c.env, executionCtx(c))
    if (!fallthrough || response.status !== 404 || request.bodyUsed) return response
    await next()
    if (c.res.status === 404 && !(atRoot && prefix === '')) c.res = response
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
export function attachHono(
  app: HonoLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): HonoLike {
  app.all(`${route}/*`, honoHandler(fetch, options, `${route}/*`))
  return app
}

/** For the `Hono` class: a new sub-app carrying fw, for `app.route('/', entry)`. */
export function honoSubApp(
  Hono: HonoClassLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): HonoLike {
  return attachHono(new Hono(), fetch, route, options)
}

/** Hono apps: fw on `app.all(route + '/*')`; served and mounted as the fetch objects they are. */
export const honoBackend = backend<HonoLike>({ name: 'hono', is: isHonoLike, attach: attachHono })

/** The `Hono` class: `setup()` creates the app, `adapt()` gives a sub-app. */
export const honoClassBackend = backend<HonoClassLike>({
  name: 'Hono class',
  is: isHonoClass,
  create: (Hono) => new Hono(),
  attach: honoSubApp,
})
