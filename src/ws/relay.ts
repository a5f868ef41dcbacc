/**
 * The pub/sub adapters `service.use()` takes: a relay carrying each publish to the service's other
 * processes. `ws.RedisAdapter` is one; any other transport extends `ws.PubSubAdapter`.
 */
import { INSTALL, type ServiceHooks } from '../api/install'
import { Plugin } from '../api/plugin'
import type { PubSubRelay } from './hub'

/**
 * A relay for `service.use()`: implement `publish` (send to the other processes) and `start`
 * (deliver theirs, never this process's own); `close` runs when the service closes. It has no
 * request step: it only marks the service's sockets as relayed.
 *
 * @example
 * class BusAdapter extends ws.PubSubAdapter {
 *   publish(topic: string, text: string) { bus.send({ topic, text }) }
 *   start(deliver: (topic: string, text: string) => void) { bus.onOther((m) => deliver(m.topic, m.text)) }
 * }
 * service.use(new BusAdapter())
 */
export abstract class PubSubAdapter extends Plugin implements PubSubRelay {
  abstract publish(topic: string, text: string): void | Promise<void>
  abstract start(deliver: (topic: string, text: string) => void): void | Promise<void>
  close?(): void | Promise<void>

  override [INSTALL](service: ServiceHooks<Plugin>): void {
    service.addPlugin(this)
    service.onClose(() => this.close?.())
  }
}

/** The relay a service uses (the last `PubSubAdapter` among its plugins), if any. */
export function relayOf(plugins: readonly Plugin[]): PubSubRelay | undefined {
  return plugins.findLast((plugin): plugin is PubSubAdapter => plugin instanceof PubSubAdapter)
}
