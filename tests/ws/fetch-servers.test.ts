/**
 * src/ws/fetch-servers.ts: WebSockets on the fetch-handler servers — `bunSockets` (`Bun.serve`'s
 * `fetch` and `websocket`) and `denoSockets` (`Deno.upgradeWebSocket`): a request asking for a
 * WebSocket answered by fw's fetch first, upgraded when accepted, other requests served as they
 * are, and the server's open sockets closed with 1001 by `close()`. In-process: the crossws adapters
 * run against a fake `Bun` server (`upgrade()`, a `ServerWebSocket` look-alike) and a fake
 * `Deno.upgradeWebSocket`, set as globals only while a test needs them.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api, Fw } from 'fw-api'
import { ws } from 'fw-api/ws'
import { bunSockets, denoSockets } from '../../src/ws/fetch-servers'
import { MAX_MESSAGE_BYTES_CAP } from '../../src/ws/options'

class EchoAPI extends api.API {
  @ws.socket('echo', {}, { protocols: ['echo.v1'] })
  async echo(socket: ws.Socket) {
    for await (const message of socket) socket.send({ echo: message })
  }

  @api.get
  hello() {
    return 'hello'
  }
}

const service = new Fw({ api: EchoAPI })
const holder = globalThis as { Bun?: unknown; Deno?: unknown }

beforeAll(async () => {
  // built before a fake runtime global exists: the service's runtime traits are Node's
  expect((await service.fetch(new Request('http://x/hello'))).status).toBe(200)
})
afterEach(() => {
  delete holder.Bun
  delete holder.Deno
})

function handshake(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://x${path}`, {
    headers: { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', ...headers },
  })
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 5))

/** A `ServerWebSocket` look-alike for crossws's Bun adapter. */
function bunWebSocket(data: unknown) {
  const socket = {
    data,
    sent: [] as unknown[],
    closes: [] as [number | undefined, string | undefined][],
    remoteAddress: '127.0.0.1',
    send: (message: unknown) => void socket.sent.push(message),
    close: (code?: number, reason?: string) => void socket.closes.push([code, reason]),
    getBufferedAmount: () => 0,
    subscribe: () => undefined,
    unsubscribe: () => undefined,
  }
  return socket
}

type BunHandlers = { open(socket: unknown): void; message(socket: unknown, message: unknown): void; close(socket: unknown, code: number, reason: string): void }

describe('bunSockets', () => {
  /** `bunSockets(service.fetch)` (the crossws adapter wants a `Bun` global) and a fake server recording its upgrades. */
  function bunServing(upgrades = true) {
    holder.Bun = {}
    const sockets = bunSockets(service.fetch)
    const asked: { request: Request; options: { data: unknown; headers: Headers } }[] = []
    const server = {
      upgrade: (request: Request, options: { data: unknown; headers: Headers }) => (asked.push({ request, options }), upgrades),
    }
    return { sockets, server, asked, websocket: sockets.websocket as BunHandlers & { maxPayloadLength: number; perMessageDeflate: boolean } }
  }

  it('serves a request that does not ask for a WebSocket with fw’s fetch', async () => {
    const { sockets, server, asked } = bunServing()
    const response = await sockets.fetch(new Request('http://x/hello'), server)
    expect(await response.json()).toBe('hello')
    expect(asked).toEqual([])
  })

  it('answers a refused upgrade over HTTP, never asking Bun to upgrade it', async () => {
    const { sockets, server, asked } = bunServing()
    const notFound = await sockets.fetch(handshake('/nowhere'), server)
    expect(notFound.status).toBe(404)
    const badVersion = await sockets.fetch(handshake('/echo', { 'sec-websocket-version': '12' }), server)
    expect(badVersion.status).toBe(426)
    expect(asked).toEqual([])
  })

  it('upgrades an accepted one with the 101’s headers (the subprotocol), then runs the endpoint on the socket', async () => {
    const { sockets, server, asked, websocket } = bunServing()
    const answer = await sockets.fetch(handshake('/echo', { 'sec-websocket-protocol': 'echo.v1' }), server)
    expect(answer).toBeUndefined() // Bun answers 101 itself
    expect(asked).toHaveLength(1)
    expect(asked[0]?.options.headers.get('sec-websocket-protocol')).toBe('echo.v1')
    const socket = bunWebSocket(asked[0]?.options.data)
    websocket.open(socket)
    websocket.message(socket, '{"a":1}')
    await settled()
    expect(socket.sent.map(String)).toEqual(['{"echo":{"a":1}}'])
    sockets.close()
    expect(socket.closes).toEqual([[1001, 'server closing']])
  })

  it('is a 500 when Bun could not upgrade', async () => {
    const { sockets, server } = bunServing(false)
    const response = await sockets.fetch(handshake('/echo'), server)
    expect(response.status).toBe(500)
  })

  it('bounds Bun’s messages at the 16 MiB cap, without compression (each endpoint checks its own limit)', () => {
    const { websocket } = bunServing()
    expect(websocket.maxPayloadLength).toBe(MAX_MESSAGE_BYTES_CAP)
    expect(websocket.perMessageDeflate).toBe(false)
  })
})

