import { ImproperlyConfigured } from '../exceptions'
import type { RequestContext } from '../request/context'
// A cycle (service → api → service) that is only followed inside `__as__`, at call time.
import { Fw } from '../service/fw'

/** Options of `this.respond(...)`. */
export interface RespondInit {
  status?: number
  /** the envelope's message (ignored without an envelope) */
  message?: string
  headers?: HeadersInit
}

/** Renders a value in the endpoint's envelope; set by fw on each instance it creates. */
export type Responder = (value: unknown, init?: RespondInit) => Response

export const RESPONDER = Symbol.for('fw.responder')

/**
 * Base class of API classes. Endpoints are its decorated methods; one instance
 * is made per request, with `this.request` and the common params set on it.
 *
 * @example
 * class CalcAPI extends api.API {
 *   @api.get({ a: v.pipe(v.number(), v.integer()), b: v.pipe(v.number(), v.integer()) })
 *   add({ a, b }: { a: number; b: number }) { return a + b }
 * }
 */
export class API {
  /** the current request */
  declare request: RequestContext
  declare [RESPONDER]: Responder

  /**
   * Answer with an explicit status, message or headers, in this class's envelope.
   *
   * @example
   * return this.respond({ id }, { status: 201, message: 'created', headers: { location: `/items/${id}` } })
   */
  respond(value: unknown, init: RespondInit = {}): Response {
    return this[RESPONDER](value, init)
  }

  /**
   * Attach this API to an existing app in one line (SPEC §6): a Hono app or the
   * `Hono` class, an Express app or the `express` module, a Fastify instance, a
   * Koa app, the `node:http` module, an Elysia app. Creates a hidden service;
   * once per process — to attach more, or to configure (e.g. `conf.Time`),
   * use `new Fw(import.meta.url, { backend, api }).adapt(route)`.
   *
   * @example
   * app.use(CalcAPI.__as__(express, '/calc'))
   * http.createServer(CalcAPI.__as__(http, '/api')).listen(8000)
   */
  static __as__(backend: unknown, route: string, options: { asynchornous?: boolean } = {}): unknown {
    if (hiddenService) {
      throw new ImproperlyConfigured(
        `API.__as__() was already called in this process (for ${hiddenService.options.api?.name}); ` +
          'use new Fw(import.meta.url, { backend, api }).adapt(route) to attach more APIs or to configure them',
      )
    }
    hiddenService = new Fw('fw:__as__', { api: this, backend, asynchornous: options.asynchornous })
    return hiddenService.adapt(route)
  }
}

let hiddenService: Fw | undefined

/** An API class (the class itself, not an instance). */
export type APIClass = abstract new () => API

/** Is this value an API class? */
export function isAPIClass(value: unknown): value is APIClass {
  return typeof value === 'function' && value.prototype instanceof API
}

const MOUNT = Symbol.for('fw.mount')

/** `api.mount(OtherAPI, route)`: a sub-API at an explicit route. */
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

/** Is this value an `api.mount(...)` entry? */
export function isMountEntry(value: unknown): value is MountEntry {
  return typeof value === 'object' && value !== null && MOUNT in value
}
