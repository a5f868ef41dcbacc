/**
 * `ws.RedisAdapter(client)`: publishes reach the subscribers of every process and machine through
 * Redis pub/sub (a connected node-redis client, as `auth.RedisStore` takes).
 */
import { callable, type Callable } from '../utils/callable'
import { PubSubAdapter } from './relay'

/**
 * The part of a node-redis (v4/v5) client `ws.RedisAdapter` uses: `publish` on it, `subscribe` on
 * a `duplicate()` (a subscribed connection can do nothing else).
 *
 * @example
 * const client: ws.RedisPubSubClient = await createClient({ url: process.env.REDIS_URL }).connect()
 */
export interface RedisPubSubClient {
  publish(channel: string, message: string): Promise<unknown>
  duplicate(): RedisSubscriberClient
}

/** The subscriber connection `duplicate()` gives (node-redis). */
export interface RedisSubscriberClient {
  connect(): Promise<unknown>
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>
  quit?(): Promise<unknown>
  close?(): Promise<unknown>
}

/** `ws.RedisAdapter`'s options. */
export interface RedisAdapterOptions {
  /** the Redis channel every process of the service shares (default `fw:ws`) */
  channel?: string
}

/** A random id: this process's publishes are recognised (and not delivered twice) when they come back. */
function processId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9))
  return btoa(String.fromCharCode(...bytes))
}

class RedisAdapterPlugin extends PubSubAdapter {
  readonly #client: RedisPubSubClient
  readonly #channel: string
  readonly #id = processId()
  #subscriber: RedisSubscriberClient | undefined

  constructor(client: RedisPubSubClient, options: RedisAdapterOptions = {}) {
    super()
    this.#client = client
    this.#channel = options.channel ?? 'fw:ws'
  }

  async publish(topic: string, text: string): Promise<void> {
    await this.#client.publish(this.#channel, JSON.stringify([this.#id, topic, text]))
  }

  async start(deliver: (topic: string, text: string) => void): Promise<void> {
    const subscriber = this.#client.duplicate()
    this.#subscriber = subscriber
    await subscriber.connect()
    await subscriber.subscribe(this.#channel, (message) => {
      const relayed = decode(message)
      if (relayed && relayed[0] !== this.#id) deliver(relayed[1], relayed[2])
    })
  }

  override async close(): Promise<void> {
    const subscriber = this.#subscriber
    this.#subscriber = undefined
    if (subscriber) await (subscriber.close?.() ?? subscriber.quit?.())
  }
}

function decode(message: string): [string, string, string] | undefined {
  try {
    const value: unknown = JSON.parse(message)
    return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'string')
      ? (value as [string, string, string])
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Relay every `publish` through Redis pub/sub, so subscribers in other processes and machines get
 * it (`service.use(ws.RedisAdapter(client))`); the client stays yours (connected before, closed
 * after `service.close()`), the subscriber connection fw duplicates from it is closed with the service.
 *
 * @example
 * import { createClient } from 'redis'
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect()
 * service.use(ws.RedisAdapter(redis))
 */
const CallableRedisAdapter: Callable<typeof RedisAdapterPlugin> =
  /* @__PURE__ */ callable(RedisAdapterPlugin)
/** What `ws.RedisAdapter(client)` is. @example const relay: ws.RedisAdapter = ws.RedisAdapter(redis) */
type CallableRedisAdapter = RedisAdapterPlugin
// Renamed on export: the declaration bundler keeps both the value and the type of a renamed export
// in a namespace (`ws.RedisAdapter(...)` and `r: ws.RedisAdapter`), not of a same-named one.
export { CallableRedisAdapter as RedisAdapter }
