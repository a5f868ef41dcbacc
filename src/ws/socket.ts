/**
 * `ws.Socket`: one accepted WebSocket connection as the endpoint's method sees it — an async
 * iterable of validated messages, `send`, `close` and pub/sub — with its limits enforced
 * (docs/websocket.md). The runtime glue (./runtime.ts) feeds it what the peer receives.
 */
import { parseJson } from '../body/text'
import { HttpError } from '../exceptions/http'
import { ConversionError } from '../schema/errors'
import { Invalid } from '../schema/parse'
import type { StandardSchemaV1 } from '../types'
import { checkClose, errorFrame, frameOf, textBytes, type ErrorFrame } from './frames'
import type { Subscriber } from './hub'
import type { CloseInfo, PeerLike, Received, Sent, SocketPlan, SocketRequest } from './types'

/**
 * A WebSocket connection of a `@ws.socket` endpoint: `for await (const message of socket)` yields
 * each received message parsed and validated (a bad one is answered with an error frame and
 * skipped); the loop ends when the connection closes.
 *
 * @example
 * for await (const message of socket) socket.send({ echo: message })
 */
export class Socket<
  In extends StandardSchemaV1 | undefined = undefined,
  Out extends StandardSchemaV1 | undefined = undefined,
  P = Record<string, unknown>,
