/**
 * Pub/sub of one service: topics → the sockets subscribed to them in this process, and the relay
 * (`ws.RedisAdapter`) that carries each publish to the other processes and machines.
 */

/** Someone a publish is delivered to: a socket of this process (already serialised text). */
export interface Subscriber {
  deliver(text: string): void
}

/**
 * What carries publishes between processes (`ws.RedisAdapter`): `publish` sends one to the others,
 * `start` delivers theirs (never this process's own) to `deliver`.
 *
 * @example
 * const relay: ws.PubSubRelay = { publish: async () => {}, start: async () => {} }
 */
export interface PubSubRelay {
  publish(topic: string, text: string): void | Promise<void>
  start(deliver: (topic: string, text: string) => void): void | Promise<void>
  close?(): void | Promise<void>
}

/** The topics of one service and their subscribers here, with the relay to the other processes. */
export class TopicHub {
  readonly #topics = new Map<string, Set<Subscriber>>()
  readonly #relay: PubSubRelay | undefined
  readonly #onError: (error: unknown) => void
  #started: Promise<void> | undefined

  constructor(relay: PubSubRelay | undefined, onError: (error: unknown) => void) {
    this.#relay = relay
    this.#onError = onError
  }

  /** Resolves once the relay listens (at once without one); started by the first subscribe. */
  ready(): Promise<void> {
    const relay = this.#relay
    if (!relay) return Promise.resolve()
    this.#started ??= Promise.resolve()
      .then(() => relay.start((topic, text) => this.#fanOut(topic, text, undefined)))
      .catch((error: unknown) => this.#onError(error))
    return this.#started
  }

  subscribe(topic: string, subscriber: Subscriber): void {
    let set = this.#topics.get(topic)
    if (!set) this.#topics.set(topic, (set = new Set()))
    set.add(subscriber)
    void this.ready()
  }

  unsubscribe(topic: string, subscriber: Subscriber): void {
    const set = this.#topics.get(topic)
    if (!set) return
    set.delete(subscriber)
    if (set.size === 0) this.#topics.delete(topic)
  }

  /** Deliver `text` to every subscriber of `topic` but `from`, here and (through the relay) elsewhere. */
  publish(topic: string, text: string, from: Subscriber | undefined): void {
    this.#fanOut(topic, text, from)
    const relay = this.#relay
    if (!relay) return
    try {
      const sent = relay.publish(topic, text)
      if (sent instanceof Promise) sent.catch((error: unknown) => this.#onError(error))
    } catch (error) {
      this.#onError(error)
    }
  }

  /** The number of subscribers of `topic` in this process. */
  count(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0
  }

  #fanOut(topic: string, text: string, from: Subscriber | undefined): void {
    const set = this.#topics.get(topic)
    if (!set) return
    for (const subscriber of set) if (subscriber !== from) subscriber.deliver(text)
  }
}
