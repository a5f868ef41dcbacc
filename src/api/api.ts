import type { EntryOf } from './entry'
import type { ContextTypes, RequestContext, RespondInit, Responded } from '../request/context'
import { ImproperlyConfigured } from '../exceptions'

export type { RespondInit, Responder, Responded } from '../request/context'

/**
 * How `API.__as__` makes its hidden service (SPEC §6): given by the service module when its
 * `Fw` class is defined (api/ imports no service); the service's `adapt(route)` is the entry.
 */
export type HiddenServiceFactory = (
  api: APIClass,
  backend: unknown,
  options: AsOptions,
) => { adapt(route: string): unknown }

/**
 * Options of `API.__as__`: `asynchornous` (the contract's spelling) or
 * `asynchronous` (accepted as the same option).
 *
 * @example
 * CalcAPI.__as__(express, '/calc', { asynchornous: false } satisfies api.AsOptions)
 */
export interface AsOptions {
  /** `true`: an async handler; `false`: callback-style, where the backend has both */
  asynchornous?: boolean
  /** the same option, spelled the usual way */
  asynchronous?: boolean
}

/**
 * SPEC §6's registry behind `API.__as__`, one per process and never client data: `factory` is
 * given once by the service module; `attachedFor` names the class the hidden service was made
 * for, recorded when `__as__` declares it (a second `__as__` is refused).
 */
const hiddenService: { factory?: HiddenServiceFactory; attachedFor?: string } = {}

/** @internal Called once by the service module (when `Fw` is defined): how `API.__as__` makes its service. */
export function provideHiddenServiceFactory(factory: HiddenServiceFactory): void {
  hiddenService.factory ??= factory
}

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
export class API<C extends ContextTypes = {}> {
  /** the current request; `env`, `ctx` and `state` typed by the class's `api.API<{ env, ctx, state }>` */
  declare request: RequestContext<C>

  /**
   * Answer with an explicit status, message, state, count or headers, rendered
   * by the nearest response template (never wrapped again by an outer one).
   *
   * @example
   * return this.respond({ id }, { status: 201, message: 'created', headers: { location: `/items/${id}` } })
   */
  respond<T>(value: T, init: RespondInit = {}): Responded<T> {
    return this.request.responder(value, init)
  }

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
    const factory = hiddenService.factory
    if (!factory)
      throw new ImproperlyConfigured(
        "fw: API.__as__() needs the service module: import { Fw } from 'fw-api' once",
      )
    if (hiddenService.attachedFor !== undefined)
      throw new ImproperlyConfigured(
        `API.__as__() was already called in this process (for ${hiddenService.attachedFor}); ` +
          'use new Fw(import.meta.url, { backend, api }).adapt(route) to attach more APIs or to configure them',
      )
    const service = factory(this, backend, options)
    hiddenService.attachedFor = this.name
    return service.adapt(route)
  }
}

/**
 * An API class (the class itself, not an instance).
 *
 * @example
 * const apis: api.APIClass[] = [UserAPI, ArticleAPI]
 */
export type APIClass = abstract new () => API

/**
 * Is this value an API class?
 *
 * @example
 * api.isAPIClass(UserAPI) // true for a subclass of api.API
 */
export function isAPIClass(value: unknown): value is APIClass {
  return typeof value === 'function' && value.prototype instanceof API
}

const MOUNT = Symbol.for('fw.mount')

/**
 * `api.mount(OtherAPI, route)`: a sub-API at an explicit route.
 *
 * @example
 * class RootAPI extends api.API { static docs: api.MountEntry = api.mount(DocsAPI, '') }
 */
export interface MountEntry<T extends APIClass = APIClass> {
  readonly [MOUNT]: true
  readonly api: T
  readonly route: string
}

/**
 * Mount an API class at an explicit route (wins over its `@api.route` and the field name).
 *
 * @example
 * class RootAPI extends api.API { static user = api.mount(UserAPI, 'users') }
 */
export function mount<T extends APIClass>(target: T, route: string): MountEntry<T> {
  return { [MOUNT]: true, api: target, route }
}

/**
 * Is this value an `api.mount(...)` entry?
 *
 * @example
 * api.isMountEntry(api.mount(DocsAPI, '')) // true
 */
export function isMountEntry(value: unknown): value is MountEntry {
  return typeof value === 'object' && value !== null && MOUNT in value
}
