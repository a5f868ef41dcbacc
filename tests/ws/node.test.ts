/**
 * SPEC §16 on Node in one process (`service.run()`): plugins see the upgrade request (a header
 * on the 101, a 429 refusal), Origin checked like CORS (the plugin's origins, an explicit
 * `origins`), any Standard Schema library validating messages (zod, async checks kept in order),
 * `send` checked in `debug`, fetch without a server that can upgrade (501), the endpoint metadata
 * (`ws.routes`), declaration mistakes refused, and 1,000 sockets receiving one publish.
 *
 *   npx vitest run tests/ws/node.test.ts --typecheck.enabled=false
 */
import 'fw-api/serve'
import net from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, exceptions, Fw, plugins, request, type RunningServer } from 'fw-api'
import { ws } from 'fw-api/ws'
import * as v from 'valibot'
import { z } from 'zod'
import { connect, refusal, type TestSocket } from './client'

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close({ timeout: 2000 })))
})

async function serve(service: Fw): Promise<string> {
  const server = await service.run({ port: 0, signals: false })
  servers.push(server)
  return `ws://127.0.0.1:${server.port}`
}

const Text = v.object({ text: v.string() })

class EchoAPI extends api.API {
  @ws.socket({}, { receive: Text, send: Text })
  async echo(socket: ws.Socket<typeof Text, typeof Text>) {
    for await (const message of socket) socket.send({ text: message.text })
  }

  @ws.socket('whoami', {})
  async whoami(socket: ws.Socket) {
    socket.send({ ip: this.request.ip, params: socket.request.params, user: socket.request.user ?? null })
  }

  @ws.socket('fanout', {})
  async fanout(socket: ws.Socket) {
    socket.subscribe('all')
    socket.send({ ready: true })
    for await (const message of socket) socket.publish('all', message)
  }
}

const HANDSHAKE = {
  upgrade: 'websocket',
  connection: 'Upgrade',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'sec-websocket-version': '13',
}

describe('the upgrade request goes through the service', () => {
  it('plugins see it: a response header reaches the 101, a plugin refusal (429) is the HTTP answer', async () => {
    const seen: string[] = []
    class Stamp extends api.Plugin {
      override processRequest(request: Request) {
        seen.push(request.headers.get('upgrade') ?? '')
        if (request.url.includes('limited')) return new Response('slow down', { status: 429 })
      }
      override processResponse(response: Response) {
        const stamped = new Response(response.body, response)
        stamped.headers.set('x-stamp', 'fw')
        return stamped
      }
    }
    const base = await serve(new Fw({ api: EchoAPI, route: '/api' }).use(new Stamp()))
    const opened = await connect(`${base}/api/echo`)
    expect(opened.headers['x-stamp']).toBe('fw')
    opened.send({ text: 'hi' })
    expect(await opened.next()).toEqual({ text: 'hi' })
    opened.socket.close()
    const limited = await refusal(`${base}/api/echo?limited=1`)
    expect(limited).toMatchObject({ status: 429, body: 'slow down' })
    expect(seen).toEqual(['websocket', 'websocket'])
  })

  it('the client address is the upgrade request\'s (this.request.ip)', async () => {
    const base = await serve(new Fw({ api: EchoAPI, route: '/api' }))
    const client = await connect(`${base}/api/whoami`)
    expect(await client.next()).toEqual({ ip: '127.0.0.1', params: {}, user: null })
  })

  it('fetch called by a server that cannot upgrade: 501 for a handshake, 426 without one', async () => {
    const service = new Fw({ api: EchoAPI, route: '/api' })
    const handshake = await service.fetch(new Request('http://x/api/echo', { headers: HANDSHAKE }))
    expect(handshake.status).toBe(501)
    const plain = await service.fetch(new Request('http://x/api/echo'))
    expect(plain.status).toBe(426)
    expect(plain.headers.get('upgrade')).toBe('websocket')
    const broken = await service.fetch(
      new Request('http://x/api/echo', { headers: { ...HANDSHAKE, 'sec-websocket-key': 'short' } }),
    )
    expect(broken.status).toBe(400)
  })
})

/** One raw HTTP/1.1 exchange; the answer's status line and body. */
const exchange = (port: number, head: string, body = ''): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(`${head}\r\n\r\n${body}`))
    let answer = ''
    socket.on('data', (chunk) => void (answer += chunk.toString()))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })


describe('other upgrades (h2c) on Node are answered as HTTP', () => {
  class BodyAPI extends api.API {
    @api.post({ data: request.Body(v.object({ a: v.number() })) })
    post({ data }: { data: { a: number } }) {
      return data
    }
  }
  it('a POST with Upgrade: h2c gets its body read and answered; chunked is 411, too large 413', async () => {
    const port = Number(new URL((await serve(new Fw({ api: BodyAPI, route: '/api' }))).replace('ws:', 'http:')).port)
    const upgrade = 'POST /api HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\nContent-Type: application/json'
    const ok = await exchange(port, `${upgrade}\r\nContent-Length: 7`, '{"a":1}')
    expect(ok).toMatch(/^HTTP\/1\.1 200 /)
    expect(ok.endsWith('{"a":1}')).toBe(true)
    expect(await exchange(port, `${upgrade}\r\nTransfer-Encoding: chunked`, '7\r\n{"a":1}\r\n0\r\n\r\n')).toMatch(/^HTTP\/1\.1 411 /)
    expect(await exchange(port, `${upgrade}\r\nContent-Length: 9999999`)).toMatch(/^HTTP\/1\.1 413 /)
  })
})

