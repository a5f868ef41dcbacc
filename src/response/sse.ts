/**
 * One server-sent event; a plain string (or any other value) yielded is sent as `data` alone.
 *
 * @example
 * response.sse([{ event: 'tick', id: '1', data: { n: 1 } } satisfies response.SSEEvent])
 */
export interface SSEEvent {
  data: unknown
  event?: string
  id?: string
  /** reconnection time in ms */
  retry?: number
}

/**
 * Options of `response.sse(...)`.
 *
 * @example
 * response.sse(ticks(), { retry: 1000, heartbeat: 15_000 })
 */
export interface SSEOptions {
  /** sent first as `retry:` (the client's reconnection delay, ms) */
  retry?: number
  /** ms between `: heartbeat` comments while the source is idle (keeps proxies from closing the stream) */
  heartbeat?: number
  /** extra response headers */
  headers?: HeadersInit
}

/**
 * Where a response from `sse()` carries its handle, so a server closing
 * gracefully can end the stream (its iterator's `return()` runs).
 */
export const EVENT_STREAM: unique symbol = Symbol.for('fw.eventStream') as never

/** What `response[EVENT_STREAM]` holds. */
export interface EventStreamHandle {
  /** end the stream cleanly (the client sees its end) and close the iterator */
  end(): void
  /** settles once the stream is over, its iterator closed */
  readonly ended: Promise<void>
}

/**
 * The event-stream handle of a response from `sse()`, if it is one.
 *
 * @example
 * eventStreamOf(response.sse([1, 2]))?.end()
 */
export function eventStreamOf(response: globalThis.Response): EventStreamHandle | undefined {
  const handle: unknown = Reflect.get(response, EVENT_STREAM)
  return handle === undefined ? undefined : (handle as EventStreamHandle)
}

const encoder = /* @__PURE__ */ new TextEncoder()
const EVENT_KEYS = new Set(['data', 'event', 'id', 'retry'])

/** An event's field value on one line: no CR/LF may break the framing. */
function field(name: string, value: string): string {
  return `${name}: ${value.replace(/[\r\n]+/g, ' ')}\n`
}

function isEvent(value: unknown): value is SSEEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    'data' in value &&
    Object.keys(value).every((key) => EVENT_KEYS.has(key))
  )
}

/**
 * Frame one item per the HTML standard: `event:`/`id:`/`retry:` lines, then
 * one `data:` line per line of the data (strings as they are, other values as
 * JSON), then a blank line.
 *
 * @example
 * frame({ event: 'tick', data: { n: 1 } }) // 'event: tick\ndata: {"n":1}\n\n'
 */
function frame(item: unknown): string {
  const event: SSEEvent = isEvent(item) ? item : { data: item }
  let out = ''
  if (event.event !== undefined) out += field('event', event.event)
  if (event.id !== undefined) out += field('id', event.id)
  if (event.retry !== undefined) out += field('retry', String(Math.trunc(event.retry)))
  const text = typeof event.data === 'string' ? event.data : (JSON.stringify(event.data) ?? 'null')
  for (const line of text.split(/\r\n|\r|\n/)) out += `data: ${line}\n`
  return `${out}\n`
}

/**
 * The `Response` of `response.sse(...)`: `text/event-stream`; the typed
 * client gives its body, a stream of the events' bytes.
 *
 * @example
 * ticks(): response.EventStream { return response.sse(source) }
 */
export type EventStream = globalThis.Response & { readonly '~events'?: true }

/**
 * Answer with a `text/event-stream` of the items of an (async) iterable. The
 * iterator is closed (`return()`) when the client disconnects; heartbeats keep
 * an idle stream open.
 *
 * @example
 * @api.get
 * ticks() {
 *   return response.sse((async function* () { for (let n = 1; n <= 3; n++) yield { event: 'tick', data: { n } } })(), { retry: 1000, heartbeat: 15000 })
 * }
 */
export function sse(
  source: AsyncIterable<unknown> | Iterable<unknown>,
  options: SSEOptions = {},
): EventStream {
  const iterator: AsyncIterator<unknown> | Iterator<unknown> =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<unknown>)[Symbol.asyncIterator]()
      : (source as Iterable<unknown>)[Symbol.iterator]()
  let timer: ReturnType<typeof setInterval> | undefined
  let closed = false
  let markEnded = (): void => {}
  const ended = new Promise<void>((resolve) => (markEnded = resolve))
  const stop = (): void => {
    closed = true
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  /** Close the iterator once, whoever ends the stream. */
  const release = async (): Promise<void> => {
    try {
      await iterator.return?.()
    } finally {
      markEnded()
    }
  }
  let end = (): void => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      end = () => {
        if (closed) return
        stop()
        try {
          controller.close()
        } catch {
          // already closed or errored
        }
        void release().catch(() => {})
      }
      if (options.retry !== undefined)
        controller.enqueue(encoder.encode(`retry: ${Math.trunc(options.retry)}\n\n`))
      if (options.heartbeat && options.heartbeat > 0) {
        timer = setInterval(() => {
          if (!closed) controller.enqueue(encoder.encode(': heartbeat\n\n'))
        }, options.heartbeat)
      }
    },
    async pull(controller) {
      try {
        const next = await iterator.next()
        if (closed) return
        if (next.done) {
          stop()
          controller.close()
          markEnded()
          return
        }
        controller.enqueue(encoder.encode(frame(next.value)))
      } catch (error) {
        stop()
        controller.error(error)
        markEnded()
      }
    },
    async cancel() {
      if (closed) return
      stop()
      await release()
    },
  })
  const headers = new Headers(options.headers)
  headers.set('content-type', 'text/event-stream; charset=utf-8')
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-cache')
  headers.set('x-accel-buffering', 'no')
  const response = new globalThis.Response(body, { status: 200, headers })
  const handle: EventStreamHandle = { end: () => end(), ended }
  Object.defineProperty(response, EVENT_STREAM, { value: handle })
  return response
}
