/**
 * A service's backend link: the app fw is attached to (created at `setup()`
 * for a backend given as a module or class, Nest's asynchronously), the
 * routes it is attached under, and `adapt()`'s single entry.
 */
import { attach } from '../adapters/attach'
import { toFetchHandler } from '../adapters/mount'
import { createBackendApp } from '../adapters/attach'
import { isNestCore, NEST_SETUP_HINT } from '../adapters/nest'
import type { NestSettings } from '../conf/nest'
import { ImproperlyConfigured } from '../exceptions'
import { joinPath } from '../router/route-path'
import type { FetchHandler } from '../types'
import type { Declaration } from './build'
import { adaptPrefix, type FwOptions } from './options'

/** The backend side of an `Fw` (service/fw.ts): its app once resolved, and where fw is attached to it. */
export class BackendLink {
  readonly #options: Readonly<FwOptions & { backend?: unknown }>
  readonly #declared: Declaration
  readonly #fetch: FetchHandler
  /** the backend app once `setup()` resolved it (an app instance is its own app) */
  app?: unknown
  #attached = false
  /** `adapt(route)` was called: its entry is the attachment, the one made at `setup()` answers nothing */
  #adapted = false
  #nest?: NestSettings
  /** Nest's asynchronous setup, once started */
  #setup?: Promise<unknown>

  constructor(
    options: Readonly<FwOptions & { backend?: unknown }>,
    declared: Declaration,
    fetch: FetchHandler,
  ) {
    this.#options = options
    this.#declared = declared
    this.#fetch = fetch
  }

  /** `conf.NestSettings` installed (`service.use()`): only with `backend: nest`, before `setup()`. */
  setNest(settings: NestSettings): void {
    if (!isNestCore(this.#options.backend))
      throw new ImproperlyConfigured(
        "conf.NestSettings needs `backend: nest` (import * as nest from '@nestjs/core')",
      )
    if (this.app !== undefined)
      throw new ImproperlyConfigured(
        'conf.NestSettings must be applied before `await service.setup()`',
      )
    this.#nest = settings
  }

  /** `service.setup()`: `service` once the app is resolved, or the promise of it (Nest). Idempotent. */
  setup<S>(service: S): S | Promise<S> {
    const backend = this.#options.backend
    if (backend === undefined || this.#attached || this.#setup)
      return (this.#setup as Promise<S> | undefined) ?? service
    const app = createBackendApp(backend, this.#nest) // a promise for Nest (NestFactory.create)
    if (!(app instanceof Promise)) return (this.resolve(app), service)
    const ready = app.then((created: unknown) => (this.resolve(created), service))
    this.#setup = ready
    return ready
  }

  /** `new Fw({ backend })`: an app instance given as backend gets fw attached right away. */
  attachInstance(): void {
    const backend = this.#options.backend
    if (!isNestCore(backend) && createBackendApp(backend) === backend) this.resolve(backend)
  }

  /** `service.run()`'s app: set up now, but Nest's, which only `await service.setup()` makes. */
  appToRun<S>(service: S): unknown {
    if (this.app === undefined) {
      if (isNestCore(this.#options.backend))
        throw new ImproperlyConfigured(`service.run(): ${NEST_SETUP_HINT}`)
      this.setup(service)
    }
    return this.app
  }

  /** Keep the app and attach fw (its root API and its app mounts) to it. */
  resolve(app: unknown): void {
    this.app = app
    this.#attached = true
    this.#attachTo(app, this.#options.route)
    for (const mount of this.#declared.appMounts) this.#attachTo(app, mount.prefix)
  }

  /** Attach fw to `app` under `route`; an attachment made before `adapt()` answers nothing once it is called. */
  #attachTo(app: unknown, route: string | undefined, adapted = false): unknown {
    const live = adapted ? undefined : (): boolean => !this.#adapted
    return attach(app, this.#fetch, joinPath(this.#declared.prefix, route), {
      asynchronous: this.#options.asynchornous,
      live,
    })
  }

  /** `service.mount(target, prefix)` of a fetch handler or an app (`declaring` refuses it once built). */
  mountApp(target: unknown, prefix: string, declaring: () => void): void {
    const backend = this.#options.backend
    if (backend !== undefined && this.app === undefined) {
      throw new ImproperlyConfigured(
        isNestCore(backend)
          ? NEST_SETUP_HINT
          : "this service's backend is a module or class: call service.setup() to create the app before mounting other apps",
      )
    }
    const nest = isNestCore(backend)
      ? { core: backend, settings: this.#nest, ready: true }
      : undefined
    const handler = toFetchHandler(target, {
      onError: (error) => console.error(error),
      debug: this.#options.debug,
      nest,
    })
    declaring()
    this.#declared.appMounts.push({ prefix, handler })
    // With a backend, fw only sees the paths it is attached under: add this prefix.
    if (this.app !== undefined) this.#attachTo(this.app, prefix)
  }

  /** `service.application()`: the app (set up first), or `service` itself without a backend. */
  application<S>(service: S): unknown {
    if (this.#options.backend === undefined) return service
    if (isNestCore(this.#options.backend)) {
      if (this.app === undefined)
        throw new ImproperlyConfigured(`service.application(): ${NEST_SETUP_HINT}`)
      return this.app
    }
    this.setup(service)
    return this.app
  }

  /** `service.adapt(route)`: the route entry that is the attachment (`declaring` refuses it once built). */
  adapt(route: string, declaring: () => void): unknown {
    const backend = this.#options.backend
    if (backend === undefined)
      throw new ImproperlyConfigured(
        'service.adapt(route) needs a `backend` in the service options (an app, or the `Hono` class / `express` / `node:http` module)',
      )
    declaring()
    if (this.#adapted)
      throw new ImproperlyConfigured(
        'service.adapt(route) was already called: one service, one place; make another service to attach it again',
      )
    this.#adapted = true // an attachment made at setup (an app given as backend) answers nothing from now on
    this.#declared.prefix = adaptPrefix(route, this.#options)
    this.#attached = true // the entry returned here is the attachment
    return this.#attachTo(backend, this.#options.route, true)
  }
}