describe('denoSockets', () => {
  /** A `Deno` global whose `upgradeWebSocket` gives an EventTarget socket (or throws `refusal`). */
  function fakeDeno(refusal?: Error) {
    const upgrades: { request: Request; options: { protocol: string; headers: Headers } }[] = []
    const sockets: (EventTarget & { sent: unknown[]; closes: [number | undefined, string | undefined][] })[] = []
    holder.Deno = {
      env: { get: () => undefined },
      upgradeWebSocket: (request: Request, options: { protocol: string; headers: Headers }) => {
        if (refusal) throw refusal
        upgrades.push({ request, options })
        const socket = Object.assign(new EventTarget(), {
          sent: [] as unknown[],
          closes: [] as [number | undefined, string | undefined][],
          send: (data: unknown) => void socket.sent.push(data),
          close: (code?: number, reason?: string) => void socket.closes.push([code, reason]),
        })
        sockets.push(socket)
        return { socket, response: new Response(null, { status: 200, headers: { 'x-upgraded': 'yes' } }) }
      },
    }
    return { upgrades, sockets }
  }

  const info = { remoteAddr: { hostname: '127.0.0.1', port: 5000, transport: 'tcp' } }

  it('serves a request that does not ask for a WebSocket with fw’s fetch, refusals over HTTP', async () => {
    const { upgrades } = fakeDeno()
    const { fetch } = denoSockets(service.fetch)
    expect(await (await fetch(new Request('http://x/hello'), info)).json()).toBe('hello')
    expect((await fetch(handshake('/nowhere'), info)).status).toBe(404)
    expect(upgrades).toEqual([])
  })

  it('upgrades an accepted one with Deno.upgradeWebSocket (the chosen subprotocol), and runs the endpoint on its socket', async () => {
    const { upgrades, sockets } = fakeDeno()
    const serving = denoSockets(service.fetch)
    const response = await serving.fetch(handshake('/echo', { 'sec-websocket-protocol': 'echo.v1' }), info)
    expect(response.headers.get('x-upgraded')).toBe('yes')
    expect(upgrades[0]?.options.protocol).toBe('echo.v1')
    const socket = sockets[0]
    if (!socket) throw new Error('no socket')
    socket.dispatchEvent(new Event('open'))
    socket.dispatchEvent(new MessageEvent('message', { data: '"hi"' }))
    await settled()
    expect(socket.sent.map(String)).toEqual(['{"echo":"hi"}'])
    serving.close()
    expect(socket.closes).toEqual([[1001, 'server closing']])
  })

  it('answers 400, naming Deno’s reason, when Deno refuses what fw accepted', async () => {
    fakeDeno(new TypeError('Protocol not supported'))
    const { fetch } = denoSockets(service.fetch)
    const response = await fetch(handshake('/echo', { 'sec-websocket-protocol': 'x,echo.v1' }), info)
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('the WebSocket upgrade was refused: Protocol not supported')
  })
})
