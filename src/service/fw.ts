import type { APIClass } from '../api/api'
import { isAPIClass } from '../api/api'
import { defaultLimits, type Limits } from '../body/limits'
import { Time } from '../conf/time'
import { ImproperlyConfigured } from '../exceptions'
import { joinPath } from '../router/path'
import type { FetchHandler } from '../types'
import { buildDispatch, type AppMount } from './dispatch'
import type { CorsOptions, FwOptions } from './options'
import { envVar, serveFetch, type RunningServer } from './run'

type Conf = Time

/**
 * An fw service: API classes compiled into one Web-standard fetch function.
 *
 * @example
 * const service = new Fw(import.meta.url, { api: RootAPI, route: '/api' })
 * service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S' }))
 * await service.run()           // Node, Bun or Deno
 * export default service        // Cloudflare Workers
 */
export class Fw {
  /** the `import.meta.url` of the module that created the service */
  readonly module: string
  readonly options: Readonly<FwOptions>
  readonly limits: Readonly<Limits>
  #time?: Time
  #apiMounts: { api: APIClass; route: string }[] = []
  #appMounts: AppMount[] = []
  #dispatch?: FetchHandler

  constructor(module: string, options: FwOptions = {}) {
    this.module = module
    this.options = options
    this.limits = { ...defaultLimits, ...options.limits }
    this.fetch = this.fetch.bind(this)
    if (options.api && !isAPIClass(options.api)) throw new ImproperlyConfigured('`api` must be a class extending api.API')
    this.#compile() // route templates are checked now, not on the first request
  }

  /** The service as a fetch handler (bound, so it can be passed around). Workers call it with `(request, env, ctx)`. */
  fetch(request: Request, _env?: unknown, _ctx?: unknown): Promise<Response> {
    return Promise.resolve((this.#dispatch ?? this.#compile())(request))
  }

  /**
   * Apply a configuration, e.g. `conf.Time`.
   *
   * @example service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
   */
  use(conf: Conf): this {
    if (conf instanceof Time) this.#time = conf
    else throw new ImproperlyConfigured('service.use() takes a conf object such as conf.Time')
    this.#dispatch = undefined
    return this
  }

  /**
   * Mount an API class, a fetch handler or an app under `route` (from the service root).
   *
   * @example
   * service.mount(OtherAPI, '/v2')
   * service.mount(honoApp, '/legacy')
   */
  mount(target: unknown, route: string): this {
    const prefix = joinPath(route)
    if (isAPIClass(target)) this.#apiMounts.push({ api: target, route: prefix })
    else this.#appMounts.push({ prefix, handler: toHandler(target) })
    this.#compile()
    return this
  }

  /** Resolve the backend (for backends given as modules/classes). */
  setup(): this {
    return this
  }

  /** The backend app, or the service itself when there is none. */
  application(): unknown {
    return this.options.backend ?? this
  }

  /**
   * Start serving on Node (@hono/node-server), Bun (`Bun.serve`) or Deno (`Deno.serve`).
   *
   * @example const server = await service.run(); console.log(server.port)
   */
  run(options: { port?: number; host?: string } = {}): Promise<RunningServer> {
    const port = options.port ?? this.options.port ?? Number(envVar('PORT') ?? 8000)
    const hostname = options.host ?? this.options.host ?? envVar('HOST') ?? '127.0.0.1'
    return serveFetch(this.fetch, { port, hostname })
  }

  #compile(): FetchHandler {
    const time = this.#time
    const stringify = time
      ? (value: unknown) =>
          JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
            const raw = this[key]
            return raw instanceof Date ? time.format(raw) : replaced
          })
      : (value: unknown) => JSON.stringify(value)
    const cors: CorsOptions | undefined = this.options.cors === true ? { origin: '*' } : this.options.cors || undefined
    const { fetch } = buildDispatch({
      api: this.options.api,
      route: this.options.route ?? '',
      apiMounts: this.#apiMounts,
      appMounts: this.#appMounts,
      stringify,
      debug: this.options.debug ?? false,
      limits: this.limits,
      cors,
      onError: (error) => console.error(error),
    })
    this.#dispatch = fetch
    return fetch
  }
}

function toHandler(target: unknown): FetchHandler {
  if (typeof target === 'function') return target as FetchHandler
  if (typeof target === 'object' && target !== null && typeof (target as { fetch?: unknown }).fetch === 'function') {
    const app = target as { fetch: FetchHandler }
    return (request, env, ctx) => app.fetch(request, env, ctx)
  }
  throw new ImproperlyConfigured('service.mount() takes an API class, a fetch handler, or an object with fetch()')
}
