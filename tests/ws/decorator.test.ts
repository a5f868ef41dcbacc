/**
 * src/ws/decorator.ts: `@ws.socket(path?, params?, options?)` recorded as a GET endpoint with its
 * socket declaration, hidden from the OpenAPI document; options checked when the decorator is made;
 * misplaced ones recorded with their fix.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import 'fw-api'
import { ImproperlyConfigured } from '../../src/exceptions'
import { ownMeta } from '../../src/meta/class-meta'
import { socket } from '../../src/ws/decorator'
import { DEFAULT_LIMITS } from '../../src/ws/options'

const metaOf = (cls: Function) => {
  const [meta] = ownMeta(cls)
  if (!meta) throw new Error(`${cls.name} has no meta`)
  return meta
}

describe('@ws.socket', () => {
  const Room = { room: v.string() }
  class Chat {
    @socket
    lobby(): void {}

    @socket('/{room}', Room, { messagesPerSecond: 5 })
    room(): void {}

    @socket(Room)
    byQuery(): void {}
  }

  it('records a GET endpoint with its path, params and socket declaration', () => {
    const endpoints = metaOf(Chat).endpoints
    expect(endpoints.get('lobby')).toEqual([{ method: 'GET', path: undefined, params: undefined, socket: { receive: undefined, send: undefined, origins: undefined, protocols: undefined, limits: DEFAULT_LIMITS } }])
    expect(endpoints.get('room')?.[0]).toMatchObject({ method: 'GET', path: '/{room}', params: Room, socket: { limits: { messagesPerSecond: 5 } } })
    expect(endpoints.get('byQuery')?.[0]).toMatchObject({ path: undefined, params: Room })
  })

  it('hides each socket from the OpenAPI document', () => {
    for (const name of ['lobby', 'room', 'byQuery']) expect(metaOf(Chat).docs.get(name), name).toEqual({ hidden: true })
  })

  it('checks its options when made, naming the path', () => {
    expect(() => socket('/x', {}, { maxMessageBytes: 0 })).toThrow("@ws.socket('/x'): @ws.socket maxMessageBytes must be a positive integer, got 0")
    expect(() => socket({}, { unknown: 1 } as never)).toThrow(ImproperlyConfigured)
  })

  it('records one on a field or the class as misplaced', () => {
    // @ts-expect-error the types refuse it too
    @socket
    class Wrong {
      // @ts-expect-error the types refuse it too
      @socket
      field = 1
    }
    expect(metaOf(Wrong).endpoints.size).toBe(0)
    expect(metaOf(Wrong).misplaced.map((entry) => entry.message).sort()).toEqual([
      '@ws.socket is on a field; it declares a WebSocket endpoint: put it on an instance method `name(socket, params) { … }`',
      '@ws.socket is on the class; it declares a WebSocket endpoint: put it on an instance method `name(socket, params) { … }`',
    ])
  })
})
