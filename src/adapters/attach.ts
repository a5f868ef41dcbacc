/**
 * `attach()`: put fw into an existing application (the table of SPEC §6).
 */
import { ImproperlyConfigured } from '../exceptions'
import { toNodeListener } from '../node/bridge/listener'
import type { FetchHandler } from '../types'
import {
  describe,
  isElysiaLike,
  isExpressLike,
  isExpressModule,
  isFastifyLike,
  isHonoClass,
  isHonoLike,
  isKoaLike,
  isNodeHttpModule,
} from './detect'
import { attachElysia } from './elysia'
import { attachExpress, expressRouter } from './express'
import { attachFastify } from './fastify'
import { attachHono, honoSubApp } from './hono'
import { attachKoa } from './koa'
import { attachNest, isNestApp, isNestCore } from './nest'
import { isAsync, type AttachOptions } from './options'
import { normalizeRoute } from '../router/route'

/** The backends `attach` knows, for error messages. */
const ATTACH_KINDS =
  'a Hono app, the Hono class, an Express/Connect app or router, the express module, a Fastify instance, a Koa app, ' +
  'the node:http module, an Elysia app or a Nest application (INestApplication)'

/**
 * Attach `fetch` (a whole fw service) to `backend` under `route`, and return
 * the entry the user needs:
 *
 * | backend | effect | returns |
 * |---|---|---|
 * | Hono app | `app.all(route + '/*')` | the app |
 * | `Hono` class | a new sub-app with that route | the sub-app (`app.route('/', entry)`) |
 * | Express/Connect app or router | `app.use(middleware)` | the app |
 * | `express` module | a `Router()` with the middleware | the router (`app.use(entry)`) |
 * | Fastify instance | an encapsulated plugin with `route`, `route/*` | the instance |
 * | Koa app | `app.use(middleware)` | the app |
 * | `node:http` module | — | a `(req, res)` listener for `http.createServer` |
 * | Elysia app | `app.all(route)`, `app.all(route + '/*')` | the app |
 * | Nest application | Fastify: as Fastify; Express: in `init()`, before Nest's 404 | the app |
 *
 * fw receives the full original URL: its routes already include `route`.
 *
 * @example
 * import express from 'express'
 * const app = express()
 * attach(app, service.fetch, '/api', {})   // app.use(...) done
 * app.listen(3000)
 */
export function attach(backend: unknown, fetch: FetchHandler, route: string, options: AttachOptions = {}): unknown {
  const prefix = normalizeRoute(route)
  // Order matters: Elysia and Hono apps both have fetch + all; Express apps are functions with use + handle.
  if (isNestApp(backend)) return attachNest(backend, fetch, prefix, options)
  if (isNestCore(backend)) {
    throw new ImproperlyConfigured('with `backend: nest` (@nestjs/core), call `await service.setup()` (it creates the Nest application), then application(); or pass an existing INestApplication as backend')
  }
  if (isElysiaLike(backend)) return attachElysia(backend, fetch, prefix, options)
  if (isHonoLike(backend)) return attachHono(backend, fetch, prefix, options)
  if (isHonoClass(backend)) return honoSubApp(backend, fetch, prefix, options)
  if (isExpressLike(backend)) return attachExpress(backend, fetch, prefix, options)
  if (isExpressModule(backend)) return expressRouter(backend, fetch, prefix, options)
  if (isFastifyLike(backend)) return attachFastify(backend, fetch, prefix, options)
  if (isKoaLike(backend)) return attachKoa(backend, fetch, prefix, options)
  if (isNodeHttpModule(backend)) return toNodeListener(fetch, isAsync(options, false))
  throw new ImproperlyConfigured(`cannot attach fw to ${describe(backend)}: supported backends are ${ATTACH_KINDS}`)
}

/**
 * The app for a backend given as a module or class (`Hono` → `new Hono()`,
 * the `express` module → `express()`); an app is returned as is. For
 * `service.setup()`.
 *
 * @example
 * const app = createBackendApp(Hono)   // a Hono instance
 */
export function createBackendApp(backend: unknown): unknown {
  if (isHonoClass(backend)) return new backend()
  if (isExpressModule(backend)) return backend()
  return backend
}
