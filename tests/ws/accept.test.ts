/**
 * src/ws/accept.ts: the upgrade of a `@ws.socket` endpoint — the handshake checked (RFC 6455
 * §4.2.1: 426 without `Upgrade: websocket` or with another version, 400 for a broken one), the
 * origin (declared list or predicate, else the CORS plugin's, else the request's own host: 403),
 * the subprotocol chosen, 501 on a server that did not offer the request for upgrade, and the
 * acceptance recorded on the offer. In-process: the service's fetch with `offerUpgrade`.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, Fw, plugins } from 'fw-api'
import { ws } from 'fw-api/ws'
import { asksWebSocket, offerUpgrade } from '../../src/ws/accept'

const Message = v.object({ text: v.string() })

class RoomsAPI extends api.API {
  @ws.socket('open/{room}', { room: v.string() }, { receive: Message, protocols: ['chat.v2', 'chat.v1'] })
  async room(socket: ws.Socket<typeof Message>) {
    socket.close(1000)
  }

  @ws.socket('listed', {}, { origins: ['https://app.example'] })
  async listed(socket: ws.Socket) {
    socket.close(1000)
  }

  @ws.socket('any', {}, { origins: ['*'] })
  async any(socket: ws.Socket) {
    socket.close(1000)
  }

  @ws.socket('checked', {}, { origins: (origin) => origin.endsWith('.trusted.example') })
  async checked(socket: ws.Socket) {
    socket.close(1000)
  }
}

const service = new Fw({ api: RoomsAPI })

/** A valid handshake for `path`, with `headers` over it. */
function handshake(path: string, headers: Record<string, string> = {}, method = 'GET'): Request {
  return new Request(`http://api.example${path}`, {
    method,
    headers: {
      host: 'api.example',
      upgrade: 'websocket',
      connection: 'keep-alive, Upgrade',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
      ...headers,
    },
  })
}

/** Offer `request` for upgrade and run it: the answer and what was accepted. */
async function upgrade(request: Request, fetch = service.fetch) {
  const offer = offerUpgrade(request)
  const response = await fetch(request)
  return { response, accepted: offer.accepted, body: response.status === 200 ? '' : await response.text() }
}

