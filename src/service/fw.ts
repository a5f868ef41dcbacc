import { attach, createBackendApp, runBackend, toFetchHandler } from '../adapters'
import type { APIClass } from '../api/api'
import { isAPIClass } from '../api/api'
import { defaultLimits, type Limits } from '../body/limits'
import { Time } from '../conf/time'
import { ImproperlyConfigured } from '../exceptions'
import { buildDocument, describeRoutes, docsMount, type DocumentOptions, type OpenAPIDocument } from '../openapi'
import { joinPath } from '../router/path'
import type { FetchHandler } from '../types'
import { buildDispatch, type AppMount } from './dispatch'
import type { CorsOptions, FwOptions } from './options'
import { detectRuntime, envVar, serveFetch, type RunningServer } from './run'

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
  /** set by `adapt(route)`: everything the service serves moves under it */
  #prefix = ''
  /** the backend app once `setup()` resolved it (an app instance is its own app) */
  #app?: unknown
  #attached = false
  #document?: OpenAPIDocument

  constructor(module: string, options: FwOptions = {}) {
    this.module = module
    this.options = options
    this.limits = { ...defaultLimits, ...options.limits }
    this.fetch = this.fetch.bind(this)
    if (options.api && !isAPIClass(options.api)) throw new ImproperlyConfigured('`api` must be a class extending api.API')
    this.#compile() // route templates are checked now, not on the first request
    // An app instance given as backend gets fw attached right away, so
    // `app.listen()` works without further calls; a module or class waits for setup().
    if (options.backend !== undefined && createBackendApp(options.backend) === options.backend) this.setup()
  }

  /** The service as a fetch handler (bound, so it can be passed around). Workers call it with `(request, env, ctx)`. */
  fetch(request: Request, env?: unknown, ctx?: unknown): Promise<Response> {
    return Promise.resolve((this.#dispatch ?? this.#compile())(request, env, ctx))
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
    if (isAPIClass(target)) {
      this.#apiMounts.push({ api: target, route: prefix })
    } else {
      if (this.options.backend !== undefined && this.#app === undefined) {
        throw new ImproperlyConfigured('this service\'s backend is a module or class: call service.setup() to create the app before mounting other apps')
      }
      this.#appMounts.push({ prefix, handler: toFetchHandler(target, { onError: (error) => console.error(error) }) })
      // With a backend, fw only sees the paths it is attached under: add this prefix.
      if (this.#app !== undefined) this.#attachTo(this.#app, prefix)
    }
    this.#compile()
    return this
  }

  /**
   * Resolve the backend: create the app for a backend given as a module or class
   * (`express`, `Hono`) and attach fw to it. Idempotent.
   *
   * @example
   * const service = new Fw(import.meta.url, { backend: express, api: RootAPI }).setup()
   * const app = service.application()
   */
  setup(): this {
    const backend = this.options.backend
    if (backend === undefined || this.#attached) return this
    this.#app = createBackendApp(backend)
    this.#attached = true
    this.#attachTo(this.#app, this.options.route)
    for (const mount of this.#appMounts) this.#attachTo(this.#app, mount.prefix)
    return this
  }

  #attachTo(app: unknown, route: string | undefined): unknown {
    return attach(app, this.fetch, joinPath(this.#prefix, route), { asynchronous: this.options.asynchornous })
  }

  /** The backend app with fw attached, or the service itself when there is none. */
  application(): unknown {
    if (this.options.backend === undefined) return this
    return this.setup().#app
  }

  /**
   * A route entry that embeds the whole service in its backend, under `route`
   * (prepended to the service's own `route`): a Hono sub-app, an Express router
   * or middleware, a Koa middleware, a `node:http` listener, ... (SPEC §6).
   *
   * @example
   * const service = new Fw(import.meta.url, { backend: app, api: RootAPI })
   * service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S' }))
   * app.use(service.adapt('/v1'))
   */
  adapt(route: string): unknown {
    const backend = this.options.backend
    if (backend === undefined) throw new ImproperlyConfigured('service.adapt(route) needs a `backend` in the service options (an app, or the `Hono` class / `express` / `node:http` module)')
    this.#prefix = joinPath(route)
    this.#compile()
    this.#attached = true // the entry returned here is the attachment
    return this.#attachTo(backend, this.options.route)
  }

  /**
   * Start serving on Node (@hono/node-server), Bun (`Bun.serve`) or Deno (`Deno.serve`).
   *
   * @example const server = await service.run(); console.log(server.port)
   */
  async run(options: { port?: number; host?: string } = {}): Promise<RunningServer> {
    const port = options.port ?? this.options.port ?? Number(envVar('PORT') ?? 8000)
    const hostname = options.host ?? this.options.host ?? envVar('HOST') ?? '127.0.0.1'
    if (this.options.backend === undefined) return serveFetch(this.fetch, { port, hostname })
    const backend = await runBackend(this.application(), this.fetch, { port, hostname })
    return { ...backend, hostname, runtime: detectRuntime() === 'unknown' ? 'node' : (detectRuntime() as RunningServer['runtime']) }
  }

  /**
   * The OpenAPI 3.1 document of every API route this service serves (SPEC §9).
   *
   * @example writeFileSync('openapi.json', JSON.stringify(service.openapi({ version: '1.0.0' })))
   */
  openapi(info: DocumentOptions = {}): OpenAPIDocument {
    const route = joinPath(this.#prefix, this.options.route)
    const apiMounts = this.#apiMounts.map((mount) => ({ api: mount.api, route: joinPath(this.#prefix, mount.route) }))
    return buildDocument(describeRoutes({ api: this.options.api, route, apiMounts }), route, { title: this.options.name, ...info })
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
    const prefix = this.#prefix
    this.#document = undefined
    const docs = docsMount(this.options, prefix, () => (this.#document ??= this.openapi()))
    const { fetch } = buildDispatch({
      api: this.options.api,
      route: joinPath(prefix, this.options.route),
      apiMounts: this.#apiMounts.map((mount) => ({ api: mount.api, route: joinPath(prefix, mount.route) })),
      appMounts: [...(docs ? [docs] : []), ...this.#appMounts.map((mount) => ({ prefix: joinPath(prefix, mount.prefix), handler: mount.handler }))],
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
