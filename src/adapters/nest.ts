/**
 * NestJS, both ways (docs/nest.md): fw next to the controllers of a Nest
 * application, on Nest's Express or Fastify platform, and a Nest application
 * (or module) mounted in fw. Nest is recognised by shape, never imported.
 */
import { ImproperlyConfigured } from '../exceptions'
import { NestSettings, type NestModuleRef } from '../conf/nest'
import type { FetchHandler } from '../types'
import { isExpressLike, isFastifyLike, isObjectish, type ExpressLike } from './detect'
import { attachExpress } from './express'
import { attachFastify } from './fastify'
import type { AttachOptions, NestCoreLike } from './options'
import { backend } from './backend'
import { listenFramework, type NodeServerLike } from '../serve/node'
import type { Started, Where } from '../serve/types'

export type { NestCoreLike } from './options'

type Fn = (...args: never[]) => unknown

/** The HTTP adapter of a Nest application (`app.getHttpAdapter()`): Express or Fastify. */
export interface NestHttpAdapterLike {
  getInstance(): unknown
  getType?(): string
  /** Nest registers its final 404 handler through it, last in `init()` */
  setNotFoundHandler?(...args: never[]): unknown
}

/**
 * An `INestApplication`: the methods fw calls.
 *
 * @example
 * const app: NestAppLike = await NestFactory.create(AppModule)
 */
export interface NestAppLike {
  getHttpAdapter(): NestHttpAdapterLike
  init(): Promise<unknown>
  listen(port: number, hostname: string): Promise<unknown>
  getHttpServer(): NodeServerLike & { listening?: boolean }
  close(): Promise<unknown>
  useGlobalGuards: Fn
}

const fn = (value: unknown, key: string): boolean =>
  isObjectish(value) && typeof Reflect.get(value, key) === 'function'

/**
 * `@nestjs/core` (the module, or an object carrying its `NestFactory`).
 *
 * @example
 * isNestCore(await import('@nestjs/core')) // true
 */
export function isNestCore(value: unknown): value is NestCoreLike {
  return isObjectish(value) && fn(Reflect.get(value, 'NestFactory'), 'create')
}

/**
 * An `INestApplication` (from `NestFactory.create`).
 *
 * @example
 * isNestApp(await NestFactory.create(AppModule)) // true
 */
export function isNestApp(value: unknown): value is NestAppLike {
  return (
    fn(value, 'getHttpAdapter') &&
    fn(value, 'init') &&
    fn(value, 'listen') &&
    fn(value, 'useGlobalGuards')
  )
}

/** A class decorated with Nest's `@Module(...)` (its metadata, read through reflect-metadata when loaded). */
export function isNestModuleClass(
  value: unknown,
): value is abstract new (
  ...args: never[]
) => unknown {
  const keysOf: unknown = Reflect.get(Reflect, 'getOwnMetadataKeys')
  if (typeof value !== 'function' || typeof keysOf !== 'function') return false
  const keys: unknown = Reflect.apply(keysOf, Reflect, [value])
  return (
    Array.isArray(keys) &&
    keys.some(
      (key) =>
        key === 'controllers' || key === 'imports' || key === 'providers' || key === 'exports',
    )
  )
}

/** The hint every "too early" error carries. */
export const NEST_SETUP_HINT =
  'the Nest application does not exist before `await service.setup()`: call it first'

/** The module given to NestFactory.create: `module` with `imports` added (a dynamic module when there are any). */
function entryModule(settings: NestSettings | undefined): unknown {
  const module: NestModuleRef | undefined = settings?.module
  const imports = settings?.imports ?? []
  if (module === undefined) {
    if (imports.length === 0)
      throw new ImproperlyConfigured(
        'conf.NestSettings needs a `module` (or `imports`) for the Nest application',
      )
    return { module: class FwNestRoot {}, imports }
  }
  if (imports.length === 0) return module
  if (typeof module === 'function') return { module, imports }
  return { ...module, imports: [...(module.imports ?? []), ...imports] }
}

/** The HTTP adapter to create the app with, or undefined for Nest's default (Express). */
function platformAdapter(platform: NestSettings['platform']): unknown {
  if (platform === undefined || platform === 'express') return undefined
  if (fn(platform, 'getInstance') && fn(platform, 'listen')) return platform // an adapter instance
  for (const name of ['FastifyAdapter', 'ExpressAdapter']) {
    const Adapter: unknown = isObjectish(platform) ? Reflect.get(platform, name) : undefined
    if (typeof Adapter === 'function') return Reflect.construct(Adapter, [])
  }
  throw new ImproperlyConfigured(
    "conf.NestSettings `platform` must be 'express', the @nestjs/platform-fastify (or platform-express) module, or an adapter instance such as new FastifyAdapter()",
  )
}

/**
 * `NestFactory.create(module, [adapter], options)` from the settings.
 *
 * @example
 * const app = await createNestApp(nest, conf.NestSettings({ module: AppModule }))
 */
export async function createNestApp(
  core: NestCoreLike,
  settings: NestSettings | undefined,
): Promise<NestAppLike> {
  const adapter = platformAdapter(settings?.platform)
  const args =
    adapter === undefined
      ? [entryModule(settings), settings?.options ?? {}]
      : [entryModule(settings), adapter, settings?.options ?? {}]
  const app: unknown = await Reflect.apply(core.NestFactory.create, core.NestFactory, args)
  if (!isNestApp(app))
    throw new ImproperlyConfigured('NestFactory.create did not return a Nest application')
  return app
}

function initialized(app: NestAppLike): boolean {
  return Reflect.get(app, 'isInitialized') === true || app.getHttpServer()?.listening === true
}

