import type * as N from './nest'

export { Time, type TimeOptions } from './time'
export { NestSettings } from './nest'
// Declared here, not re-exported: the .d.ts bundler turns a type re-exported from
// another chunk into a value of the `conf` namespace (TS2693 in users' builds).
/**
 * Options of `conf.NestSettings`: the root module, extra imports, NestFactory options.
 *
 * @example
 * new conf.NestSettings({ module: AppModule } satisfies conf.NestSettingsOptions)
 */
export type NestSettingsOptions = N.NestSettingsOptions
/**
 * A Nest module class, or a dynamic module `{ module, imports }`.
 *
 * @example
 * const ref: conf.NestModuleRef = { module: UsersModule, imports: [DbModule] }
 */
export type NestModuleRef = N.NestModuleRef
