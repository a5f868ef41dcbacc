/**
 * `service.use(item)` has one protocol: the item installs itself through the
 * method under this symbol (docs/architecture.md, "use()"). Plugins, `conf.Time`,
 * `conf.NestSettings` and add-ons such as `orm.DatabaseConnections` all do;
 * the core never asks what class an item is.
 */
import { isFunction, isObject } from '../utils/is'

/** The symbol `service.use()` calls. */
export const INSTALL: unique symbol = Symbol.for('fw.install') as never

/**
 * What `service.use()` hands to the item it installs. `P` and `N` are the
 * service's plugin and Nest settings types (api.Plugin, conf.NestSettings),
 * parameters so this module imports neither.
 */
export interface ServiceHooks<P = unknown, N = unknown> {
  /** run `close` when the service closes */
  onClose(close: () => Promise<void> | void): unknown
  /** run `plugin` around every request of the service (in the order used) */
  addPlugin(plugin: P): void
  /** serialise results with `stringify` (`conf.Time`: how dates are written) */
  setStringify(stringify: (value: unknown) => string): void
  /** the settings of the NestJS app the service creates (`conf.NestSettings`) */
  setNest(settings: N): void
  /** errors every route (or every route of `methods`) may answer, for the OpenAPI document (`orm.DatabaseConnections`: 409, 503) */
  documentErrors?(errors: readonly DocumentedError[]): void
}

/** An error an installed item makes possible on routes: its class, the methods it applies to (default all), who raises it. */
export interface DocumentedError {
  error: Function
  methods?: readonly string[]
  by: string
}

/** Anything `service.use()` takes: it installs itself on the service. */
export interface Installable {
  [INSTALL](service: ServiceHooks): void
}

/** Does `value` install itself (`service.use()` accepts it)? */
export function isInstallable(value: unknown): value is Installable {
  return isObject(value) && isFunction((value as Partial<Installable>)[INSTALL])
}

/**
 * A base for what `service.use()` installs that is not a plugin (`conf.Time`, `conf.NestSettings`):
 * its `[INSTALL]` calls the subclass's `installInto`. esbuild keeps a class that declares a
 * computed member (`[INSTALL]`) in every bundle that imports its module, used or not; a subclass
 * of this one declares none, so a Worker that never uses it drops it (SPEC §5.2).
 *
 * @example
 * class Setting extends SelfInstalling<ServiceHooks> {
 *   protected installInto(service: ServiceHooks): void { service.setStringify(JSON.stringify) }
 * }
 */
export abstract class SelfInstalling<H> {
  [INSTALL](service: H): void {
    this.installInto(service)
  }

  /** What `service.use(this)` does. */
  protected abstract installInto(service: H): void
}