/**
 * Attach fw to a Nest application under `route`; Nest's controllers keep
 * their own paths (and their guards, pipes, interceptors).
 *
 * - Fastify platform: fw's encapsulated plugin on the Fastify instance
 *   (Nest's static routes win over fw's wildcards; fw reads the raw body).
 * - Express platform: fw's middleware joins the Express stack in `init()`,
 *   after Nest's body parser and routes, just before Nest's 404 handler, so
 *   a body Nest parsed is reused and Nest routes keep priority.
 *
 * Call it before `app.init()` / `app.listen()`.
 *
 * @example
 * const app = await NestFactory.create(AppModule)
 * attachNest(app, service.fetch, '/api', {})
 * await app.listen(3000)
 */
export function attachNest(
  app: NestAppLike,
  fetch: FetchHandler,
  route: string,
  options: AttachOptions,
): NestAppLike {
  const adapter = app.getHttpAdapter()
  const instance = adapter.getInstance()
  if (isFastifyLike(instance)) {
    attachFastify(instance, fetch, route, options)
    return app
  }
  if (!isExpressLike(instance) || typeof adapter.setNotFoundHandler !== 'function') {
    throw new ImproperlyConfigured(
      `cannot attach fw to this Nest application: its platform (${adapter.getType?.() ?? 'unknown'}) is neither Express nor Fastify`,
    )
  }
  if (initialized(app)) {
    throw new ImproperlyConfigured(
      'attach fw to a Nest application (API.__as__ / service.adapt) before app.init() or app.listen()',
    )
  }
  const express: ExpressLike = instance
  const notFound = adapter.setNotFoundHandler
  adapter.setNotFoundHandler = (...args: never[]): unknown => {
    if (options.live?.() !== false) attachExpress(express, fetch, route, options)
    return Reflect.apply(notFound, adapter, args)
  }
  return app
}

/**
 * The error of a failed `init()` of `app`, remembered in `failed`: Fastify refuses a second
 * `init()` of the same application (its routes are declared already), said as such.
 */
function retryRefused(app: NestAppLike, failed: WeakSet<NestAppLike>, error: unknown): unknown {
  const again = failed.has(app)
  failed.add(app)
  if (!again || !isObjectish(error) || Reflect.get(error, 'code') !== 'FST_ERR_DUPLICATED_ROUTE')
    return error
  return new ImproperlyConfigured(
    `a Nest application on Fastify whose init() failed cannot be initialised again (${String(Reflect.get(error, 'message'))}): mount its module after \`await service.setup()\` instead, a new application at each retry`,
  )
}

/**
 * A fetch handler answering through a Nest application's own platform
 * (initialised at the first request), for `service.mount(nestApp, route)`.
 * A failed start (`app()` or `init()` threw: a database not up yet) fails the
 * requests waiting for it and is tried again by the next request, never kept.
 */
export function nestAppFetch(
  app: () => NestAppLike | Promise<NestAppLike>,
  toFetch: (instance: unknown) => FetchHandler,
): FetchHandler {
  let ready: Promise<FetchHandler> | undefined
  /** the applications whose `init()` failed here once */
  const failed = new WeakSet<NestAppLike>()
  const start = async (): Promise<FetchHandler> => {
    const nestApp = await app()
    try {
      await nestApp.init()
    } catch (error) {
      throw retryRefused(nestApp, failed, error)
    }
    return toFetch(nestApp.getHttpAdapter().getInstance())
  }
  const started = (): Promise<FetchHandler> => {
    const starting = start()
    // forgotten once it fails (only if no later start replaced it): the next request starts again
    starting.catch(() => {
      if (ready === starting) ready = undefined
    })
    return starting
  }
  return async (request, env, ctx) => (await (ready ??= started()))(request, env, ctx)
}

/**
 * A fetch handler for a Nest module mounted after `service.setup()`: the
 * module becomes its own Nest application (own container), created with the
 * service's settings at the first request.
 */
export function nestModuleFetch(
  core: NestCoreLike,
  module: NestModuleRef,
  settings: NestSettings | undefined,
  toFetch: (instance: unknown) => FetchHandler,
): FetchHandler {
  // An adapter instance serves one application only: a module mounted next to it gets the default platform.
  const platform =
    settings?.platform !== undefined && fn(settings.platform, 'getInstance')
      ? undefined
      : settings?.platform
  return nestAppFetch(
    () =>
      createNestApp(core, new NestSettings({ module, options: settings?.options ?? {}, platform })),
    toFetch,
  )
}

/** The Nest application's own server: fw's timeouts applied, `app.listen(port, hostname)`, `app.close()` on close. */
function runNest(app: NestAppLike, fetch: FetchHandler, where: Where): Promise<Started> {
  return listenFramework(
    app.getHttpServer(),
    () => app.listen(where.port, where.hostname),
    () => app.close(),
    where,
    fetch,
  )
}

/** Nest applications: fw on their Express or Fastify platform, served by `app.listen()`, mounted through their platform. */
export const nestAppBackend = backend<NestAppLike>({
  name: 'nest application',
  is: isNestApp,
  attach: attachNest,
  run: runNest,
  mount: (app, _options, mountAny) => nestAppFetch(() => app, mountAny),
})

/** `@nestjs/core`: `setup()` creates the application (asynchronously) from `conf.NestSettings`. */
export const nestCoreBackend = backend<NestCoreLike>({
  name: '@nestjs/core',
  is: isNestCore,
  create: (core, settings) => createNestApp(core, settings),
  attach: () => {
    throw new ImproperlyConfigured(
      'with `backend: nest` (@nestjs/core), call `await service.setup()` (it creates the Nest application), then application(); or pass an existing INestApplication as backend',
    )
  },
})
