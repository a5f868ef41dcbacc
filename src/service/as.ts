import type { EntryOf } from '../adapters/types'
import { BaseAPI, type APIClass, type AsOptions } from '../api/api'
import { ImproperlyConfigured } from '../exceptions'
import type { ContextTypes } from '../request/context'
import { Fw } from './fw'
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

/**
 * What `API.__as__` attached (SPEC §6: one hidden service per process): the class's name, recorded
 * when the service is declared; a second `__as__` is refused from it. Never client data.
 */
const hidden: { attachedFor?: string } = {}

// Kept outside the class: its source stays free of private members and constructors, which fw reads
// to decide how a request's instance of every API class is made (compile/exchange.ts `instanceClass`).

function attachHidden(api: APIClass, backend: unknown, route: string, options: AsOptions): unknown {
  if (hidden.attachedFor !== undefined)
    throw new ImproperlyConfigured(
      `API.__as__() was already called in this process (for ${hidden.attachedFor}); ` +
        'use new Fw(import.meta.url, { backend, api }).adapt(route) to attach more APIs or to configure them',
    )
  const asynchornous = asynchronousOption(options, 'API.__as__()')
  const service = new Fw({ api, backend, asynchornous })
  hidden.attachedFor = api.name
  return service.adapt(route)
}
