/**
 * Graceful shutdown, the same on every runtime: count the requests in
 * flight, keep the open event streams (SSE) so closing can end them, and
 * close a server in order — stop accepting, end the streams, wait for the
 * last request, cut the rest after the timeout.
 */
import { eventStreamOf, type EventStreamHandle } from '../response/sse'
import type { FetchHandler } from '../types'
import { deadline } from '../utils/deadline'
import { DEFAULT_CLOSE_TIMEOUT, type CloseOptions, type Started } from './types'

/**
 * Call `fetch(request, env)` and hand its response to `send(to, response)`, or what it threw or
 * rejected with to `fail(to, error)` (`to` is what the caller writes to: a Node response, …).
 */
export type HandOn = <T>(
  fetch: FetchHandler,
  request: Request,
  env: unknown,
  to: T,
  send: (to: T, response: Response) => void,
  fail: (to: T, error: unknown) => void,
) => void

/**
 * In-flight requests and open event streams of one server (or service).
 *
 * @example
 * const tracker = new Tracker()
 * Bun.serve({ fetch: tracker.track(service.fetch) })
 */
export class Tracker {
  #active = 0
  #streams = new Set<EventStreamHandle>()
  #closing = false
  #idle: (() => void)[] = []

  /** whether `close` started: event streams opened from now on end at once */
  get closing(): boolean {
    return this.#closing
  }

  /** `fetch` counted: in flight from the call until its response (or error) is there. */
  track(fetch: FetchHandler): FetchHandler {
    const counted = (
      request: Request,
      env?: unknown,
      ctx?: unknown,
    ): Response | Promise<Response> => this.call(fetch, request, env, ctx)
    return Object.assign(counted, { [COUNTED]: { tracker: this, fetch } })
  }

  /** `answer` for a fetch this tracker counts (see `track`): the count and the hand-on in one promise step. */
  readonly answer: HandOn = (fetch, request, env, to, send, fail) => {
    this.#active++
    handOn(
      fetch,
      request,
      env,
      to,
      (at, response) => send(at, this.#settled(response)),
      (at, error) => {
        this.#done()
        fail(at, error)
      },
    )
  }

  /** Call `fetch` counted (see `track`). */
  call(
    fetch: FetchHandler,
    request: Request,
    env?: unknown,
    ctx?: unknown,
  ): Response | Promise<Response> {
    this.#active++
    let result: Response | Promise<Response>
    try {
      result = fetch(request, env, ctx)
    } catch (error) {
      this.#done()
      throw error
    }
    if (!(result instanceof Promise)) return this.#settled(result)
    return result.then(this.#onResponse, this.#onError)
  }

  // Made once, not per request.
  readonly #onResponse = (response: Response): Response => this.#settled(response)
  readonly #onError = (error: unknown): never => {
    this.#done()
    throw error
  }

  #settled(response: Response): Response {
    this.#done()
    const stream = eventStreamOf(response)
    if (stream) {
      if (this.#closing) stream.end()
      else {
        this.#streams.add(stream)
        void stream.ended.then(() => this.#streams.delete(stream))
      }
    }
    return response
  }

  #done(): void {
    if (--this.#active === 0 && this.#idle.length > 0)
      for (const wake of this.#idle.splice(0)) wake()
  }

  /** Start closing: end every open event stream. */
  drain(): void {
    this.#closing = true
    for (const stream of this.#streams) stream.end()
  }

  /** Settles when no request is in flight and every ended stream has closed its iterator. */
  async idle(): Promise<void> {
    if (this.#active > 0) await new Promise<void>((resolve) => this.#idle.push(resolve))
    await Promise.all([...this.#streams].map((stream) => stream.ended))
  }
}

/** A fetch counted by `Tracker.track` carries its tracker and the fetch it counts under this key. */
const COUNTED = Symbol('fw.counted')

/**
 * Call `fetch` (counted by a `Tracker` or not) with `request` and `env`, and
 * hand its response to `send(to, response)`, or what it threw or rejected
 * with to `fail(to, error)`: one promise step for an answer not ready at
 * once (a counted fetch's own step included), none for one that is.
 *
 * @example
 * answer(fetch, request, { incoming, outgoing }, outgoing, write, writeFailure)
 */
export const answer: HandOn = (fetch, request, env, to, send, fail) => {
  const counted = (fetch as { [COUNTED]?: { tracker: Tracker; fetch: FetchHandler } })[COUNTED]
  if (counted) counted.tracker.answer(counted.fetch, request, env, to, send, fail)
  else handOn(fetch, request, env, to, send, fail)
}

/** `fetch(request, env)`'s response to `send`, what it threw or rejected with to `fail`: at once, or in one promise step. */
const handOn: HandOn = (fetch, request, env, to, send, fail) => {
  let result: Response | Promise<Response>
  try {
    result = fetch(request, env)
  } catch (error) {
    return fail(to, error)
  }
  if (!(result instanceof Promise)) return send(to, result)
  result.then(
    (response) => send(to, response),
    (error: unknown) => fail(to, error),
  )
}

/** What a runtime or framework server gives `graceful()`: how to stop it nicely, and how to cut what is left. */
export type ServerHandle = Started['handle']

/** `promise` settled within `ms`: true, or false on timeout (utils/deadline.ts, the one timeout). */
export function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return deadline(
    promise.then(
      () => true,
      () => true,
    ),
    ms,
    () => false,
  )
}

/** How long the server gets to let go of its connections once they were cut. */
const AFTER_FORCE_MS = 1000

/**
 * The graceful `close({ timeout })` of a server: stop accepting, end the
 * event streams, wait (up to `timeout`) for the in-flight requests and the
 * server's connections, then cut what is left. Closing twice closes once.
 *
 * @example
 * const close = graceful({ stop: () => server.shutdown(), force: () => {} }, tracker)
 * await close({ timeout: 5000 })
 */
export function graceful(
  handle: ServerHandle,
  tracker: Tracker,
): (options?: CloseOptions) => Promise<void> {
  let closed: Promise<void> | undefined
  return (options = {}) =>
    (closed ??= (async () => {
      const timeout = options.timeout ?? DEFAULT_CLOSE_TIMEOUT
      const stopped = handle.stop()
      tracker.drain()
      if (await within(Promise.all([stopped, tracker.idle()]), timeout)) return
      handle.force()
      await within(stopped, AFTER_FORCE_MS)
    })())
}
