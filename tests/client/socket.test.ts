/**
 * src/client/socket.ts: the typed client's WebSocket connection, on a stand-in WebSocket — messages
 * as an async iterable, error frames apart, invalid JSON and too many unread messages closing it,
 * a refused upgrade answered with the server's reason, reconnection with backoff, close.
 * Against real servers: tests/ws/typed-client.test.ts, tests/ws/typed-client-runtimes.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ClientSocket, connectSocket, type SocketTarget, type WebSocketLike } from '../../src/client/socket'
import { ClientError } from '../../src/client/error'

type Listener = (event: { data?: unknown; code?: number; reason?: string }) => void

/** A WebSocket stand-in the test drives: `accept()`, `receive()`, `drop()`. */
class FakeSocket implements WebSocketLike {
  static made: FakeSocket[] = []
  static refuseHeaders = false
  readyState = 0
  readonly sent: string[] = []
  closedWith: [number | undefined, string | undefined] | undefined
  readonly #listeners = new Map<string, Listener[]>()

  constructor(
    readonly url: string,
    readonly init?: { headers: Record<string, string> },
  ) {
    if (init && FakeSocket.refuseHeaders) throw new TypeError('headers not supported')
    FakeSocket.made.push(this)
  }

  addEventListener(type: string, listener: Listener): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener])
  }

  #emit(type: string, event: Parameters<Listener>[0] = {}): void {
    for (const listener of this.#listeners.get(type) ?? []) listener(event)
  }

  accept(): void {
    this.readyState = 1
    this.#emit('open')
  }

  receive(data: unknown): void {
    this.#emit('message', { data: typeof data === 'string' ? data : JSON.stringify(data) })
  }

  drop(code = 1006, reason = ''): void {
    this.readyState = 3
    this.#emit('close', { code, reason })
  }

  send(data: string): void {
    this.sent.push(data)
  }

  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason]
    this.drop(code ?? 1000, reason ?? '')
  }
}

const target = (headers: HeadersInit = {}): SocketTarget => ({
  url: 'ws://api.test/chat/lobby',
  headers: new Headers(headers),
  WebSocket: FakeSocket,
  refusal: async () => new ClientError('Unauthorized: token expired', 401, undefined, undefined),
})
/** Connects, and accepts the connection the client opened. */
async function connected(options: Parameters<typeof connectSocket>[1] = {}): Promise<{ socket: ClientSocket; server: FakeSocket }> {
  const connecting = connectSocket(target(), options)
  const server = FakeSocket.made.at(-1) as FakeSocket
  server.accept()
  return { socket: await connecting, server }
}

afterEach(() => {
  FakeSocket.made = []
  FakeSocket.refuseHeaders = false
  vi.useRealTimers()
})

describe('connectSocket', () => {
  it('yields the server’s messages in order, sends JSON, and ends when the server closes', async () => {
    const { socket, server } = await connected()
    expect(socket.open).toBe(true)
    expect(socket.send({ text: 'hi' })).toBe(true)
    expect(server.sent).toEqual(['{"text":"hi"}'])
    server.receive({ n: 1 })
    server.receive({ n: 2 })
    const received: unknown[] = []
    const reading = (async () => {
      for await (const message of socket) received.push(message)
    })()
    await Promise.resolve()
    server.receive({ n: 3 })
    server.drop(1000, 'bye')
    await reading
    expect(received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(await socket.closed).toEqual({ code: 1000, reason: 'bye' })
    expect(socket.send({})).toBe(false)
  })

  it('hands error frames to onErrorFrame, never to the loop', async () => {
    const frames: unknown[] = []
    const { socket, server } = await connected({ onErrorFrame: (error) => frames.push(error) })
    server.receive({ error: { status: 400, message: 'invalid message' } })
    server.receive({ error: 'not a frame' })
    server.drop(1000)
    const received: unknown[] = []
    for await (const message of socket) received.push(message)
    expect(frames).toEqual([{ status: 400, message: 'invalid message' }])
    expect(received).toEqual([{ error: 'not a frame' }])
  })

  it('closes with 1007 on invalid JSON and 1008 past the unread limit', async () => {
    const invalid = await connected()
    invalid.server.receive('{not json')
    expect(invalid.server.closedWith).toEqual([1007, 'invalid JSON message'])
    const flooded = await connected({ maxUnread: 2 })
    for (let n = 0; n < 3; n++) flooded.server.receive({ n })
    expect(flooded.server.closedWith).toEqual([1008, 'too many unread messages'])
  })

  it('answers a refused upgrade with the server’s own reason', async () => {
    const connecting = connectSocket(target())
    ;(FakeSocket.made.at(-1) as FakeSocket).drop(1006)
    await expect(connecting).rejects.toThrow('Unauthorized: token expired')
  })

  it('sends headers where the WebSocket can, and says so where it cannot', async () => {
    const connecting = connectSocket(target({ authorization: 'Bearer t' }))
    const server = FakeSocket.made.at(-1) as FakeSocket
    expect(server.init).toEqual({ headers: { authorization: 'Bearer t' } })
    server.accept()
    await connecting
    FakeSocket.refuseHeaders = true
    await expect(connectSocket(target({ authorization: 'Bearer t' }))).rejects.toThrow(/this WebSocket cannot send headers \(authorization\)/)
  })

  it('closes on request with a code and reason, ending the loop and refusing sends', async () => {
    const { socket, server } = await connected()
    socket.close(4000, 'done')
    expect(server.closedWith).toEqual([4000, 'done'])
    expect(await socket.closed).toEqual({ code: 4000, reason: 'done' })
    expect(socket.open).toBe(false)
    expect(await socket[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true })
  })

  it('reconnects after a drop with backoff, and gives up after its retries', async () => {
    vi.useFakeTimers()
    const { socket, server } = await connected({ reconnect: { retries: 2, backoff: 100 } })
    server.drop(1006)
    expect(FakeSocket.made).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(FakeSocket.made).toHaveLength(2)
    ;(FakeSocket.made[1] as FakeSocket).accept()
    await vi.advanceTimersByTimeAsync(0)
    expect(socket.open).toBe(true)
    ;(FakeSocket.made[1] as FakeSocket).drop(1011)
    await vi.advanceTimersByTimeAsync(100)
    ;(FakeSocket.made[2] as FakeSocket).drop(1006)
    await vi.advanceTimersByTimeAsync(200)
    ;(FakeSocket.made[3] as FakeSocket).drop(1006)
    await vi.advanceTimersByTimeAsync(0)
    expect(await socket.closed).toEqual({ code: 1011, reason: '' })
    expect(FakeSocket.made).toHaveLength(4)
  })
})
