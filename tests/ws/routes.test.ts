/**
 * src/ws/routes.ts: the socket endpoints of a service, for whoever documents or calls them —
 * `ws.routes(service)` describes them, `socketRoutes` hands fw's builders the compiled endpoint.
 * (Moved from tests/ws/node.test.ts: it builds a service in process, no server.)
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, Fw } from 'fw-api'
import { ws } from 'fw-api/ws'
import { socketRoutes } from '../../src/ws/routes'

describe('routes / socketRoutes', () => {
  it('ws.routes(service) lists the socket endpoints; socketRoutes gives fw\'s builders the compiled endpoint', () => {
    const Room = v.object({ text: v.string() })
    class RoomAPI extends api.API {
      @ws.socket('{room}', { room: v.string() }, { receive: Room, send: Room, messagesPerSecond: 10 })
      async room(_socket: ws.Socket<typeof Room, typeof Room>, _params: { room: string }) {}

      @api.get
      ping() {
        return 'pong'
      }
    }
    const service = new Fw({ api: RoomAPI, route: '/api' })
    expect(ws.routes(service)).toEqual([
      {
        path: '/api/{room}',
        label: 'RoomAPI.room()',
        params: ['room'],
        receive: Room,
        send: Room,
        origins: undefined,
        limits: { ...ws.DEFAULT_LIMITS, messagesPerSecond: 10 },
      },
    ])
    const [route, ...more] = socketRoutes(service)
    expect(more).toEqual([])
    expect(route).toMatchObject({ path: '/api/{room}', cls: RoomAPI, methodName: 'room', receive: Room })
    expect(route?.endpoint.def.method).toBe('GET')
    expect(Object.keys(route?.params ?? {})).toEqual(['room'])
  })

  it('lists no socket of a service without any', () => {
    class Plain extends api.API {
      @api.get
      ping() {
        return 'pong'
      }
    }
    const service = new Fw({ api: Plain })
    expect(ws.routes(service)).toEqual([])
    expect(socketRoutes(service)).toEqual([])
  })

  it('lists a socket’s common params after its own', () => {
    class WithToken extends api.API {
      @ws.socket('chat/{room}', { room: v.string() })
      async chat(_socket: ws.Socket, _params: { room: string }) {}
    }
    class Root extends api.API {
      static rooms = WithToken
    }
    const [route] = ws.routes(new Fw({ api: Root }))
    expect(route).toMatchObject({ path: '/rooms/chat/{room}', label: 'WithToken.chat()', params: ['room'], protocols: undefined })
  })
})
