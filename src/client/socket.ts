/**
 * The typed client's WebSocket connection (`client.chat.room.connect(input)`, docs/websocket.md,
 * "The typed client"): an async iterable of the server's messages (JSON), `send`, `close`, and
 * reconnection with backoff when asked. Any WHATWG-shaped `WebSocket` works: the global one
 * (browsers, Bun, Deno, Node ≥ 22) or the `ws` package's (Node 20).
 */
import { ClientError } from './error'

/**
 * The part of a WebSocket the client uses (the global one and the `ws` package's fit).
 *
 * @example
 * const socket: WebSocketLike = new WebSocket('ws://localhost:8000/api/chat/lobby')
 */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  addEventListener(
    type: 'open' | 'message' | 'close' | 'error',
    listener: (event: { data?: unknown; code?: number; reason?: string }) => void,
  ): void
}

/**
 * A WebSocket constructor: `globalThis.WebSocket`, or the `ws` package's `WebSocket` on Node 20.
 * The second argument carries headers (`{ headers }`) only when the call has some to send.
 *
 * @example
 * import WebSocket from 'ws'
 * createClient<typeof RootAPI>({ baseURL, WebSocket })
 */
export type WebSocketConstructor = new (
  url: string,
  init?: { headers: Record<string, string> },
) => WebSocketLike

/**
 * How a connection that drops is opened again.
 *
 * @example
 * await client.chat.room.connect({ room }, { reconnect: { retries: 5, backoff: (n) => 1000 * (n + 1) } })
 */
export interface ReconnectOptions {
  /** how many times in a row to try again (a connection that opens resets the count) */
  retries: number
  /** ms to wait before attempt `n` (0-based), or the first wait doubled at each attempt; default 500 ms doubled, at most 30 s */
  backoff?: number | ((attempt: number) => number)
}

/**
 * Options of `connect(input, options)`.
 *
 * @example
 * await client.chat.room.connect({ room: 'lobby' }, { reconnect: { retries: 5 }, onErrorFrame: console.warn })
 */
export interface ConnectOptions {
  /** reconnect when the connection drops (closed with a code other than 1000, or lost); nothing sent meanwhile is re-sent */
  reconnect?: ReconnectOptions
  /** extra headers of the upgrade request (sent where the WebSocket can send headers: Node, Bun, not browsers) */
  headers?: HeadersInit
  /** the server's error frames (`{ error: { status, message, issues } }`: a message it did not accept); not yielded */
  onErrorFrame?: (error: SocketErrorFrame['error']) => void
  /** messages received but not yet read kept at most (default 1024); one more closes the connection with 1008 */
  maxUnread?: number
}

/**
 * What the server sends for a message it does not accept (the socket stays open).
 *
 * @example
 * const onErrorFrame = (error: SocketErrorFrame['error']) => console.warn(error.message, error.issues)
 */
export interface SocketErrorFrame {
  error: { status: number; message: string; issues?: { path: unknown[]; message: string }[] }
}

/**
 * An open connection of a socket endpoint: `for await (const message of socket)` reads the
 * server's messages (typed by the endpoint's `send` schema, as JSON carries it), `send(message)`
 * sends one (typed by its `receive` schema). Breaking out of the loop stops reading; `close()`
 * closes.
 *
 * @example
 * const socket = await client.chat.room.connect({ room: 'lobby' })
 * socket.send({ text: 'hi' })
 * for await (const message of socket) console.log(message.from, message.text)
 */
export interface ClientSocket<Receives = unknown, Sends = unknown> extends AsyncIterable<Receives> {
  /** send one message as JSON; `false` when not open (closed, or reconnecting: nothing is queued) */
  send(message: Sends): boolean
  /** close with a code (default 1000) and reason; no reconnection follows, the loop ends */
  close(code?: number, reason?: string): void
  /** whether the connection is open now */
  readonly open: boolean
  /** settles once closed for good (after the last reconnection attempt), with the last close code and reason */
  readonly closed: Promise<{ code: number; reason: string }>
}

/** Where and how to connect, resolved by the client from the AsyncAPI document. */
export interface SocketTarget {
  /** the ws:// or wss:// URL */
  url: string
  headers: Headers
  WebSocket: WebSocketConstructor
  /** why an upgrade was refused: the HTTP answer of the same request (a `ClientError`) */
  refusal: () => Promise<ClientError>
}

const OPEN = 1
const DEFAULT_MAX_UNREAD = 1024
const MAX_BACKOFF = 30_000

/** The wait before reconnection attempt `attempt` (0-based). */
function waitBefore(reconnect: ReconnectOptions, attempt: number): number {
  const { backoff = 500 } = reconnect
  return typeof backoff === 'function'
    ? backoff(attempt)
    : Math.min(MAX_BACKOFF, backoff * 2 ** attempt)
}

