import type { AppOf, EntryOf, IsAsyncSetup } from '../adapters/types'
import { isAPIClass } from '../api/api'
import { INSTALL, isInstallable, type Installable, type ServiceHooks } from '../api/install'
import type { Plugin } from '../api/plugin'
import { defaultLimits, type Limits } from '../body/limits'
import type { RouteTarget } from '../compile/routes'
import type { NestSettings } from '../conf/nest'
import type { Time } from '../conf/time'
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { AsyncAPIDocument } from '../openapi/asyncapi'
import type { DocumentOptions, OpenAPIDocument } from '../openapi/document'
import type { RouteEntry } from '../router'
import { joinPath } from '../router/route-path'
import { asynchronousOption, type FwOptions } from './options'
import type { Tracker } from '../serve/graceful'
import type { CloseOptions, RunOptions, RunningServer } from '../serve/types'
import { runtimeTraits, type RuntimeTraits } from '../serve/traits'
import type { BackendLink } from './backend'
import { backendLayer, documentsLayer, healthDrain, optionLayers, servingLayer } from './host'
import { compileService, emptyDeclaration, type CompiledService, type Declaration } from './build'
import { isObject } from '../utils/is'

/** What `service.use()` accepts: a conf object (`conf.Time`, `conf.NestSettings`, `orm.DatabaseConnections`) or a plugin; each installs itself (api/install.ts). */
export type Usable = Time | Plugin | NestSettings | Installable

/**
 * An fw service: API classes compiled into one Web-standard fetch function.
 *
 * @example
 * const service = new Fw({ api: RootAPI, route: '/api' })   // or new Fw(import.meta.url, { ... })
 * service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S' }))
 * await service.run()           // Node, Bun or Deno
 * export default service        // Cloudflare Workers
 *
 * `B` is the backend's type: `adapt()`, `application()` and `setup()` are typed by it.
 */
export class Fw<B = unknown> {
  /** the `import.meta.url` given as `new Fw(import.meta.url, options)`; `undefined` for `new Fw(options)` */
  declare readonly module: string | undefined
  declare readonly options: Readonly<FwOptions & { backend?: B }>
  declare readonly limits: Readonly<Limits>
  /** what `use`, `mount` and `adapt` declared */
  readonly #declared: Declaration = emptyDeclaration()
  /** the compiled service, built once: on the first `fetch` or `run()` */
  #compiled?: CompiledService
  /** what the constructor compiled to check the API: the build itself when nothing is declared after */
  #checked?: CompiledService
  /** the runtime's ways (serve/traits.ts), found once */
  readonly #runtime: RuntimeTraits = runtimeTraits()
  /** the backend app and where fw is attached to it (./backend), made by `fw-api/adapters` when first needed */
  #backendLink?: BackendLink
  readonly #closers: (() => unknown)[] = []
  /** counts requests once `run()` serves (for a graceful close) */
  #tracker?: Tracker
  readonly #servers: RunningServer[] = []
  #closing = false // close() started: readiness answers 503 (the `health` option)

  constructor(options?: FwOptions & { backend?: B })
  /** The module URL is optional and only recorded (`service.module`); `new Fw(options)` is the same service. */
  constructor(module: string | undefined, options?: FwOptions & { backend?: B })
  constructor(
    first?: string | (FwOptions & { backend?: B }),
    second: FwOptions & { backend?: B } = {},
  ) {
    const options = isObject(first) ? first : second
    if (first !== undefined && typeof first !== 'string' && first !== options)
      throwImproperlyConfigured(
        'new Fw(options) or new Fw(import.meta.url, options): the first argument must be the options object or the module URL',
      )
    this.module = typeof first === 'string' ? first : undefined
    this.options = { ...options, asynchornous: asynchronousOption(options, 'new Fw()') }
    this.limits = { ...defaultLimits, ...options.limits }
    this.fetch = this.fetch.bind(this)
    if (options.api && !isAPIClass(options.api))
      throwImproperlyConfigured('`api` must be a class extending api.API')
    this.#checked = this.#compile() // route templates are checked now, not on the first request
    // An app instance given as backend gets fw attached right away, so
    // `app.listen()` works without further calls; a module or class waits for setup().
    if (options.backend !== undefined) this.#backend('`backend`').attachInstance()
  }

