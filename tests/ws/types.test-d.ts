/**
 * The types of fw-api/ws users see: `ws.Socket<In, Out>` yields the `receive` schema's output and
 * `send` / `publish` take the `send` schema's input (any Standard Schema library); without
 * schemas both are `unknown`; `@ws.socket` goes on a method taking the socket and the params.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { api } from 'fw-api'
import { ws } from 'fw-api/ws'
import * as v from 'valibot'
import { z } from 'zod'

const ChatIn = v.object({ text: v.string() })
const ChatOut = v.object({ from: v.string(), at: v.date() })
const Move = z.object({ x: z.number() })

describe('ws types', () => {
  it('messages are the receive schema output; send takes the send schema input', () => {
    const use = async (socket: ws.Socket<typeof ChatIn, typeof ChatOut>) => {
      for await (const message of socket) expectTypeOf(message).toEqualTypeOf<{ text: string }>()
      expectTypeOf(socket.send).parameter(0).toEqualTypeOf<{ from: string; at: Date }>()
      // @ts-expect-error `at` is a Date
      socket.send({ from: 'a', at: 'now' })
      // @ts-expect-error a field the schema lacks is missing
      socket.publish('room', { at: new Date() })
    }
    void use
  })

  it('zod schemas type the same way; no schema is unknown', () => {
    const use = async (moves: ws.Socket<typeof Move>, raw: ws.Socket) => {
      for await (const move of moves) expectTypeOf(move).toEqualTypeOf<{ x: number }>()
      for await (const message of raw) expectTypeOf(message).toEqualTypeOf<unknown>()
      expectTypeOf(raw.send).parameter(0).toEqualTypeOf<unknown>()
    }
    void use
  })

  it('@ws.socket decorates a method (socket, params)', () => {
    class ChatAPI extends api.API {
      @ws.socket('{room}', { room: v.string() }, { receive: ChatIn, send: ChatOut })
      async room(socket: ws.Socket<typeof ChatIn, typeof ChatOut>, { room }: { room: string }) {
        socket.subscribe(room)
      }
    }
    void ChatAPI
  })
})