describe('the handshake', () => {
  it('accepts a valid one offered for upgrade: 200, with the plan, params, instance and no protocol', async () => {
    const { response, accepted } = await upgrade(handshake('/open/lobby'))
    expect(response.status).toBe(200)
    expect(accepted?.params).toEqual({ room: 'lobby' })
    expect(accepted?.plan.label).toBe('RoomsAPI.room()')
    expect(accepted?.plan.limits.maxMessageBytes).toBe(1024 * 1024)
    expect(accepted?.protocol).toBeUndefined()
    expect(accepted?.user).toBeUndefined()
    expect(typeof accepted?.handler).toBe('function')
    expect(accepted?.instance).toBeInstanceOf(RoomsAPI)
  })

  it('answers 426 (naming the header) a request that does not ask for a WebSocket, and one of another version', async () => {
    const plain = await upgrade(new Request('http://api.example/open/lobby'))
    expect(plain.response.status).toBe(426)
    expect(plain.response.headers.get('upgrade')).toBe('websocket')
    expect(plain.body).toContain('Upgrade: websocket')
    const old = await upgrade(handshake('/open/lobby', { 'sec-websocket-version': '8' }))
    expect(old.response.status).toBe(426)
    expect(old.response.headers.get('sec-websocket-version')).toBe('13')
    expect(old.accepted).toBeUndefined()
  })

  it('answers 400 a broken handshake: no Connection: Upgrade, a bad key', async () => {
    for (const [headers, named] of [
      [{ connection: 'keep-alive' }, 'Connection: Upgrade'],
      [{ connection: 'upgrades' }, 'Connection: Upgrade'],
      [{ 'sec-websocket-key': 'short' }, 'Sec-WebSocket-Key'],
      [{ 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ=' }, 'Sec-WebSocket-Key'],
      [{ 'sec-websocket-key': `${'A'.repeat(10_000)}==` }, 'Sec-WebSocket-Key'],
    ] as const) {
      const { response, body, accepted } = await upgrade(handshake('/open/lobby', headers))
      expect(response.status, JSON.stringify(headers)).toBe(400)
      expect(body).toContain(named)
      expect(accepted).toBeUndefined()
    }
  })

  it('is a GET: another method is refused before it is upgraded', async () => {
    const { response, accepted } = await upgrade(handshake('/open/lobby', {}, 'POST'))
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(accepted).toBeUndefined()
  })

  it('answers 501 a valid handshake on a server that did not offer it for upgrade', async () => {
    const response = await service.fetch(handshake('/open/lobby'))
    expect(response.status).toBe(501)
    expect(await response.text()).toContain('cannot upgrade to WebSocket')
  })
})

describe('the subprotocol', () => {
  it('is the first the endpoint speaks that the client offered', async () => {
    const { accepted } = await upgrade(handshake('/open/lobby', { 'sec-websocket-protocol': 'chat.v1, chat.v2' }))
    expect(accepted?.protocol).toBe('chat.v2')
  })

  it('is a 400 naming the spoken ones when the client offered only others; 400 too on an endpoint speaking none', async () => {
    const only = await upgrade(handshake('/open/lobby', { 'sec-websocket-protocol': 'mqtt' }))
    expect(only.response.status).toBe(400)
    expect(only.body).toContain('spoken: chat.v2, chat.v1')
    const none = await upgrade(handshake('/any', { 'sec-websocket-protocol': 'mqtt' }))
    expect(none.response.status).toBe(400)
    expect(none.body).toContain('none of the offered subprotocols is spoken here')
  })
})

describe('the origin', () => {
  const status = async (path: string, origin: string | undefined, fetch = service.fetch) =>
    (await upgrade(handshake(path, origin === undefined ? {} : { origin }), fetch)).response.status

  it('without a declaration: the request’s own host only; no Origin (not a browser) is not checked', async () => {
    expect(await status('/open/lobby', 'http://api.example')).toBe(200)
    expect(await status('/open/lobby', 'https://evil.example')).toBe(403)
    expect(await status('/open/lobby', 'null')).toBe(403)
    expect(await status('/open/lobby', undefined)).toBe(200)
  })

  it('declared: the listed origins, any with *, or the predicate', async () => {
    expect(await status('/listed', 'https://app.example')).toBe(200)
    expect(await status('/listed', 'http://api.example')).toBe(403)
    expect(await status('/any', 'https://anything.example')).toBe(200)
    expect(await status('/checked', 'https://a.trusted.example')).toBe(200)
    expect(await status('/checked', 'https://trusted.example.evil')).toBe(403)
  })

  it('with the CORS plugin and no declaration: the origins CORS allows', async () => {
    const cors = new Fw({ api: RoomsAPI })
    cors.use(plugins.CORS({ allowOrigin: ['https://front.example'] }))
    expect(await status('/open/lobby', 'https://front.example', cors.fetch)).toBe(200)
    expect(await status('/open/lobby', 'https://other.example', cors.fetch)).toBe(403)
  })

  it('names the refused origin in the 403', async () => {
    const { body } = await upgrade(handshake('/listed', { origin: 'https://evil.example' }))
    expect(body).toContain('origin https://evil.example may not open this WebSocket')
  })
})

describe('asksWebSocket', () => {
  it('is the Upgrade header naming websocket, in any case', () => {
    const asks = (upgradeHeader?: string) =>
      asksWebSocket(new Request('http://x/', upgradeHeader === undefined ? {} : { headers: { upgrade: upgradeHeader } }))
    expect(asks('websocket')).toBe(true)
    expect(asks('WebSocket')).toBe(true)
    expect(asks('h2c')).toBe(false)
    expect(asks()).toBe(false)
  })
})

describe('the plan', () => {
  it('is made once per endpoint and the hub is shared by a service’s endpoints', async () => {
    const first = await upgrade(handshake('/open/a'))
    const second = await upgrade(handshake('/open/b'))
    const other = await upgrade(handshake('/any'))
    expect(first.accepted?.plan).toBe(second.accepted?.plan)
    expect(other.accepted?.plan).not.toBe(first.accepted?.plan)
    expect(other.accepted?.plan.hub).toBe(first.accepted?.plan.hub)
  })
})
