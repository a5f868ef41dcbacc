/**
 * src/ws/runtime.ts: the glue every server shares — an upgrade request offered and answered by
 * fw's fetch (accepted only when nothing after the endpoint refused it), the acceptance handed to
 * crossws's `upgrade` hook (the answer's headers kept on the 101 but the body's and connection's),
 * the socket opened on the peer, fed its messages and closes, closed when its method ends or
 * throws, and a server's open sockets closed with 1001. In-process, with a crossws peer look-alike.
 */
import type { Peer } from 'crossws'
import { describe, expect, it } from 'vitest'
import { api, Fw, plugins } from 'fw-api'
import { ws } from 'fw-api/ws'
import { Socket } from '../../src/ws/socket'
import { answerUpgrade, handOver, LiveSockets, socketHooks } from '../../src/ws/runtime'
import { fakePeer, socketPlan, type FakePeer } from './fake-peer'

const events: string[] = []

class EchoAPI extends api.API {
  @ws.socket('echo', {}, { protocols: ['echo.v1'] })
  async echo(socket: ws.Socket) {
    for await (const message of socket) socket.send({ echo: message })
    events.push(`echo ended ${(await socket.closed).code}`)
  }

  @ws.socket('broken')
  async broken() {
    throw new Error('the method broke')
  }

  @ws.socket('short')
  async short() {
    events.push('short ran')
  }
}

/** A 'no' plugin after the endpoint: it turns the answer of `/echo?refuse=1` into a 403. */
class Refuser extends api.Plugin {
  override processResponse(response: Response, ctx: { raw: Request }) {
    if (new URL(ctx.raw.url).searchParams.has('refuse')) return new Response('refused', { status: 403 })
    return response
  }
}

const service = new Fw({ api: EchoAPI }).use(new Refuser()).use(plugins.RequestId())

function handshake(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://x${path}`, {
    headers: { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', ...headers },
  })
}

/** A crossws peer look-alike (its context is where the hooks keep the connection). */
const asPeer = (peer: FakePeer) => peer as unknown as Peer

