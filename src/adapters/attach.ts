/**
 * `attach()`: put fw into an existing application (the table of docs/integration.md, "What `__as__` / `adapt` give").
 */
import { ImproperlyConfigured } from '../exceptions'
import type { FetchHandler } from '../types'
import { backendOf } from './backends'
import { describe } from './detect'
import type { AttachOptions } from './options'
import type { NestSettings } from '../conf/nest'
import { normalizeRoute } from '../router/route-path'

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
export function attach(
  backend: unknown,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions = {},
): unknown {
  const found = backendOf(backend)
  if (!found)
    throw new ImproperlyConfigured(
      `cannot attach fw to ${describe(backend)}: supported backends are ${ATTACH_KINDS}`,
    )
  return found.attach(backend, fetch, normalizeRoute(route), options)
}

/**
 * The app for a backend given as a module or class (`Hono` → `new Hono()`,
 * the `express` module → `express()`); an app is returned as is. Nest's
 * (`@nestjs/core`) is a promise of the INestApplication. For `service.setup()`.
 *
 * @example
 * const app = createBackendApp(Hono)   // a Hono instance
 */
export function createBackendApp(backend: unknown, settings?: NestSettings): unknown {
  const found = backendOf(backend)
  return found?.create ? found.create(backend, settings) : backend
}