/** A parsed message that is the server's error frame. */
function isErrorFrame(message: unknown): message is SocketErrorFrame {
  if (typeof message !== 'object' || message === null || Object.keys(message).length !== 1)
    return false
  const error = (message as { error?: unknown }).error
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}

/** A new WebSocket, with the headers where there are some (a browser cannot send them: said clearly). */
function open(target: SocketTarget): WebSocketLike {
  const headers = Object.fromEntries(target.headers)
  if (!Object.keys(headers).length) return new target.WebSocket(target.url)
  try {
    return new target.WebSocket(target.url, { headers })
  } catch (error) {
    throw new ClientError(
      `fw client: this WebSocket cannot send headers (${Object.keys(headers).join(', ')}): in a browser, authenticate a socket with a cookie or a query param (${String(error)})`,
      0,
      undefined,
      undefined,
    )
  }
}

/**
 * Open a connection to `target`; resolves once open, rejects with the upgrade's refusal (a
 * `ClientError` with the HTTP status and message the server answered).
 *
 * @example
 * const socket = await connectSocket(target, { reconnect: { retries: 3 } })
 */
export function connectSocket(
  target: SocketTarget,
  options: ConnectOptions = {},
): Promise<ClientSocket> {
  const unread: unknown[] = []
  const maxUnread = options.maxUnread ?? DEFAULT_MAX_UNREAD
  let waiting: ((result: IteratorResult<unknown>) => void) | undefined
  let current: WebSocketLike | undefined
  let closedByUser = false
  let finished = false
  let settle: (info: { code: number; reason: string }) => void = () => {}
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (settle = resolve))

  const finish = (code: number, reason: string): void => {
    if (finished) return
    finished = true
    settle({ code, reason })
    waiting?.({ value: undefined, done: true })
    waiting = undefined
  }
  const deliver = (data: unknown): void => {
    let message: unknown
    try {
      message = JSON.parse(String(data))
    } catch {
      return current?.close(1007, 'invalid JSON message')
    }
    if (isErrorFrame(message)) return options.onErrorFrame?.(message.error)
    if (waiting) {
      waiting({ value: message, done: false })
      waiting = undefined
    } else if (unread.length < maxUnread) unread.push(message)
    else current?.close(1008, 'too many unread messages')
  }

  /** One connection attempt: resolves once open; when it drops, reconnections count from 0 again. */
  const attach = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = open(target)
      current = socket
      let opened = false
      socket.addEventListener('open', () => {
        opened = true
        resolve()
      })
      // an error is followed by a close event, which decides; a listener keeps it from being thrown (the ws package)
      socket.addEventListener('error', () => {})
      socket.addEventListener('message', (event) => deliver(event.data))
      socket.addEventListener('close', (event) => {
        const code = event.code ?? 1006
        const reason = event.reason ?? ''
        if (!opened) return reject(Object.assign(new Error('refused'), { code, reason }))
        const { reconnect } = options
        if (closedByUser || code === 1000 || !reconnect || reconnect.retries < 1)
          return finish(code, reason)
        const retry = (next: number): void => {
          setTimeout(
            () => {
              attach().catch(() => {
                if (closedByUser) return finish(code, reason)
                if (next + 1 >= reconnect.retries) return finish(code, reason)
                retry(next + 1)
              })
            },
            waitBefore(reconnect, next),
          )
        }
        retry(0)
      })
    })

  const socket: ClientSocket = {
    send: (message) => {
      if (finished || current?.readyState !== OPEN) return false
      current.send(JSON.stringify(message))
      return true
    },
    close: (code = 1000, reason = '') => {
      closedByUser = true
      current?.close(code, reason)
      if (current?.readyState !== OPEN) finish(code, reason)
    },
    get open() {
      return !finished && current?.readyState === OPEN
    },
    closed,
    [Symbol.asyncIterator]: () => ({
      next: () => {
        if (unread.length) return Promise.resolve({ value: unread.shift(), done: false })
        if (finished) return Promise.resolve({ value: undefined, done: true })
        return new Promise<IteratorResult<unknown>>((resolve) => (waiting = resolve))
      },
      // `break` stops reading: the connection stays open until `close()`
      return: () => Promise.resolve({ value: undefined, done: true }),
    }),
  }
  return attach().then(
    () => socket,
    async (error: unknown) => {
      finished = true
      // the client's own refusal (a WebSocket that cannot send headers) says why; else ask the server
      if (error instanceof ClientError) throw error
      throw await target.refusal()
    },
  )
}