/** Run the crossws hooks' upgrade and open for `request` (answered and handed over), on a new peer. */
async function connect(path: string, live = new LiveSockets(), headers: Record<string, string> = {}) {
  const hooks = socketHooks()
  const request = handshake(path, headers)
  const answer = await answerUpgrade(service.fetch, request)
  if (!answer.accepted) throw new Error(`not accepted: ${answer.response.status}`)
  handOver(request, answer, answer.accepted, live)
  const upgraded = (await hooks.upgrade?.(request)) as { headers: Headers; protocol?: string; context: Record<string, unknown> }
  const peer = fakePeer()
  peer.context = upgraded.context
  hooks.open?.(asPeer(peer))
  return { hooks, peer, upgraded, live }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('answerUpgrade', () => {
  it('is accepted when the endpoint accepted the offered request', async () => {
    const { response, accepted } = await answerUpgrade(service.fetch, handshake('/echo'))
    expect(response.status).toBe(200)
    expect(accepted?.plan.label).toBe('EchoAPI.echo()')
  })

  it('is the HTTP answer only when a plugin after the endpoint turned it into a refusal', async () => {
    const { response, accepted } = await answerUpgrade(service.fetch, handshake('/echo?refuse=1'))
    expect(response.status).toBe(403)
    expect(accepted).toBeUndefined()
  })

  it('is the HTTP answer of a route that is not a socket, or a bad handshake', async () => {
    expect((await answerUpgrade(service.fetch, handshake('/nowhere'))).response.status).toBe(404)
    const bad = await answerUpgrade(service.fetch, handshake('/echo', { 'sec-websocket-version': '7' }))
    expect(bad.response.status).toBe(426)
    expect(bad.accepted).toBeUndefined()
  })
})

describe('socketHooks: upgrade', () => {
  it('refuses a request nothing was handed over for (400)', async () => {
    const answer = await socketHooks().upgrade?.(handshake('/echo'))
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(400)
  })

  it('keeps the answer’s headers on the 101 but those of a body or connection, and sets the chosen protocol', async () => {
    const { upgraded } = await connect('/echo', new LiveSockets(), { 'sec-websocket-protocol': 'echo.v1' })
    expect(upgraded.protocol).toBe('echo.v1')
    expect(upgraded.headers.get('sec-websocket-protocol')).toBe('echo.v1')
    expect(upgraded.headers.get('x-request-id')).toBeTruthy()
    for (const name of ['content-type', 'content-length', 'connection', 'upgrade']) expect(upgraded.headers.has(name), name).toBe(false)
  })

  it('hands a request over once: a second upgrade with it is refused', async () => {
    const hooks = socketHooks()
    const request = handshake('/echo')
    const answer = await answerUpgrade(service.fetch, request)
    if (!answer.accepted) throw new Error('not accepted')
    handOver(request, answer, answer.accepted, new LiveSockets())
    expect(await hooks.upgrade?.(request)).not.toBeInstanceOf(Response)
    expect(((await hooks.upgrade?.(request)) as Response).status).toBe(400)
  })
})

describe('socketHooks: the connection', () => {
  it('runs the method on the socket: messages in, sends out, the client’s close ends it', async () => {
    events.length = 0
    const { hooks, peer } = await connect('/echo')
    hooks.message?.(asPeer(peer), { rawData: '{"a":1}' } as never)
    hooks.message?.(asPeer(peer), { rawData: new TextEncoder().encode('"bytes"').buffer } as never)
    await settled()
    // the error frame is sent at once; the echo when the method reads the message
    expect(peer.sent).toHaveLength(2)
    expect(peer.sent).toContain('{"echo":{"a":1}}')
    expect(peer.sent).toContainEqual(expect.stringContaining('binary messages are not accepted'))
    hooks.close?.(asPeer(peer), { code: 1000, reason: 'bye' })
    await settled()
    expect(events).toEqual(['echo ended 1000'])
  })

  it('closes 1000 when the method returns, 1011 when it throws (the error reported, not sent)', async () => {
    events.length = 0
    const short = await connect('/short')
    await settled()
    expect(events).toEqual(['short ran'])
    expect(short.peer.closes).toEqual([{ code: 1000, reason: '' }])
    const printed: unknown[] = []
    const original = console.error
    console.error = (error: unknown) => void printed.push(error)
    try {
      const broken = await connect('/broken')
      await settled()
      expect(broken.peer.closes).toEqual([{ code: 1011, reason: 'internal error' }])
      expect(broken.peer.sent.join('')).not.toContain('the method broke')
    } finally {
      console.error = original
    }
    expect(String(printed[0])).toContain('the method broke')
  })

  it('closes 1011 a peer opened without an acceptance', () => {
    const peer = fakePeer()
    socketHooks().open?.(asPeer(peer))
    expect(peer.closes).toEqual([{ code: 1011, reason: 'not accepted' }])
  })

  it('an error on the connection is reported and ends the socket with 1006', async () => {
    events.length = 0
    const { hooks, peer } = await connect('/echo')
    const original = console.error
    const printed: unknown[] = []
    console.error = (error: unknown) => void printed.push(error)
    try {
      hooks.error?.(asPeer(peer), new Error('reset by peer') as never)
      await settled()
    } finally {
      console.error = original
    }
    expect(String(printed[0])).toContain('reset by peer')
    expect(events).toEqual(['echo ended 1006'])
  })

  it('ignores messages and closes of a peer that has no socket', () => {
    const hooks = socketHooks()
    const peer = fakePeer()
    expect(() => hooks.message?.(asPeer(peer), { rawData: '1' } as never)).not.toThrow()
    expect(() => hooks.close?.(asPeer(peer), { code: 1000 })).not.toThrow()
  })
})

describe('LiveSockets', () => {
  it('closes every open socket with 1001 when the server goes away, forgetting those already closed', async () => {
    const live = new LiveSockets()
    const plan = socketPlan()
    const request = { url: 'http://x/', headers: new Headers(), params: {}, user: undefined, protocol: undefined, context: undefined as never }
    const peers = [fakePeer(), fakePeer(), fakePeer()]
    const sockets = peers.map((peer) => new Socket<undefined, undefined>(plan, peer, request))
    for (const socket of sockets) live.add(socket)
    sockets[0]?.closedBy(1000, '')
    await settled()
    live.closeAll()
    expect(peers.map((peer) => peer.closes)).toEqual([[], [{ code: 1001, reason: 'server closing' }], [{ code: 1001, reason: 'server closing' }]])
    live.closeAll()
    expect(peers[1]?.closes).toHaveLength(1)
  })

  it('a server’s connections join its live set', async () => {
    const live = new LiveSockets()
    const { peer } = await connect('/echo', live)
    live.closeAll()
    expect(peer.closes).toEqual([{ code: 1001, reason: 'server closing' }])
  })
})

