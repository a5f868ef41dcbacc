/**
 * Add-ons (e.g. `fw-api/orm`) configure a service through `service.use()`
 * without the core importing them: an object with a method under this symbol
 * installs itself.
 */

/** The symbol `service.use()` looks for. */
export const INSTALL: unique symbol = Symbol.for('fw.install') as never

/** What `service.use()` hands to an installable configuration. */
export interface ServiceHooks {
  /** run `close` when the service closes */
  onClose(close: () => Promise<void> | void): unknown
}

/** A configuration that installs itself on a service (e.g. `orm.DatabaseConnections`). */
export interface Installable {
  [INSTALL](service: ServiceHooks): void
}