> implements AsyncIterable<Received<In>>
{
  /**
   * The schemas' types, for the typed client to read without importing this class (no value at
   * run time): `fw-api/client` matches a socket method's first parameter on it.
   */
  declare readonly '~types': { readonly receive: In; readonly send: Out }
  /** the upgrade request: URL, headers, the params, its context */
  readonly request: SocketRequest<P>
  /** settles once the connection is closed, with its code and reason */
  readonly closed: Promise<CloseInfo>
  readonly #plan: SocketPlan
  readonly #peer: PeerLike
  readonly #queue: Received<In>[] = []
  readonly #topics = new Set<string>()
  readonly #subscriber: Subscriber = { deliver: (text) => this.#write(text) }
  #waiting: ((result: IteratorResult<Received<In>>) => void) | undefined
  #open = true
  #settle: (info: CloseInfo) => void = () => {}
  #windowStart = 0
  #windowCount = 0
  #lastActive = Date.now()
  #idleTimer: ReturnType<typeof setTimeout> | undefined
  /** messages whose (async) validation is still running: later ones wait for them, in order */
  #checking: Promise<void> | undefined
  /** how many messages `#checking` holds */
  #inCheck = 0

  /** @internal Made by fw for each accepted connection (./runtime.ts). */
  constructor(plan: SocketPlan, peer: PeerLike, request: SocketRequest<P>) {
    this.#plan = plan
    this.#peer = peer
    this.request = request
    this.closed = new Promise((resolve) => {
      this.#settle = resolve
    })
    this.#armIdle(plan.limits.idleTimeout)
  }

  /** Is the connection still open (neither side closed it)? */
  get open(): boolean {
    return this.#open
  }

  /** Send one message (JSON; checked against `send` in `debug`). False once the connection closed. */
  send(message: Sent<Out>): boolean {
    if (!this.#open) return false
    return this.#write(this.#serialise(message, 'send'))
  }

  /** Close with a code (default 1000) and a reason (≤ 123 bytes); the iteration ends. */
  close(code = 1000, reason = ''): void {
    checkClose(code, reason)
    this.#closeWith(code, reason)
  }

  /** Receive what is published to `topic` (by any socket of the service, in any process). */
  subscribe(topic: string): void {
    if (!this.#open || this.#topics.has(topic)) return
    this.#topics.add(topic)
    this.#plan.hub.subscribe(topic, this.#subscriber)
  }

  /** Stop receiving what is published to `topic`. */
  unsubscribe(topic: string): void {
    if (!this.#topics.delete(topic)) return
    this.#plan.hub.unsubscribe(topic, this.#subscriber)
  }

  /** Send `message` to every other subscriber of `topic` (every process, through the service's relay). */
  publish(topic: string, message: Sent<Out>): void {
    this.#plan.hub.publish(topic, this.#serialise(message, 'publish'), this.#subscriber)
  }

  [Symbol.asyncIterator](): AsyncIterator<Received<In>> {
    return {
      next: () => {
        if (this.#queue.length > 0)
          return Promise.resolve({ value: this.#queue.shift() as Received<In>, done: false })
        if (!this.#open) return Promise.resolve({ value: undefined, done: true })
        return new Promise((resolve) => {
          this.#waiting = resolve
        })
      },
      // `break` stops reading; the connection stays open until the method returns or closes it.
      return: () => Promise.resolve({ value: undefined, done: true }),
    }
  }

  /** @internal A message the peer received (text, or binary: refused with an error frame). */
  receive(data: string | Uint8Array): void {
    if (!this.#open) return
    const { limits } = this.#plan
    const now = Date.now()
    this.#lastActive = now
    if (now - this.#windowStart >= 1000) {
      this.#windowStart = now
      this.#windowCount = 0
    }
    if (++this.#windowCount > limits.messagesPerSecond)
      return this.#closeWith(1008, 'too many messages per second')
    const bytes =
      typeof data === 'string' ? textBytes(data, limits.maxMessageBytes) : data.byteLength
    if (bytes > limits.maxMessageBytes) return this.#closeWith(1009, 'message too big')
    if (typeof data !== 'string')
      return this.#reply(errorFrame(400, 'binary messages are not accepted: send JSON text'))
    let value: unknown
    try {
      value = parseJson(data, this.#plan.depth)
    } catch (error) {
      const reason = error instanceof HttpError ? error.message : 'invalid JSON'
      return this.#reply(errorFrame(400, reason.replace('JSON body', 'JSON message')))
    }
    if (value === undefined) return this.#reply(errorFrame(400, 'empty message: send JSON text'))
    // Messages still being checked (an async schema) count as unread: a slow check buffers no more.
    if (this.#queue.length + this.#inCheck >= limits.maxUnreadMessages)
      return this.#closeWith(1008, 'too many unread messages')
    const parsed = value
    const checking = this.#checking
    const checked = checking ? checking.then(() => this.#check(parsed)) : this.#check(value)
    if (!checked) return
    this.#inCheck++
    const chain: Promise<void> = checked.then(() => {
      this.#inCheck--
      if (this.#checking === chain) this.#checking = undefined
    })
    this.#checking = chain
  }

  /** @internal The peer closed (either side): the iteration ends, the topics are left. */
  closedBy(code: number | undefined, reason: string | undefined): void {
    if (this.#topics.size) for (const topic of this.#topics) this.unsubscribe(topic)
    if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer)
    this.#idleTimer = undefined
    this.#open = false
    this.#queue.length = 0
    const waiting = this.#waiting
    this.#waiting = undefined
    waiting?.({ value: undefined, done: true })
    this.#settle({ code: code ?? 1005, reason: reason ?? '' })
  }

  /** Validate one parsed message: queued, or answered with an error frame; a promise when async. */
  #check(value: unknown): Promise<void> | undefined {
    const checker = this.#plan.receive
    let result: unknown
    try {
      result = checker ? checker(value) : value
    } catch (error) {
      return void this.#reply(frameOf(error))
    }
    if (result instanceof Promise)
      return result.then(
        (settled: unknown) => this.#accept(settled),
        (error: unknown) => this.#reply(frameOf(error)),
      )
    this.#accept(result)
    return undefined
  }

  #accept(result: unknown): void {
    if (!this.#open) return
    if (result instanceof Invalid) return this.#reply(frameOf(result))
    const waiting = this.#waiting
    if (waiting) {
      this.#waiting = undefined
      return waiting({ value: result as Received<In>, done: false })
    }
    if (this.#queue.length >= this.#plan.limits.maxUnreadMessages)
      return this.#closeWith(1008, 'too many unread messages')
    this.#queue.push(result as Received<In>)
  }

  #reply(frame: ErrorFrame): void {
    if (this.#open) this.#write(JSON.stringify(frame))
  }

  #serialise(message: unknown, what: 'send' | 'publish'): string {
    const checker = this.#plan.send
    if (checker) {
      // a value the schema's conversion refuses throws (ConversionError): the same mismatch
      const fail = (checked: unknown): void => {
        if (!(checked instanceof Invalid || checked instanceof ConversionError)) return
        const at = checked.path.length ? ` at ${checked.path.join('.')}` : ''
        throw new TypeError(
          `${this.#plan.label}: socket.${what}() message does not match the send schema${at}: ${checked.reason}`,
        )
      }
      const thrown = (error: unknown): never => {
        fail(error)
        throw error
      }
      let result: unknown
      try {
        result = checker(message)
      } catch (error) {
        thrown(error)
      }
      if (result instanceof Promise) result.then(fail, thrown).catch(this.#plan.onError)
      else fail(result)
    }
    return this.#plan.stringify(message)
  }

  /** Write to the peer; a client that does not read (too much buffered) is closed, never buffered without bound. */
  #write(text: string): boolean {
    if (!this.#open) return false
    this.#lastActive = Date.now()
    this.#peer.send(text)
    if (this.#peer.bufferedAmount > this.#plan.limits.maxBufferedBytes) {
      this.#closeWith(1008, 'client too slow: too much buffered')
      return false
    }
    return true
  }

  #closeWith(code: number, reason: string): void {
    if (!this.#open) return
    this.#peer.close(code, reason)
    this.closedBy(code, reason)
  }

  /** Close after `idleTimeout` ms with no message either way: checked when due, re-armed for the rest. */
  #armIdle(delay: number): void {
    const limit = this.#plan.limits.idleTimeout
    if (limit <= 0) return
    const timer = setTimeout(() => {
      if (!this.#open) return
      const idle = Date.now() - this.#lastActive
      if (idle >= limit) this.#closeWith(1001, 'idle timeout')
      else this.#armIdle(limit - idle)
    }, delay)
    ;(timer as { unref?: () => void }).unref?.()
    this.#idleTimer = timer
  }
}