  /** The backend link, made on first use by the registered adapters (`what` names the caller for the error). */
  #backend(what: string): BackendLink {
    return (this.#backendLink ??= backendLayer(what).link(this.options, this.#declared, this.fetch))
  }

  /**
   * The service as a fetch handler (bound, so it can be passed around). Workers
   * call it with `(request, env, ctx)`. A response ready synchronously is
   * returned as is (no promise hop); `await` works on both.
   */
  fetch(request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> {
    const dispatch = (this.#compiled ?? this.#build()).fetch
    const tracker = this.#tracker
    return tracker === undefined
      ? dispatch(request, env, ctx)
      : tracker.call(dispatch, request, env, ctx)
  }

  /**
   * Apply a configuration (`conf.Time`) or a plugin (`api.Plugin`, e.g. `plugins.CORS`).
   * Plugins run in the order they are used (processRequest) and back (processResponse).
   *
   * @example
   * service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
   * service.use(plugins.RequestId())
   */
  use(item: Usable): this {
    if (!isInstallable(item))
      throwImproperlyConfigured(
        'service.use() takes a conf object (conf.Time, conf.NestSettings) or a plugin (an api.Plugin instance, e.g. plugins.CORS())',
      )
    this.#declaring('use()')
    const declared = this.#declared
    item[INSTALL]({
      onClose: (close) => this.onClose(close),
      addPlugin: (plugin) => void declared.plugins.push(plugin),
      setStringify: (stringify) => void (declared.stringify = stringify),
      setNest: (settings) => this.#backend('conf.NestSettings').setNest(settings),
      documentErrors: (errors) => void declared.documentedErrors.push(...errors),
    } satisfies ServiceHooks<Plugin, NestSettings>)
    return this
  }

  /** The compiled routes: method, path and endpoint (its def, template and result schema), for docs generators. */
  routes(): readonly RouteEntry<RouteTarget>[] {
    // Before the build, compiled from what is declared so far (and not kept: more may be declared).
    return (this.#compiled ?? this.#checked ?? this.#compile()).routes
  }

  /** Run `close` when the service closes (`service.close()`, or the server from `run()` closing). */
  onClose(close: () => unknown): this {
    this.#closers.push(close)
    return this
  }

  /** Close gracefully: readiness (`health`) 503 at once, its `drain`, then `run()`'s servers (in-flight requests finish, cut after `timeout`, default 10 s), then database connections. @example await service.close({ timeout: 5000 }) */
  async close(options: CloseOptions = {}): Promise<void> {
    const draining = !this.#closing && this.#servers.length > 0
    this.#closing = true
    if (draining) await healthDrain(this.options.health)
    await Promise.all(this.#servers.splice(0).map((server) => server.close(options)))
    const closers = this.#closers.splice(0)
    await Promise.all(closers.map((close) => close()))
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
      this.#declaring('mount()')
      this.#declared.apiMounts.push({ api: target, route: prefix })
    } else
      this.#backend('service.mount() of an app').mountApp(target, prefix, () =>
        this.#declaring('mount()'),
      )
    return this
  }

  /**
   * Resolve the backend: create the app for a backend given as a module or class
   * (`express`, `Hono`) and attach fw to it. Idempotent.
   *
   * @example
   * const service = new Fw(import.meta.url, { backend: express, api: RootAPI }).setup()
   * const app = service.application()
   *
   * // NestJS (docs/nest.md): asynchronous, creates the INestApplication
   * await new Fw(import.meta.url, { backend: nest, api: RootAPI }).use(conf.NestSettings({ module: AppModule })).setup()
   */
  setup<A>(this: Fw<A>): IsAsyncSetup<A> extends true ? Promise<Fw<A>> : Fw<A>
  setup(): unknown {
    if (this.options.backend === undefined && this.#backendLink === undefined) return this
    return this.#backend('service.setup()').setup(this)
  }

  /** A declaration (`use`, `mount`, `adapt`) is refused once the service is built. */
  #declaring(what: string): void {
    this.#checked = undefined
    if (this.#compiled === undefined) return
    throwImproperlyConfigured(
      `service.${what} after the service was built (its first request or run()): declare everything before`,
    )
  }

  /**
   * The backend app with fw attached (the INestApplication for NestJS, after
   * `await service.setup()`), or the service itself when there is none.
   *
   * @example const app = service.application()
   */
  application<A>(this: Fw<A>): AppOf<A>
  application(): unknown {
    if (this.options.backend === undefined) return this
    return this.#backend('service.application()').application(this)
  }

  /**
   * A route entry that embeds the whole service in its backend, under `route`
   * (prepended to the service's own `route`): a Hono sub-app, an Express router
   * or middleware, a Koa middleware, a `node:http` listener, ... (docs/integration.md).
   *
   * @example
   * const service = new Fw(import.meta.url, { backend: app, api: RootAPI })
   * service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S' }))
   * app.use(service.adapt('/v1'))
   */
  adapt<A>(this: Fw<A>, route: string): EntryOf<A>
  adapt(route: string): unknown {
    return this.#backend('service.adapt()').adapt(route, () => this.#declaring('adapt()'))
  }

  /**
   * Serve on Node (fw's node:http server), Bun or Deno, or with the backend's own server; resolves once listening,
   * rejects on a taken port; SIGTERM/SIGINT close gracefully (`signals: false`: yours); `workers`: n processes.
   *
   * @example const server = await service.run(); console.log(server.port)
   */
  async run(options: RunOptions = {}): Promise<RunningServer> {
    const runService = servingLayer()
    const app =
      this.options.backend === undefined ? undefined : this.#backend('service.run()').appToRun(this)
    if (this.#compiled === undefined) this.#build()
    return runService(
      {
        fetch: this.fetch,
        app,
        // the serving layer makes the tracker (serve/graceful.ts stays out of a Worker's bundle)
        tracked: (made) => (this.#tracker ??= made),
        servers: this.#servers,
        close: (closing) => this.close(closing),
      },
      options,
      this.options,
    )
  }

  /**
   * The OpenAPI 3.1 document of every API route this service serves (docs/openapi.md).
   *
   * @example writeFileSync('openapi.json', JSON.stringify(service.openapi({ version: '1.0.0' })))
   */
  openapi(info: DocumentOptions = {}): OpenAPIDocument {
    const layer = documentsLayer('service.openapi()')
    return layer.serviceDocument(this.routes(), this, this.#declared, info)
  }

  /**
   * The AsyncAPI 3.0 document of the service's `@ws.socket` endpoints (docs/websocket.md).
   *
   * @example writeFileSync('asyncapi.json', JSON.stringify(service.asyncapi({ version: '1.0.0' })))
   */
  asyncapi(info: DocumentOptions = {}): AsyncAPIDocument {
    const layer = documentsLayer('service.asyncapi()')
    return layer.serviceAsyncAPI(this.routes(), this, this.#declared, info)
  }

  /** The build: what the constructor compiled if nothing was declared since, else compiled now; kept. */
  #build(): CompiledService {
    return (this.#compiled = this.#checked ?? this.#compile())
  }

  /** Compile what is declared (kept by `#build`). */
  #compile(): CompiledService {
    return compileService(this.#declared, {
      options: this.options,
      limits: this.limits,
      runtime: this.#runtime,
      // the docs mount's documents, of this build's routes (made on the mount's first request)
      document: (routes) => documentsLayer('docs').serviceDocument(routes, this, this.#declared),
      asyncapi: (routes) => documentsLayer('docs').serviceAsyncAPI(routes, this, this.#declared),
      ...optionLayers(this.options, () => this.#closing),
    })
  }
}
