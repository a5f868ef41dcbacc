import type * as N from './nest'
import { NestSettings as NestSettingsClass } from './nest'
import { Time as TimeClass } from './time'
import { callable } from '../utils/callable'

export type { TimeOptions } from './time'
/**
 * How dates are written in responses; called or with `new` (README, "One call form").
 *
 * @example
 * service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
 * // a returned Date → "2025-04-15 16:38:30"
 */
const CallableTime = /* @__PURE__ */ callable(TimeClass)
/** An instance of `conf.Time`. @example const time: conf.Time = conf.Time({ useTz: false }) */
type CallableTime = TimeClass
/**
 * Settings of a NestJS backend, applied by `service.use(...)` before `await service.setup()`; called or with `new`.
 *
 * @example
 * service.use(conf.NestSettings({ module: AppModule, imports: [UsersModule], options: { cors: true } }))
 */
const CallableNestSettings = /* @__PURE__ */ callable(NestSettingsClass)
/** An instance of `conf.NestSettings`. @example const settings: conf.NestSettings = conf.NestSettings({ module: AppModule }) */
type CallableNestSettings = NestSettingsClass
// Exported under another local name: the .d.ts bundler keeps both the value and the type
// of a renamed export in a namespace (`conf.Time(...)` and `t: conf.Time`), not of a same-named one.
export { CallableTime as Time, CallableNestSettings as NestSettings }
// Declared here, not re-exported: the .d.ts bundler turns a type re-exported from
// another chunk into a value of the `conf` namespace (TS2693 in users' builds).
/**
 * Options of `conf.NestSettings`: the root module, extra imports, NestFactory options.
 *
 * @example
 * conf.NestSettings({ module: AppModule } satisfies conf.NestSettingsOptions)
 */
export type NestSettingsOptions = N.NestSettingsOptions
/**
 * A Nest module class, or a dynamic module `{ module, imports }`.
 *
 * @example
 * const ref: conf.NestModuleRef = { module: UsersModule, imports: [DbModule] }
 */
export type NestModuleRef = N.NestModuleRef
