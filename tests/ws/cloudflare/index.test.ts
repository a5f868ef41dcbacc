/**
 * src/ws/cloudflare/index.ts: `durableSockets` — the Worker's `fetch` sends each WebSocket
 * handshake to its room's Durable Object (by default one per URL path, or the `room` option's
 * name), answers everything else with the service, and names a missing binding (500); the Durable
 * Object answers a handshake fw refuses over HTTP before any upgrade (params, origin, version).
 * In-process with a Durable Object namespace look-alike. The accepted upgrade needs crossws's
 * Cloudflare adapter (`cloudflare:workers`): it runs in workerd, tests/ws/workers.test.ts.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, Fw, request as params } from 'fw-api'
import { ws } from 'fw-api/ws'
import { durableSockets } from '../../../src/ws/cloudflare'

class ChatAPI extends api.API {
  @ws.socket('rooms/{room}', { room: params.SlugPathParam, name: v.string() })
  async room(socket: ws.Socket) {
    socket.close(1000)
  }

  @api.get
  ping() {
    return 'pong'
  }
}

const service = new Fw({ api: ChatAPI, route: '/api/chat' })

function handshake(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`https://chat.example${path}`, {
    headers: { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', ...headers },
  })
}

/** A Durable Object namespace binding look-alike: each name its object, recording the requests it got. */
function namespace(rooms = durableSockets(service, { binding: 'ROOMS' })) {
  const named: string[] = []
  const objects = new Map<string, InstanceType<typeof rooms.DurableObject>>()
  const state = { acceptWebSocket: () => undefined, getWebSockets: () => [] }
  const binding = {
    idFromName: (name: string) => (named.push(name), `id:${name}`),
    get: (id: unknown) => {
      const key = String(id)
      let object = objects.get(key)
      if (!object) objects.set(key, (object = new rooms.DurableObject(state, { ROOMS: binding })))
      return object
    },
  }
  return { binding, named, objects }
}

describe('durableSockets: the Worker fetch', () => {
  it('answers a request that is no handshake with the service, in the Worker', async () => {
    const rooms = durableSockets(service, { binding: 'ROOMS' })
    const { binding, named } = namespace(rooms)
    const response = await rooms.fetch(new Request('https://chat.example/api/chat/ping'), { ROOMS: binding })
    expect(await response.json()).toBe('pong')
    expect(named).toEqual([])
    // a plain GET of a socket route is the endpoint's 426, in the Worker too
    expect((await rooms.fetch(new Request('https://chat.example/api/chat/rooms/lobby?name=ann'), { ROOMS: binding })).status).toBe(426)
  })

  // (handshakes the object refuses, answered without crossws's Cloudflare adapter, which loads in workerd only)
  it('sends each handshake to the Durable Object of its URL path (one per room)', async () => {
    const rooms = durableSockets(service, { binding: 'ROOMS' })
    const { binding, named, objects } = namespace(rooms)
    for (const path of ['/api/chat/rooms/lobby', '/api/chat/rooms/lobby?other=1', '/api/chat/rooms/kitchen']) {
      expect((await rooms.fetch(handshake(path), { ROOMS: binding })).status, path).toBe(400) // no name: refused by the object
    }
    expect(named).toEqual(['/api/chat/rooms/lobby', '/api/chat/rooms/lobby', '/api/chat/rooms/kitchen'])
    expect(objects.size).toBe(2)
  })

  it('names the room with the room option', async () => {
    const rooms = durableSockets(service, { binding: 'ROOMS', room: (request) => new URL(request.url).searchParams.get('name') ?? 'nobody' })
    const { binding, named } = namespace(rooms)
    expect((await rooms.fetch(handshake('/api/chat/rooms/lobby?name=ann', { 'sec-websocket-version': '8' }), { ROOMS: binding })).status).toBe(426)
    expect(named).toEqual(['ann'])
  })

  it('is a 500 naming the binding when env has none', async () => {
    const rooms = durableSockets(service, { binding: 'ROOMS' })
    const response = await rooms.fetch(handshake('/api/chat/rooms/lobby?name=ann'), {})
    expect(response.status).toBe(500)
    expect(await response.text()).toBe("fw: no Durable Object binding 'ROOMS' in env (wrangler.toml)")
  })
})

describe('durableSockets: the Durable Object', () => {
  it('answers a handshake fw refuses over HTTP, before any upgrade: the params’ 400, a bad version’s 426, no route’s 404', async () => {
    const rooms = durableSockets(service, { binding: 'ROOMS' })
    const { binding } = namespace(rooms)
    const env = { ROOMS: binding }
    const missing = await rooms.fetch(handshake('/api/chat/rooms/lobby'), env)
    expect(missing.status).toBe(400)
    expect(await missing.text()).toContain('name')
    expect((await rooms.fetch(handshake('/api/chat/rooms/not%20a%20slug?name=ann'), env)).status).toBe(400)
    expect((await rooms.fetch(handshake('/api/chat/rooms/lobby?name=ann', { 'sec-websocket-version': '8' }), env)).status).toBe(426)
    expect((await rooms.fetch(handshake('/elsewhere'), env)).status).toBe(404)
    const foreign = await rooms.fetch(handshake('/api/chat/rooms/lobby?name=ann', { origin: 'https://evil.example' }), env)
    expect(foreign.status).toBe(403)
  })

  it('keeps its state and env (what the hibernation API and the service read)', () => {
    const rooms = durableSockets(service, { binding: 'ROOMS' })
    const state = { acceptWebSocket: () => undefined, getWebSockets: () => [] }
    const env = { SECRET: 'x' }
    const object = new rooms.DurableObject(state, env) as unknown as { ctx: unknown; env: unknown }
    expect(object.ctx).toBe(state)
    expect(object.env).toBe(env)
  })
})
