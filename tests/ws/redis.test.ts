/**
 * src/ws/redis.ts: `ws.RedisAdapter(client)` — publishes go to one Redis channel tagged with this
 * process's id; the subscriber connection (a `duplicate()` of the client) delivers the other
 * processes' publishes, never this process's own, and ignores what is not one of them; it is
 * closed with the service, the client itself is left to its owner. In-process: a fake node-redis
 * client on an in-memory bus shared by two "processes" (the real Redis run is tests/ws/pubsub.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { TopicHub } from '../../src/ws/hub'
import { RedisAdapter, type RedisPubSubClient, type RedisSubscriberClient } from '../../src/ws/redis'
import { PubSubAdapter } from '../../src/ws/relay'

/** An in-memory Redis pub/sub: channel → listeners of the subscribed connections. */
class Bus {
  readonly listeners = new Map<string, ((message: string, channel: string) => void)[]>()
  readonly published: [string, string][] = []

  send(channel: string, message: string): void {
    this.published.push([channel, message])
    for (const listener of this.listeners.get(channel) ?? []) listener(message, channel)
  }
}

/** A node-redis client look-alike on `bus`; its duplicates are recorded (how they were closed). */
function fakeClient(bus: Bus, closeWith: 'close' | 'quit' = 'close') {
  const duplicates: { connected: boolean; closed: string | undefined }[] = []
  const client: RedisPubSubClient = {
    publish: async (channel, message) => bus.send(channel, message),
    duplicate: (): RedisSubscriberClient => {
      const state = { connected: false, closed: undefined as string | undefined }
      duplicates.push(state)
      const subscriber: RedisSubscriberClient = {
        connect: async () => void (state.connected = true),
        subscribe: async (channel, listener) => {
          if (!state.connected) throw new Error('subscribe before connect')
          bus.listeners.set(channel, [...(bus.listeners.get(channel) ?? []), listener])
        },
      }
      if (closeWith === 'close') subscriber.close = async () => void (state.closed = 'close')
      else subscriber.quit = async () => void (state.closed = 'quit')
      return subscriber
    },
  }
  return { client, duplicates }
}

/** What a started adapter delivered. */
async function started(adapter: ReturnType<typeof RedisAdapter>) {
  const delivered: [string, string][] = []
  await adapter.start((topic, text) => void delivered.push([topic, text]))
  return delivered
}

describe('ws.RedisAdapter', () => {
  it('is a pub/sub adapter made with or without new', () => {
    const { client } = fakeClient(new Bus())
    expect(RedisAdapter(client)).toBeInstanceOf(PubSubAdapter)
    expect(new RedisAdapter(client)).toBeInstanceOf(PubSubAdapter)
  })

  it('delivers another process’s publishes, never its own', async () => {
    const bus = new Bus()
    const first = RedisAdapter(fakeClient(bus).client)
    const second = RedisAdapter(fakeClient(bus).client)
    const toFirst = await started(first)
    const toSecond = await started(second)
    await first.publish('room', '{"text":"hi"}')
    expect(toSecond).toEqual([['room', '{"text":"hi"}']])
    expect(toFirst).toEqual([])
    expect(bus.published.map(([channel]) => channel)).toEqual(['fw:ws'])
  })

  it('subscribes on a connected duplicate of the client, on the channel given', async () => {
    const bus = new Bus()
    const { client, duplicates } = fakeClient(bus)
    const adapter = RedisAdapter(client, { channel: 'shop:ws' })
    await started(adapter)
    expect(duplicates).toEqual([{ connected: true, closed: undefined }])
    expect([...bus.listeners.keys()]).toEqual(['shop:ws'])
    await adapter.publish('t', 'x')
    expect(bus.published[0]?.[0]).toBe('shop:ws')
  })

  it('ignores what is not a publish of another process: bad JSON, another shape, non-strings', async () => {
    const bus = new Bus()
    const delivered = await started(RedisAdapter(fakeClient(bus).client))
    for (const message of ['not json', '{"a":1}', '["id","topic"]', '["id","topic","text","more"]', '["id",1,"text"]', '["id","topic",null]', 'null', '']) {
      bus.send('fw:ws', message)
    }
    expect(delivered).toEqual([])
    bus.send('fw:ws', JSON.stringify(['someone else', 'room', 'text']))
    expect(delivered).toEqual([['room', 'text']])
  })

  it('closes the subscriber connection (close(), else quit()), once; not started, it closes nothing', async () => {
    for (const closeWith of ['close', 'quit'] as const) {
      const { client, duplicates } = fakeClient(new Bus(), closeWith)
      const adapter = RedisAdapter(client)
      await adapter.close()
      expect(duplicates).toEqual([])
      await started(adapter)
      await adapter.close()
      await adapter.close()
      expect(duplicates).toEqual([{ connected: true, closed: closeWith }])
    }
  })

  it('carries a hub’s publishes between two processes’ hubs', async () => {
    const bus = new Bus()
    const errors: unknown[] = []
    const hubs = [new TopicHub(RedisAdapter(fakeClient(bus).client), (error) => errors.push(error)), new TopicHub(RedisAdapter(fakeClient(bus).client), (error) => errors.push(error))]
    const got: string[][] = [[], []]
    hubs.forEach((hub, at) => hub.subscribe('room', { deliver: (text) => void got[at]?.push(text) }))
    await Promise.all(hubs.map((hub) => hub.ready()))
    hubs[0]?.publish('room', 'hello', undefined)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(got).toEqual([['hello'], ['hello']]) // each once: the first hub's own subscriber directly, not again through Redis
    expect(errors).toEqual([])
  })
})