describe('hostile handshakes on Node: a clear 4xx, fast, never a 5xx', () => {
  it.each([
    ['a broken Sec-WebSocket-Key', 'GET /api/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: nope', 400],
    ['no Sec-WebSocket-Key', 'GET /api/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13', 400],
    ['version 8', 'GET /api/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 8\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 426],
    ['an absolute-form target', 'GET http://evil/api/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 400],
    ['a Host that is no host', 'GET /api/echo HTTP/1.1\r\nHost: a b\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 400],
    ['a POST', 'POST /api/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 405],
  ])('%s', async (_name, head, status) => {
    const port = Number(new URL((await serve(new Fw({ api: EchoAPI, route: '/api' }))).replace('ws:', 'http:')).port)
    const started = performance.now()
    const answer = await exchange(port, head)
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('Origin', () => {
  it("the CORS plugin's origins when it is used", async () => {
    const service = new Fw({ api: EchoAPI, route: '/api' }).use(plugins.CORS({ allowOrigin: ['https://app.example'] }))
    const base = await serve(service)
    const allowed = await connect(`${base}/api/echo`, { origin: 'https://app.example' })
    allowed.socket.close()
    expect((await refusal(`${base}/api/echo`, { origin: 'https://other.example' })).status).toBe(403)
    expect((await refusal(`${base}/api/echo`, { origin: 'http://127.0.0.1' })).status).toBe(403)
  })

  it('an explicit `origins` option wins; no Origin (not a browser) is not checked', async () => {
    class OriginsAPI extends api.API {
      @ws.socket('x', {}, { origins: ['https://a.example'] })
      async x(socket: ws.Socket) {
        socket.send('ok')
      }
    }
    const base = await serve(new Fw({ api: OriginsAPI, route: '/api' }))
    const a = await connect(`${base}/api/x`, { origin: 'https://a.example' })
    expect(await a.next()).toBe('ok')
    expect((await refusal(`${base}/api/x`, { origin: 'https://b.example' })).status).toBe(403)
    const none = await connect(`${base}/api/x`)
    expect(await none.next()).toBe('ok')
  })
})

describe('messages', () => {
  it('any Standard Schema library: zod, an async refinement, messages kept in order', async () => {
    const Move = z.object({ x: z.number().int() }).refine(async (move) => {
      await new Promise((resolve) => setTimeout(resolve, move.x === 1 ? 30 : 0))
      return move.x >= 0
    }, 'x must not be negative')
    class GameAPI extends api.API {
      @ws.socket('move', {}, { receive: Move })
      async move(socket: ws.Socket<typeof Move>) {
        for await (const move of socket) socket.send({ got: move.x })
      }
    }
    const base = await serve(new Fw({ api: GameAPI, route: '/api' }))
    const client = await connect(`${base}/api/move`)
    client.send({ x: 1 })
    client.send({ x: -1 })
    client.send({ x: 2 })
    client.send({ x: 'a' })
    expect(await client.next()).toEqual({ got: 1 })
    expect(await client.next()).toEqual({ error: { status: 400, message: 'invalid message', issues: [{ path: [], message: 'x must not be negative' }] } })
    expect(await client.next()).toEqual({ got: 2 })
    expect(await client.next()).toEqual({ error: { status: 400, message: 'invalid message', issues: [{ path: ['x'], message: "invalid number: 'a'" }] } })
    client.socket.close()
  })

  it('`send` is checked in debug: a wrong message throws to the handler (closed 1011, reported)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    class WrongAPI extends api.API {
      @ws.socket('wrong', {}, { send: Text })
      async wrong(socket: ws.Socket<undefined, typeof Text>) {
        socket.send({ text: ['not', 'text'] } as never)
      }
    }
    const debug = new Fw({ api: WrongAPI, route: '/api', debug: true })
    const client = await connect(`${await serve(debug)}/api/wrong`)
    expect(await client.closed).toEqual({ code: 1011, reason: 'internal error' })
    expect(String(logged.mock.calls[0]?.[0])).toContain('WrongAPI.wrong(): socket.send() message does not match the send schema at text')
    const production = new Fw({ api: WrongAPI, route: '/api' })
    const unchecked = await connect(`${await serve(production)}/api/wrong`)
    expect(await unchecked.next()).toEqual({ text: ['not', 'text'] })
    expect(await unchecked.closed).toEqual({ code: 1000, reason: '' })
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
  })
})

describe('declarations', () => {
  it('bad options and a misplaced decorator are ImproperlyConfigured', () => {
    expect(() => ws.socket('x', {}, { maxMessageBytes: 0 })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => ws.socket('x', {}, { maxMessageBytes: 64 * 1024 * 1024 })).toThrow('at most')
    expect(() => ws.socket('x', {}, { recieve: Text } as never)).toThrow("unknown @ws.socket option 'recieve'")
    expect(() => ws.socket('x', {}, { protocols: ['a b'] })).toThrow('is not a token')
    class FieldAPI extends api.API {
      // @ts-expect-error a socket endpoint is a method
      @ws.socket x = 1
    }
    expect(() => new Fw({ api: FieldAPI })).toThrow('@ws.socket is on a field')
  })
})

describe('limits and closing', () => {
  it('a handler that does not read: more than maxUnreadMessages closes 1008', async () => {
    class DeafAPI extends api.API {
      @ws.socket('deaf', {}, { maxUnreadMessages: 3 })
      async deaf(socket: ws.Socket) {
        await socket.closed
      }
    }
    const client = await connect(`${await serve(new Fw({ api: DeafAPI, route: '/api' }))}/api/deaf`)
    for (let n = 0; n < 4; n++) client.send({ n })
    expect(await client.closed).toEqual({ code: 1008, reason: 'too many unread messages' })
  })

  it('messages held by a slow async check count as unread: no unbounded chain', async () => {
    const Slow = z.object({ n: z.number() }).refine(() => new Promise<boolean>(() => {}), 'never settles')
    class SlowAPI extends api.API {
      @ws.socket('slow', {}, { receive: Slow, maxUnreadMessages: 3 })
      async slow(socket: ws.Socket<typeof Slow>) {
        for await (const _ of socket) socket.send('never')
      }
    }
    const client = await connect(`${await serve(new Fw({ api: SlowAPI, route: '/api' }))}/api/slow`)
    for (let n = 0; n < 4; n++) client.send({ n })
    expect(await client.closed).toEqual({ code: 1008, reason: 'too many unread messages' })
  })

  it('close() with a code RFC 6455 reserves is a RangeError (the connection closes 1011)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    class ReservedAPI extends api.API {
      @ws.socket('reserved')
      async reserved(socket: ws.Socket) {
        socket.close(1006)
      }
    }
    const client = await connect(`${await serve(new Fw({ api: ReservedAPI, route: '/api' }))}/api/reserved`)
    expect(await client.closed).toEqual({ code: 1011, reason: 'internal error' })
    expect(String(logged.mock.calls[0]?.[0])).toContain('RangeError: socket.close(1006)')
    logged.mockRestore()
  })
})

describe('pub/sub across services through a relay (ws.PubSubAdapter)', () => {
  it('a publish on one service reaches the subscribers of another, never its own twice', async () => {
    // two services stand for two processes; the bus stands for Redis
    const adapters: Bus[] = []
    class Bus extends ws.PubSubAdapter {
      deliver?: (topic: string, text: string) => void
      constructor() {
        super()
        adapters.push(this)
      }
      publish(topic: string, text: string) {
        for (const other of adapters) if (other !== this) other.deliver?.(topic, text)
      }
      start(deliver: (topic: string, text: string) => void) {
        this.deliver = deliver
      }
    }
    const first = await serve(new Fw({ api: EchoAPI, route: '/api' }).use(new Bus()))
    const second = await serve(new Fw({ api: EchoAPI, route: '/api' }).use(new Bus()))
    const [a1, a2, b1] = await Promise.all([connect(`${first}/api/fanout`), connect(`${first}/api/fanout`), connect(`${second}/api/fanout`)])
    for (const client of [a1, a2, b1]) await client?.next()
    a1?.send({ from: 'a1' })
    expect(await a2?.next()).toEqual({ from: 'a1' })
    expect(await b1?.next()).toEqual({ from: 'a1' })
    for (const client of [a1, a2, b1]) await expect(client?.next(200)).rejects.toThrow('no message')
  })
})

describe('pub/sub in one process', () => {
  it('1,000 sockets receive one publish', async () => {
    const base = await serve(new Fw({ api: EchoAPI, route: '/api' }))
    const clients: TestSocket[] = []
    for (let batch = 0; batch < 10; batch++) {
      const opened = await Promise.all(Array.from({ length: 100 }, () => connect(`${base}/api/fanout`)))
      await Promise.all(opened.map((client) => client.next()))
      clients.push(...opened)
    }
    const [sender, ...receivers] = clients
    const started = performance.now()
    sender?.send({ hello: 'everyone' })
    const got = await Promise.all(receivers.map((client) => client.next(20_000)))
    const elapsed = performance.now() - started
    expect(got).toHaveLength(999)
    expect(got.every((message) => (message as { hello?: string }).hello === 'everyone')).toBe(true)
    console.log(`1,000 sockets: one publish reached 999 subscribers in ${elapsed.toFixed(0)} ms`)
    for (const client of clients) client.socket.terminate()
  }, 120_000)
})
