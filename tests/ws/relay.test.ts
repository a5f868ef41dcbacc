/** src/ws/relay.ts: the pub/sub adapters `service.use()` takes — installed as a plugin, closed with the service, the last one used. */
import { describe, expect, it } from 'vitest'
import { INSTALL, type ServiceHooks } from '../../src/api/install'
import { Plugin } from '../../src/api/plugin'
import { PubSubAdapter, relayOf } from '../../src/ws/relay'

class MemoryRelay extends PubSubAdapter {
  closed = 0
  publish(): void {}
  start(): void {}
  override close(): void {
    this.closed++
  }
}

describe('PubSubAdapter', () => {
  it('installs as a plugin and closes when the service closes', async () => {
    const plugins: Plugin[] = []
    const closers: (() => unknown)[] = []
    const hooks: ServiceHooks<Plugin> = { onClose: (close) => void closers.push(close), addPlugin: (plugin) => void plugins.push(plugin), setStringify: () => {}, setNest: () => {} }
    const relay = new MemoryRelay()
    relay[INSTALL](hooks)
    expect(plugins).toEqual([relay])
    for (const close of closers) await close()
    expect(relay.closed).toBe(1)
  })
})

describe('relayOf', () => {
  it('finds the last pub/sub adapter among the plugins, none without one', () => {
    const first = new MemoryRelay()
    const last = new MemoryRelay()
    expect(relayOf([first, new Plugin(), last, new Plugin()])).toBe(last)
    expect(relayOf([new Plugin()])).toBeUndefined()
    expect(relayOf([])).toBeUndefined()
  })
})
