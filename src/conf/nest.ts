/**
 * `conf.NestSettings`: how `service.setup()` creates the Nest application
 * when the service's backend is NestJS (`import * as nest from '@nestjs/core'`).
 * Nest is never imported here: the settings are plain values handed to
 * `NestFactory.create` at setup time.
 */
import { SelfInstalling, type ServiceHooks } from '../api/install'

/** A Nest module: a class decorated with `@Module(...)`, or a dynamic module `{ module, imports, ... }`. */
export type NestModuleRef =
  | (abstract new (
      ...args: never[]
    ) => unknown)
  | {
      readonly module: abstract new (...args: never[]) => unknown
      readonly imports?: readonly unknown[]
    }

/** Options of `conf.NestSettings(...)`. */
export interface NestSettingsOptions {
  /** the root module (the seed's `root_urlconf`): its controllers are served next to fw's routes */
  module?: NestModuleRef
  /** more modules (the seed's `apps`), imported into the root module */
  imports?: readonly NestModuleRef[]
  /** `NestApplicationOptions` (the seed's `extra`): `cors`, `logger`, `bodyParser`, `rawBody`, ... */
  options?: object
  /**
   * The HTTP platform: omitted (or `'express'`) for Nest's default Express
   * platform; the `@nestjs/platform-fastify` module (`import * as fastify
   * from '@nestjs/platform-fastify'`) or a `new FastifyAdapter(...)` for Fastify.
   */
  platform?: 'express' | object
}

/**
 * Settings of a NestJS backend. Apply with `service.use(...)` before `await service.setup()`.
 *
 * @example
 * import * as nest from '@nestjs/core'
 * import * as fastify from '@nestjs/platform-fastify'
 * const service = new Fw(import.meta.url, { backend: nest, api: RootAPI, route: '/api' })
 * service.use(conf.NestSettings({ module: AppModule, imports: [UsersModule], options: { cors: true }, platform: fastify }))
 * await service.setup()
 * await service.run()
 */
export class NestSettings extends SelfInstalling<ServiceHooks<unknown, NestSettings>> {
  readonly module: NestModuleRef | undefined
  readonly imports: readonly NestModuleRef[]
  readonly options: object
  readonly platform: 'express' | object | undefined

  constructor(settings: NestSettingsOptions = {}) {
    super()
    this.module = settings.module
    this.imports = settings.imports ?? []
    this.options = settings.options ?? {}
    this.platform = settings.platform
  }

  /** Called by `service.use(settings)`. */
  protected installInto(service: ServiceHooks<unknown, NestSettings>): void {
    service.setNest(this)
  }
}
