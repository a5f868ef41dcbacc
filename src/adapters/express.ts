/**
 * fw attached to Express (or Connect): a middleware that answers the paths
 * under `route` and hands everything else to `next()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { bodyConsumed, reuseBody, type ReusedBody } from '../node/io/reuse'
import { attachedRequest, sendAttached } from '../node/native/attach'
import { lightResponsesOnNode } from './light'
import type { FetchHandler } from '../types'
import type { ExpressLike, ExpressModuleLike } from './detect'
import { isAsync, type AttachOptions } from './options'
import { backend } from './backend'
import { isExpressLike, isExpressModule } from './detect'
import { callNodeListener } from '../node/io/call'
import { startListener } from '../serve/node'
import { under } from '../router/route-path'
import { pathOf } from '../router/url'

type Next = (error?: unknown) => void
/** An Express middleware, callback style or async. */
export type ExpressMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: Next,
) => void | Promise<void>

/**
 * The body Express middleware already parsed, if the stream was consumed:
 * `req.rawBody` when something kept it, else `req.body` re-encoded (JSON,
 * urlencoded, text, raw, multer's fields and memory-stored files).
 */
function expressBody(req: IncomingMessage): ReusedBody | undefined {
  if (!bodyConsumed(req)) return undefined
  const files: unknown = Reflect.get(req, 'files') ?? Reflect.get(req, 'file')
  return reuseBody(
    Reflect.get(req, 'body'),
    req.headers['content-type'],
    Reflect.get(req, 'rawBody'),
    files,
  )
}

/**
 * The URL fw sees. Mounted with `app.use('/v1', entry)`, Express strips
 * `/v1` from `req.url` (its `req.baseUrl`): a path relative to the mount point
 * that is under `route` is taken first (Express Router semantics, so
 * `app.use('/v1', service.adapt('/'))` serves `/v1/...`); else the full
 * `req.originalUrl` (so `app.use('/v1', service.adapt('/v1'))` works too).
 * undefined: not fw's.
 */
function routedUrl(req: IncomingMessage, route: string): string | undefined {
  const original: unknown = Reflect.get(req, 'originalUrl')
  const url = typeof original === 'string' ? original : (req.url ?? '/')
  const base: unknown = Reflect.get(req, 'baseUrl')
  if (
    typeof base === 'string' &&
    base !== '' &&
    typeof req.url === 'string' &&
    under(route, pathOf(req.url))
  )
    return req.url
  return under(route, pathOf(url)) ? url : undefined
}

/**
 * The middleware (see `routedUrl` for the path fw sees under a mount path).
 *
 * @example
 * app.use(expressMiddleware(service.fetch, '/api', {}))
 */
export function expressMiddleware(
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): ExpressMiddleware {
  const fallthrough = options.fallthrough ?? route === ''
  lightResponsesOnNode()
  const handle = async (req: IncomingMessage, res: ServerResponse, next: Next): Promise<void> => {
    const url = options.live?.() === false ? undefined : routedUrl(req, route)
    if (url === undefined) return next()
    try {
      const web = attachedRequest(req, { url, body: expressBody(req), res })
      const response = await fetch(web.request, { incoming: req, outgoing: res })
      // asked after fw ran: a 404 after reading the body is fw's to send
      if (fallthrough && response.status === 404 && !web.bodyStarted) {
        await response.body?.cancel().catch(() => {})
        return next()
      }
      await sendAttached(res, response)
    } catch (error) {
      // Express's error handlers render it (Express 4 ignores rejected promises, so never reject).
      next(error)
    }
  }
  if (isAsync(options, false)) return handle
  return (req, res, next) => {
    void handle(req, res, next)
  }
}

/**
 * Attach fw to an Express/Connect app (or router) with `app.use`. Express
 * routes registered before keep priority; paths outside `route` fall through.
 */
export function attachExpress(
  app: ExpressLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): ExpressLike {
  app.use(expressMiddleware(fetch, route, options))
  return app
}

/** For the `express` module: a new `Router()` carrying the middleware, for `app.use(entry)`. */
export function expressRouter(
  express: ExpressModuleLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): ExpressLike {
  const router = express.Router()
  router.use(expressMiddleware(fetch, route, options))
  return router
}

/** Express/Connect apps and routers: attached as a middleware, served by `http.createServer(app)`, mounted through the Node bridge. */
export const expressBackend = backend<ExpressLike>({
  name: 'express',
  is: isExpressLike,
  attach: attachExpress,
  run: (app, fetch, where) => startListener((req, res) => void app(req, res), where, fetch),
  mount: (app, options) => {
    // An app (it can listen) renders its own 404/500; a bare router needs a final `next`.
    const withNext = typeof Reflect.get(app, 'listen') !== 'function'
    return (request) => callNodeListener(app, request, { ...options, withNext })
  },
})

/** The `express` module: `setup()` creates the app, `adapt()` gives a Router. */
export const expressModuleBackend = backend<ExpressModuleLike>({
  name: 'express module',
  is: isExpressModule,
  create: (module) => module(),
  attach: expressRouter,
})
