/**
 * SPEC §16 "The typed client", types: `client.chat.room.connect({ room })` takes the upgrade's
 * params (path, query; an auth user left out, as for HTTP calls) and resolves to a socket that
 * yields the `send` schema's messages as JSON carries them (a Date as text) and sends the
 * `receive` schema's input; a wrong message or a missing param does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { type ClientSocket, type Client, createClient } from 'fw-api/client'
import { ws } from 'fw-api/ws'
import { users } from '../auth/fixtures/tables'
import type { RootAPI } from './fixtures/typed'

declare const client: Client<typeof RootAPI>
type Out = { from: string; text: string; at: string }

describe('client.<path>.connect', () => {
  it('takes the params: the path param required, a defaulted query param optional', () => {
    expectTypeOf(client.chat.room.connect).toBeCallableWith({ room: 'lobby' })
    expectTypeOf(client.chat.room.connect).toBeCallableWith({ room: 'lobby', name: 'ann' }, { reconnect: { retries: 3, backoff: 100 } })
    // @ts-expect-error: room is required
    void client.chat.room.connect({})
    // @ts-expect-error: name is a string
    void client.chat.room.connect({ room: 'lobby', name: 1 })
  })

  it('resolves to a socket typed both ways', async () => {
    const socket = await client.chat.room.connect({ room: 'lobby' })
    expectTypeOf(socket).toEqualTypeOf<ClientSocket<Out, { text: string }>>()
    expectTypeOf(socket.send).toBeCallableWith({ text: 'hi' })
    // @ts-expect-error: the receive schema wants text
    socket.send({ body: 'hi' })
    for await (const message of socket) expectTypeOf(message).toEqualTypeOf<Out>()
  })

  it('an endpoint without params or receive schema: no input, unknown messages sent', async () => {
    expectTypeOf(client.chat.flaky.connect).toBeCallableWith()
    const socket = await client.chat.flaky.connect()
    expectTypeOf(socket).toEqualTypeOf<ClientSocket<{ n: number }, unknown>>()
  })

  it('HTTP endpoints beside them stay calls', () => {
    expectTypeOf(client.chat.rooms()).resolves.toEqualTypeOf<string[]>()
    // @ts-expect-error: an HTTP endpoint has no connect
    void client.chat.rooms.connect
  })

  it('an auth user param is left out of the input (the credentials go with the client)', async () => {
    const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: 'a-test-secret-of-32-characters!!' }), loginFields: ['username'], passwordField: 'password' })
    const Text = v.object({ text: v.string() })
    const params = { room: request.SlugPathParam, user: jwtUser }
    class ChatAPI extends api.API {
      @ws.socket('{room}', params, { receive: Text, send: Text })
      async room(socket: ws.Socket<typeof Text, typeof Text>, { room, user }: api.Input<typeof params>) {
        socket.subscribe(room)
        for await (const message of socket) socket.publish(room, { text: `${user.username}: ${message.text}` })
      }
    }
    class Root extends api.API {
      static chat = ChatAPI
    }
    const typed = createClient<typeof Root>({ baseURL: 'https://chat.example', auth: { bearer: 'a-token' } })
    expectTypeOf(typed.chat.room.connect).toBeCallableWith({ room: 'lobby' })
    expectTypeOf<keyof Parameters<typeof typed.chat.room.connect>[0]>().toEqualTypeOf<'room'>()
    expectTypeOf(await typed.chat.room.connect({ room: 'lobby' })).toEqualTypeOf<ClientSocket<{ text: string }, { text: string }>>()
  })
})
