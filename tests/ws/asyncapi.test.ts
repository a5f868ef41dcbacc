/**
 * SPEC §16 "Documented": `service.asyncapi()` is an AsyncAPI 3.0 document of the socket endpoints
 * (channels with address templates and parameters, the `ws` binding's query and headers, send /
 * receive operations, JSON Schema payloads, security from auth params) that @asyncapi/parser
 * validates with no error; `<docs>/asyncapi.json` serves it beside `openapi.json` and the docs page
 * lists the socket endpoints.
 *
 *   npx vitest run tests/ws/asyncapi.test.ts --typecheck.enabled=false
 */
import 'fw-api/openapi'
import { Parser } from '@asyncapi/parser'
import { describe, expect, it } from 'vitest'
import { api, Fw, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { ws } from 'fw-api/ws'
import * as v from 'valibot'
import { users } from '../auth/fixtures/tables'
import { service as chatService } from './fixtures/chat'

const jwtUser = auth.User(users, {
  authentication: auth.JsonWebToken({ secret: 'a-test-secret-of-32-characters!!' }),
  loginFields: ['username'],
  passwordField: 'password',
})
const ChatIn = v.object({ text: v.pipe(v.string(), v.maxLength(2000)) })
const ChatOut = v.object({ from: v.string(), text: v.string(), at: v.date() })
const roomParams = { room: request.SlugPathParam, user: jwtUser, since: v.optional(v.number()) }

class ChatAPI extends api.API {
  @ws.socket('{room}', roomParams, { receive: ChatIn, send: ChatOut })
  async room(socket: ws.Socket<typeof ChatIn, typeof ChatOut>, { room, user }: api.Input<typeof roomParams>) {
    socket.subscribe(room)
    for await (const message of socket) socket.publish(room, { from: user.username, text: message.text, at: new Date() })
  }

  @api.get
  rooms() {
    return ['lobby']
  }
}

class RootAPI extends api.API {
  static chat = ChatAPI
}

const service = new Fw({ api: RootAPI, route: '/api', name: 'chat', docs: true })

async function problems(document: unknown): Promise<string[]> {
  const { diagnostics } = await new Parser().parse(JSON.stringify(document))
  return diagnostics.filter((diagnostic) => diagnostic.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`)
}

describe('service.asyncapi()', () => {
  const document = service.asyncapi({ version: '1.2.3' })

  it('is an AsyncAPI 3.0 document the parser accepts with no error', async () => {
    expect(document.asyncapi).toBe('3.0.0')
    expect(document.info).toMatchObject({ title: 'chat', version: '1.2.3' })
    expect(await problems(document)).toEqual([])
    // the ws fixture too: a hook-authenticated room, limits, no-schema sockets
    expect(await problems(chatService.asyncapi())).toEqual([])
    // the parser does judge: an unknown action is an error
    expect(await problems({ ...document, operations: { wrong: { action: 'shout', channel: { $ref: '#/channels/chat_room' } } } })).not.toEqual([])
  })

  it('has one channel per socket endpoint: address template, parameters, query in the ws binding', () => {
    expect(Object.keys(document.channels)).toEqual(['chat_room'])
    const channel = document.channels.chat_room
    expect(channel).toMatchObject({
      address: '/api/chat/{room}',
      title: 'ChatAPI.room',
      parameters: { room: {} },
      bindings: { ws: { method: 'GET', query: { type: 'object', properties: { since: { type: 'number' } } } } },
      'x-fw-call': 'chat.room',
    })
    expect(channel?.bindings).not.toHaveProperty('ws.query.required')
  })

  it('describes the messages both ways with JSON Schema payloads, and the error frame', () => {
    const messages = document.channels.chat_room?.messages as Record<string, { payload: Record<string, unknown> }>
    expect(messages.received?.payload).toMatchObject({ type: 'object', properties: { text: { type: 'string', maxLength: 2000 } }, required: ['text'] })
    expect(messages.sent?.payload).toMatchObject({ type: 'object', properties: { from: { type: 'string' }, text: { type: 'string' } } })
    expect(messages.error?.payload).toMatchObject({ required: ['error'] })
    expect(document.operations).toEqual({
      chat_room_receive: expect.objectContaining({ action: 'receive', channel: { $ref: '#/channels/chat_room' }, messages: [{ $ref: '#/channels/chat_room/messages/received' }] }),
      chat_room_send: expect.objectContaining({ action: 'send', messages: [{ $ref: '#/channels/chat_room/messages/sent' }, { $ref: '#/channels/chat_room/messages/error' }] }),
    })
  })

  it('takes security from the auth params', () => {
    const [scheme] = Object.entries(document.components.securitySchemes ?? {})
    expect(scheme?.[1]).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(document.operations.chat_room_receive?.security).toEqual([{ $ref: `#/components/securitySchemes/${scheme?.[0]}` }])
  })

  it('leaves the HTTP routes out, and the socket out of the OpenAPI document', () => {
    expect(JSON.stringify(document)).not.toContain('rooms')
    expect(Object.keys(service.openapi().paths)).toEqual(['/api/chat/rooms'])
  })
})

describe('the docs routes', () => {
  it('serve <docs>/asyncapi.json beside openapi.json', async () => {
    const response = await service.fetch(new Request('http://localhost/api/docs/asyncapi.json'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    const served = (await response.json()) as { channels: Record<string, unknown> }
    expect(Object.keys(served.channels)).toEqual(['chat_room'])
    expect(await problems(served)).toEqual([])
  })

  it('list the socket endpoints on the page, linking the AsyncAPI document', async () => {
    const page = await (await service.fetch(new Request('http://localhost/api/docs'))).text()
    expect(page).toContain('<h2>WebSocket endpoints</h2>')
    expect(page).toContain('<code>/api/chat/{room}</code> ChatAPI.room')
    expect(page).toContain('href="/api/docs/asyncapi.json"')
  })

  it('a page without socket endpoints has no such section', async () => {
    class Plain extends api.API {
      @api.get
      hello() {
        return 'hi'
      }
    }
    const plain = new Fw({ api: Plain, route: '/api', docs: true })
    expect(await (await plain.fetch(new Request('http://localhost/api/docs'))).text()).not.toContain('WebSocket endpoints')
  })
})
