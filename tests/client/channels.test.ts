/**
 * src/client/channels.ts: the typed client's socket routes read from the AsyncAPI document, the
 * document found beside the OpenAPI one, and a connection opened on ws:// or wss:// with the
 * server's answer when the upgrade is refused.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { asyncapiBeside, channelsOf, connectRoute } from '../../src/client/channels'
import type { WebSocketLike } from '../../src/client/socket'
import type { SocketContext } from '../../src/client/sockets'

describe('channelsOf', () => {
  it('makes one GET route per channel with a call name, its params and envelope', () => {
    const routes = channelsOf({
      channels: {
        room: { address: '/chat/{room}', 'x-fw-call': 'chat.room', 'x-fw-parameters': [{ name: 'room', in: 'path' }], 'x-fw-envelope': { resultKey: 'data' } },
        plain: { address: '/ticks', 'x-fw-call': 'ticks' },
        unnamed: { address: '/x' },
        noAddress: { 'x-fw-call': 'broken' },
        junk: 'text',
      },
    })
    expect([...routes.keys()]).toEqual(['chat.room', 'ticks'])
    expect(routes.get('chat.room')).toEqual({
      method: 'GET',
      path: '/chat/{room}',
      operation: { parameters: [{ name: 'room', in: 'path' }], 'x-fw-envelope': { resultKey: 'data' } },
    })
    expect(routes.get('ticks')?.operation).toEqual({ parameters: [] })
  })

  it('keeps the first channel of a name, and reads a document without channels as none', () => {
    const routes = channelsOf({ channels: { a: { address: '/a', 'x-fw-call': 'x' }, b: { address: '/b', 'x-fw-call': 'x' } } })
    expect(routes.get('x')?.path).toBe('/a')
    expect(channelsOf({} as never).size).toBe(0)
  })
})

describe('asyncapiBeside', () => {
  it('finds asyncapi.json where openapi.json is, query and fragment kept', () => {
    expect(asyncapiBeside('http://h/api/docs/openapi.json', 'unused')).toBe('http://h/api/docs/asyncapi.json')
    expect(asyncapiBeside('http://h/docs/openapi.json?v=2', 'unused')).toBe('http://h/docs/asyncapi.json?v=2')
    expect(asyncapiBeside({}, 'http://h/openapi.json')).toBe('http://h/asyncapi.json')
    expect(asyncapiBeside('http://h/openapi.json.bak', 'x')).toBe('http://h/openapi.json.bak')
  })
})

describe('connectRoute', () => {
  const opened: { url: string; socket: StubSocket }[] = []
  class StubSocket implements WebSocketLike {
    readyState = 0
    readonly #close: ((event: { code?: number }) => void)[] = []
    constructor(url: string) {
      opened.push({ url, socket: this })
    }
    addEventListener(type: string, listener: (event: { code?: number }) => void): void {
      if (type === 'close') this.#close.push(listener)
    }
    send(): void {}
    close(): void {}
    refuse(): void {
      for (const listener of this.#close) listener({ code: 1006 })
    }
  }
  const route = { method: 'GET', path: '/chat/{room}', operation: { parameters: [{ name: 'room', in: 'path' as const }] } }
  const contextWith = (baseURL: string, send: SocketContext['send']): SocketContext => ({ baseURL, headers: new Headers(), send, maxBytes: 1_000_000, WebSocket: StubSocket })

  afterEach(() => {
    opened.length = 0
  })

  it('opens ws:// for http and wss:// for https, the path params encoded', async () => {
    void connectRoute(contextWith('http://api.test/base', () => new Response(null, { status: 426 })), route, { room: 'a b' }).catch(() => {})
    void connectRoute(contextWith('https://api.test', () => new Response(null, { status: 426 })), route, { room: 'x' }).catch(() => {})
    expect(opened.map(({ url }) => url)).toEqual(['ws://api.test/base/chat/a%20b', 'wss://api.test/chat/x'])
  })

  it('rejects a refused upgrade with the server’s own answer to the same request over HTTP', async () => {
    const asked: string[] = []
    const send = (request: Request) => (asked.push(request.url), Response.json({ msg: 'Unauthorized: no token' }, { status: 401 }))
    const connecting = connectRoute(contextWith('https://api.test', send), route, { room: 'x' })
    opened[0]?.socket.refuse()
    const error = await connecting.catch((thrown: unknown) => thrown)
    expect(asked).toEqual(['https://api.test/chat/x'])
    expect(error).toMatchObject({ name: 'ClientError', status: 401 })
  })

  it('says the connection failed when the server answers 426 or not at all', async () => {
    const connecting = connectRoute(contextWith('http://api.test', () => new Response(null, { status: 426 })), route, { room: 'x' })
    opened[0]?.socket.refuse()
    await expect(connecting).rejects.toThrow('fw client: the WebSocket connection to /chat/{room} failed')
  })

  it('needs a WebSocket', () => {
    const context = { ...contextWith('http://api.test', () => new Response()), WebSocket: undefined }
    const saved = globalThis.WebSocket
    Reflect.deleteProperty(globalThis, 'WebSocket')
    try {
      expect(() => connectRoute(context, route, { room: 'x' })).toThrow(/no WebSocket here \(Node 20\): pass one, createClient\(\{ WebSocket \}\)/)
    } finally {
      if (saved) globalThis.WebSocket = saved
    }
  })
})
