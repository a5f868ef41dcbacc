import type { EntryOf } from '../adapters/types'
import { BaseAPI, type APIClass, type AsOptions } from '../api/api'
import type { ContextTypes } from '../request/context'
import { Fw } from './fw'
import { backendLayer } from './host'
import { asynchronousOption } from './options'

/**
 * Base class of API classes. Endpoints are its decorated methods; one instance
 * is made per request, with `this.request` and the common params set on it.
 *
 * @example
 * class CalcAPI extends api.API {
 *   @api.get({ a: v.pipe(v.number(), v.integer()), b: v.pipe(v.number(), v.integer()) })
 *   add({ a, b }: { a: number; b: number }) { return a + b }
 * }
 * // env / ctx / state typed once for the class (and its subclasses):
 * class WorkerAPI extends api.API<{ env: { GREETING: string }; state: { user?: string } }> {}
 */
export class API<C extends ContextTypes = {}> extends BaseAPI<C> {
  /**
   * Attach this API to an existing app in one line (docs/integration.md): a Hono app or the
   * `Hono` class, an Express app or the `express` module, a Fastify instance, a
   * Koa app, the `node:http` module, an Elysia app. Creates a hidden service;
   * once per process — to attach more, or to configure (e.g. `conf.Time`),
   * use `new Fw(import.meta.url, { backend, api }).adapt(route)`.
   *
   * @example
   * app.use(CalcAPI.__as__(express, '/calc'))
   * http.createServer(CalcAPI.__as__(http, '/api')).listen(8000)
   * CalcAPI.__as__(nestApp, '/api')   // an INestApplication, before app.listen()
   */
  static __as__<B>(backend: B, route: string, options?: AsOptions): EntryOf<B>
  static __as__(backend: unknown, route: string, options: AsOptions = {}): unknown {
    return attachHidden(this, backend, route, options)
  }
}

// Kept outside the class: its source stays free of private members and constructors, which fw reads
// to decide how a request's instance of every API class is made (pipeline/exchange.ts `instanceClass`).

/** The hidden service of `api`, made and attached by the host framework adapters (service/hidden.ts). */
function attachHidden(api: APIClass, backend: unknown, route: string, options: AsOptions): unknown {
  return backendLayer('API.__as__()').attachHidden(
    api,
    route,
    () => new Fw({ api, backend, asynchornous: asynchronousOption(options, 'API.__as__()') }),
  )
}
