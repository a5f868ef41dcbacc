/**
 * SPEC §16 "The typed client" on Node over real HTTP (`service.run()`, the `ws` package as the
 * WebSocket: Node 20 has no global one): `client.chat.room.connect({ room })` routes through the
 * AsyncAPI document, reads typed messages, sends typed ones, sees publishes from another socket
 * of the room, hands error frames to `onErrorFrame`; a refused upgrade rejects with the server's
 * status and message (400 for a bad param, 401 without the token); `reconnect` opens a dropped
 * connection again after its backoff and re-sends nothing.
 *
 *   npx vitest run tests/ws/typed-client.test.ts --typecheck.enabled=false
 */
import 'fw-api/serve'
import 'fw-api/client/ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { RunningServer } from 'fw-api'
import { ClientError, createClient, type ClientSocket, type WebSocketConstructor } from 'fw-api/client'
import { service, type RootAPI } from './fixtures/typed'

let server: RunningServer
let baseURL: string
beforeAll(async () => {
  server = await service.run({ port: 0, signals: false })
  baseURL = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.close({ timeout: 2000 }))

const NodeWebSocket = WebSocket as unknown as WebSocketConstructor
const clientOf = (bearer?: string) =>
  createClient<typeof RootAPI>({ baseURL, route: '/api', WebSocket: NodeWebSocket, ...(bearer ? { auth: { bearer } } : {}) })

/** The next message of a socket's iteration, or a rejection after `ms`. */
async function next<T>(socket: ClientSocket<T, unknown>, ms = 5000): Promise<T | undefined> {
  const iterator = socket[Symbol.asyncIterator]()
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms))
  const result = await Promise.race([iterator.next(), timeout])
  return result.done ? undefined : result.value
}

describe('the typed client on Node', () => {
  it('connects with typed params, reads and sends typed messages, sees the room', async () => {
    const client = clientOf()
    const ann = await client.chat.room.connect({ room: 'lobby', name: 'ann' })
    const bob = await client.chat.room.connect({ room: 'lobby', name: 'bob' })
    expect(ann.open).toBe(true)
    expect(await next(ann)).toEqual({ from: 'server', text: 'welcome ann to lobby', at: '1970-01-01T00:00:00.000Z' })
    expect(await next(bob)).toEqual({ from: 'server', text: 'welcome bob to lobby', at: '1970-01-01T00:00:00.000Z' })
    expect(ann.send({ text: 'hello' })).toBe(true)
    expect(await next(ann)).toMatchObject({ from: 'ann', text: 'hello' }) // the echo
    expect(await next(bob)).toMatchObject({ from: 'ann', text: 'hello' }) // the publish
    ann.close()
    expect(await ann.closed).toEqual({ code: 1000, reason: '' })
    expect(ann.send({ text: 'late' })).toBe(false)
    bob.close()
  })

  it('for await reads until the connection closes; the HTTP calls beside work', async () => {
    const client = clientOf()
    expect(await client.chat.rooms()).toEqual(['lobby'])
    const socket = await client.chat.room.connect({ room: 'loop' })
    const seen: string[] = []
    for await (const message of socket) {
      seen.push(message.text)
      if (seen.length === 1) socket.send({ text: 'one' })
      else socket.close()
    }
    expect(seen).toEqual(['welcome anon to loop', 'one'])
  })

  it('hands error frames to onErrorFrame and keeps the socket', async () => {
    const frames: unknown[] = []
    const socket = await clientOf().chat.room.connect({ room: 'lobby' }, { onErrorFrame: (error) => frames.push(error) })
    await next(socket)
    // @ts-expect-error: not the receive schema's shape, sent anyway
    socket.send({ body: 'x' })
    socket.send({ text: 'after' })
    expect(await next(socket)).toMatchObject({ text: 'after' })
    expect(frames).toEqual([expect.objectContaining({ status: 400, message: 'invalid message' })])
    expect(socket.open).toBe(true)
    socket.close()
  })

  it('a refused upgrade rejects with the status and message the server answered', async () => {
    const refused = await clientOf().chat.room.connect({ room: 'Not a slug!' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ClientError)
    expect(refused).toMatchObject({ status: 400 })
    const unauthorized = await clientOf().chat.secret.connect().catch((error: unknown) => error)
    expect(unauthorized).toBeInstanceOf(ClientError)
    expect(unauthorized).toMatchObject({ status: 401, message: expect.stringContaining('no valid token') })
    const allowed = await clientOf('letmein').chat.secret.connect()
    expect(await next(allowed)).toEqual({ n: 42 })
    allowed.close()
  })

  it('a path param that would leave its endpoint is refused before anything is sent', async () => {
    await expect(clientOf().chat.room.connect({ room: '..' })).rejects.toMatchObject({ status: 0 })
  })

  it('reconnects with backoff when asked, re-sending nothing; without it the iteration ends', async () => {
    const client = clientOf()
    const once = await client.chat.flaky.connect({ key: 'once' })
    expect(await next(once)).toEqual({ n: 1 })
    expect(await once.closed).toEqual({ code: 1001, reason: 'going away' })
    expect(await next(once)).toBeUndefined()
    expect(once.send({ anything: true })).toBe(false)

    const started = Date.now()
    const socket = await client.chat.flaky.connect({ key: 'again', drop: 2 }, { reconnect: { retries: 3, backoff: 50 } })
    expect([await next(socket), await next(socket), await next(socket)]).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    expect(Date.now() - started).toBeGreaterThanOrEqual(95) // 50 ms before each reconnection (each drop follows an open: the count restarts)
    expect(socket.open).toBe(true)
    socket.close()
    expect(await socket.closed).toEqual({ code: 1000, reason: '' })
  })

  it('a reconnection that opens resets the count: each drop gets its retries again', async () => {
    const socket = await clientOf().chat.flaky.connect({ key: 'reset', drop: 2 }, { reconnect: { retries: 1, backoff: 10 } })
    expect([await next(socket), await next(socket), await next(socket)]).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    socket.close()
  })

  it('retries exhausted: closed settles with the last close and the loop ends', async () => {
    const socket = await clientOf().chat.flaky.connect({ key: 'gone', drop: 99 }, { reconnect: { retries: 0 } })
    expect(await next(socket)).toEqual({ n: 1 })
    expect(await socket.closed).toEqual({ code: 1001, reason: 'going away' })
    expect(await next(socket)).toBeUndefined()
  })

})
