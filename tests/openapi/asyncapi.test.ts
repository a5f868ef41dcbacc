/**
 * src/openapi/asyncapi.ts: `buildAsyncAPI`, the AsyncAPI 3.0 document of socket endpoints from their
 * route descriptions — one channel per endpoint keyed by its call path (a key AsyncAPI accepts,
 * unique), path parameters, query and header params as the `ws` binding (their required ones
 * listed), the messages both ways with the error frame, a receive and a send operation, security
 * from the auth params (required ones only; `apiKey` in AsyncAPI's words), info defaults. Driven
 * directly with the route descriptions of a service's routes (the parser check is tests/ws/asyncapi.test.ts).
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, Fw, request } from 'fw-api'
import { ws } from 'fw-api/ws'
import { buildAsyncAPI, type AsyncAPIDocument, type SocketInfo } from '../../src/openapi/asyncapi'
import { describeRoutes } from '../../src/openapi/routes'
import type { SocketDecl } from '../../src/ws/options'

const Message = v.object({ text: v.string() })

class RoomsAPI extends api.API {
  @ws.socket('{room}', { room: v.string(), since: v.optional(v.number()), token: request.HeaderParam({ alias: 'X-Token' }) }, { receive: Message, send: Message })
  async room(socket: ws.Socket) {
    socket.close(1000)
  }

  @ws.socket('bare/echo')
  async echo(socket: ws.Socket) {
    socket.close(1000)
  }
}

class RootAPI extends api.API {
  static rooms = RoomsAPI
}

/** The parts of a channel these tests read (the document types channels as plain JSON). */
interface Channel {
  bindings: { ws: { query?: { required?: unknown }; headers?: unknown } }
  messages: Record<'received' | 'sent' | 'error', { payload: { required?: unknown } }>
  'x-fw-parameters': { in: string; name: string }[]
}
const channel = (document: AsyncAPIDocument, key: string) => document.channels[key] as unknown as Channel | undefined

/** The socket endpoints of a service on RootAPI, as the document builder gets them. */
function sockets(): SocketInfo[] {
  const routes = new Fw({ api: RootAPI, route: '/api' }).routes().filter((entry) => entry.data.endpoint.def.socket !== undefined)
  return describeRoutes(routes).map((route, at) => ({ route, socket: routes[at]?.data.endpoint.def.socket as SocketDecl }))
}

describe('buildAsyncAPI', () => {
  it('is an empty AsyncAPI 3.0 document for no sockets, titled and versioned by default', () => {
    expect(buildAsyncAPI([])).toEqual({
      asyncapi: '3.0.0',
      info: { title: 'fw service', version: '0.0.0' },
      defaultContentType: 'application/json',
      channels: {},
      operations: {},
      components: { schemas: {} },
    })
    expect(buildAsyncAPI([], { title: 'chat', version: '1.2.3', description: 'rooms' }).info).toEqual({ title: 'chat', version: '1.2.3', description: 'rooms' })
  })

  it('has one channel per endpoint keyed by its call path: address, path parameters, the ws binding', () => {
    const document = buildAsyncAPI(sockets())
    expect(Object.keys(document.channels).sort()).toEqual(['rooms_echo', 'rooms_room'])
    const room = document.channels.rooms_room
    expect(room).toMatchObject({
      address: '/api/rooms/{room}',
      title: 'RoomsAPI.room',
      parameters: { room: {} },
      'x-fw-call': 'rooms.room',
      bindings: { ws: { method: 'GET', bindingVersion: '0.1.0', query: { type: 'object', properties: { since: { type: 'number' } } } } },
    })
    const typed = channel(document, 'rooms_room')
    expect(typed?.bindings.ws.query?.required).toBeUndefined()
    expect(typed?.bindings.ws.headers).toMatchObject({ type: 'object', properties: { 'X-Token': { type: 'string' } }, required: ['X-Token'] })
    expect(typed?.['x-fw-parameters'].map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual(['header:X-Token', 'path:room', 'query:since'])
  })

  it('leaves out what an endpoint does not have: no parameters, no binding query or headers, empty payloads', () => {
    const echo = channel(buildAsyncAPI(sockets()), 'rooms_echo')
    expect(echo).not.toHaveProperty('parameters')
    expect(echo?.bindings).toEqual({ ws: { method: 'GET', bindingVersion: '0.1.0' } })
    expect(echo?.messages.received.payload).toEqual({})
    expect(echo?.messages.sent.payload).toEqual({})
    expect(echo?.messages.error.payload.required).toEqual(['error'])
  })

  it('describes the messages with the schemas and a receive and a send operation per channel', () => {
    const document = buildAsyncAPI(sockets())
    expect(channel(document, 'rooms_room')?.messages.received.payload).toMatchObject({ type: 'object', required: ['text'] })
    expect(document.operations.rooms_room_receive).toEqual({
      action: 'receive',
      channel: { $ref: '#/channels/rooms_room' },
      messages: [{ $ref: '#/channels/rooms_room/messages/received' }],
    })
    expect(document.operations.rooms_room_send?.messages).toEqual([
      { $ref: '#/channels/rooms_room/messages/sent' },
      { $ref: '#/channels/rooms_room/messages/error' },
    ])
  })

  it('keeps channel keys unique and AsyncAPI-safe', () => {
    const [room] = sockets()
    if (!room) throw new Error('no socket')
    const odd = { ...room, route: { ...room.route, tree: ['räume', 'a b'], methodName: 'room' } }
    const document = buildAsyncAPI([room, room, odd])
    expect(Object.keys(document.channels)).toEqual(['rooms_room', 'rooms_room_2', 'r_ume_a_b_room'])
    for (const key of Object.keys(document.channels)) expect(key).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(document.operations.rooms_room_2_send?.channel).toEqual({ $ref: '#/channels/rooms_room_2' })
  })

  it('takes security from the auth params: every scheme listed, only required ones on the operations, apiKey as httpApiKey', () => {
    const [room] = sockets()
    if (!room) throw new Error('no socket')
    const secured: SocketInfo = {
      ...room,
      route: {
        ...room.route,
        security: [
          { name: 'apiKey', scheme: { type: 'apiKey', in: 'header', name: 'X-Key' }, optional: false },
          { name: 'bearer', scheme: { type: 'http', scheme: 'bearer' }, optional: true },
        ],
      },
    }
    const document = buildAsyncAPI([secured])
    expect(document.components.securitySchemes).toEqual({
      apiKey: { type: 'httpApiKey', in: 'header', name: 'X-Key' },
      bearer: { type: 'http', scheme: 'bearer' },
    })
    expect(document.operations.rooms_room_receive?.security).toEqual([{ $ref: '#/components/securitySchemes/apiKey' }])
    expect(buildAsyncAPI(sockets()).components).not.toHaveProperty('securitySchemes')
  })
})
