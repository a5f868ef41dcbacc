/**
 * src/ws/socket.ts: `ws.Socket`, one accepted connection as the endpoint's method sees it — the
 * messages it yields (parsed, validated, in order, a bad one answered with an error frame), what
 * it sends, its limits (size, rate, unread, buffered, idle) closing with the RFC 6455 code named,
 * pub/sub through the service's hub. Driven in-process with a fake peer (tests/ws/fake-peer.ts).
 */
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StandardSchemaV1 } from '../../src/types'
import { TopicHub } from '../../src/ws/hub'
import { Socket } from '../../src/ws/socket'
import { fakePeer, socketPlan, type PlanInputs } from './fake-peer'

/** A socket on a fake peer, with the plan made of `inputs`. */
function open(inputs: PlanInputs = {}) {
  const peer = fakePeer()
  const plan = socketPlan(inputs)
  const socket = new Socket<StandardSchemaV1 | undefined, StandardSchemaV1 | undefined>(plan, peer, {
    url: 'http://x/room',
    headers: new Headers(),
    params: {},
    user: undefined,
    protocol: undefined,
    context: undefined as never,
  })
  return { socket, peer, plan }
}

/** The next message the socket yields (or done). */
const next = (socket: Socket<StandardSchemaV1 | undefined, StandardSchemaV1 | undefined>) => socket[Symbol.asyncIterator]().next()
const frames = (sent: string[]) => sent.map((text) => JSON.parse(text))

afterEach(() => {
  vi.useRealTimers()
})

describe('Socket: received messages', () => {
  it('yields each JSON message parsed, in order, whether read before or after it arrives', async () => {
    const { socket } = open()
    const waiting = next(socket)
    socket.receive('{"n":1}')
    socket.receive('[2]')
    socket.receive('"three"')
    expect(await waiting).toEqual({ value: { n: 1 }, done: false })
    expect(await next(socket)).toEqual({ value: [2], done: false })
    expect(await next(socket)).toEqual({ value: 'three', done: false })
  })

  it('validates with the receive schema: a bad message gets an error frame with its issues, the socket lives', async () => {
    const { socket, peer } = open({ receive: v.object({ n: v.number() }) })
    socket.receive('{"n":"abc"}')
    socket.receive('{"n":"2"}') // converted, then checked
    expect(await next(socket)).toEqual({ value: { n: 2 }, done: false })
    const [frame] = frames(peer.sent)
    expect(frame.error.status).toBe(400)
    expect(frame.error.message).toBe('invalid message')
    expect(frame.error.issues[0].path).toEqual(['n'])
    expect(socket.open).toBe(true)
  })

  it('answers binary, blank, broken and too deep messages with a 400 frame, naming a JSON message', () => {
    const { socket, peer } = open({ depth: 3 })
    socket.receive(new Uint8Array([1, 2]))
    socket.receive('   ')
    socket.receive('{"a":')
    socket.receive('[[[[[1]]]]]')
    expect(frames(peer.sent).map((frame) => [frame.error.status, frame.error.message])).toEqual([
      [400, 'binary messages are not accepted: send JSON text'],
      [400, 'empty message: send JSON text'],
      [400, 'invalid JSON message'],
      [400, 'JSON message nested deeper than 3 levels'],
    ])
    expect(socket.open).toBe(true)
    expect(peer.closes).toEqual([])
  })

  it('drops a `__proto__` key of a message (no prototype pollution)', async () => {
    const { socket } = open()
    socket.receive('{"__proto__":{"polluted":true},"a":1}')
    const { value } = await next(socket)
    expect(value).toEqual({ a: 1 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
  })

  it('keeps the order of messages checked by an async schema, slow or fast', async () => {
    const delays: Record<string, number> = { slow: 20, fast: 0 }
    const slowFirst: StandardSchemaV1<unknown, string> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: async (value) => {
          await new Promise((resolve) => setTimeout(resolve, delays[String(value)] ?? 0))
          return { value: String(value) }
        },
      },
    }
    const { socket } = open({ receive: slowFirst })
    socket.receive('"slow"')
    socket.receive('"fast"')
    expect((await next(socket)).value).toBe('slow')
    expect((await next(socket)).value).toBe('fast')
  })
})

describe('Socket: limits', () => {
  it('closes 1009 on a message over maxMessageBytes (counted in UTF-8 bytes)', async () => {
    const { socket, peer } = open({ limits: { maxMessageBytes: 10 } })
    socket.receive('"éééé"') // 10 bytes: accepted
    socket.receive('"ééééé"') // 12 bytes
    expect(peer.closes).toEqual([{ code: 1009, reason: 'message too big' }])
    expect(await socket.closed).toEqual({ code: 1009, reason: 'message too big' })
    expect(socket.open).toBe(false)
  })

  it('closes 1008 over messagesPerSecond', () => {
    const { socket, peer } = open({ limits: { messagesPerSecond: 3 } })
    for (let n = 0; n < 4; n++) socket.receive(String(n))
    expect(peer.closes).toEqual([{ code: 1008, reason: 'too many messages per second' }])
  })

  it('closes 1008 with more unread messages than maxUnreadMessages', () => {
    const { socket, peer } = open({ limits: { maxUnreadMessages: 2 } })
    for (let n = 0; n < 3; n++) socket.receive(String(n))
    expect(peer.closes).toEqual([{ code: 1008, reason: 'too many unread messages' }])
  })

  it('closes 1008 a client that does not read (more buffered than maxBufferedBytes); send() is then false', () => {
    const { socket, peer } = open({ limits: { maxBufferedBytes: 100 } })
    expect(socket.send({ a: 1 })).toBe(true)
    peer.bufferedAmount = 101
    expect(socket.send({ a: 2 })).toBe(false)
    expect(peer.closes).toEqual([{ code: 1008, reason: 'client too slow: too much buffered' }])
    expect(socket.send({ a: 3 })).toBe(false)
    expect(peer.sent).toEqual(['{"a":1}', '{"a":2}'])
  })

  it('closes 1001 after idleTimeout with no message either way; activity pushes it back', () => {
    vi.useFakeTimers()
    const { socket, peer } = open({ limits: { idleTimeout: 1000 } })
    vi.advanceTimersByTime(600)
    socket.receive('1')
    vi.advanceTimersByTime(600)
    expect(socket.open).toBe(true)
    vi.advanceTimersByTime(500)
    expect(peer.closes).toEqual([{ code: 1001, reason: 'idle timeout' }])
  })

  it('never closes for idleness with idleTimeout 0', () => {
    vi.useFakeTimers()
    const { socket } = open({ limits: { idleTimeout: 0 } })
    vi.advanceTimersByTime(10_000_000)
    expect(socket.open).toBe(true)
  })
})

describe('Socket: send and close', () => {
  it('checks sent messages against the send schema (given in debug): a mismatch throws, naming the endpoint and the path', () => {
    const { socket, peer } = open({ send: v.object({ n: v.number() }) })
    expect(() => socket.send({ n: 'abc' } as never)).toThrow(/TestAPI\.room\(\): socket\.send\(\) message does not match the send schema at n/)
    expect(() => socket.publish('room', { n: 'abc' } as never)).toThrow(/socket\.publish\(\) message does not match/)
    expect(peer.sent).toEqual([])
    socket.send({ n: 1 })
    expect(peer.sent).toEqual(['{"n":1}'])
  })

  it('close(code, reason) closes the peer and ends the iteration; a code the server may not send is a RangeError', async () => {
    const { socket, peer } = open()
    expect(() => socket.close(1005)).toThrow(RangeError)
    expect(() => socket.close(4000, 'x'.repeat(124))).toThrow(RangeError)
    expect(socket.open).toBe(true)
    const waiting = next(socket)
    socket.close(4000, 'bye')
    expect(await waiting).toEqual({ value: undefined, done: true })
    expect(peer.closes).toEqual([{ code: 4000, reason: 'bye' }])
    socket.close(1000)
    expect(peer.closes).toHaveLength(1) // closed once
  })

  it('closedBy() (the client closed) settles closed with the code, 1005 when there was none; later messages are ignored', async () => {
    const { socket, peer } = open()
    socket.receive('1')
    socket.closedBy(undefined, undefined)
    expect(await socket.closed).toEqual({ code: 1005, reason: '' })
    expect(await next(socket)).toEqual({ value: undefined, done: true }) // unread messages dropped
    socket.receive('2')
    expect(peer.sent).toEqual([])
    expect(peer.closes).toEqual([])
  })

  it('a `break` out of the loop leaves the connection open', async () => {
    const { socket } = open()
    socket.receive('1')
    for await (const _message of socket) break
    expect(socket.open).toBe(true)
  })
})

describe('Socket: pub/sub', () => {
  it('publishes to the other subscribers of a topic, not itself; unsubscribe and close leave the topic', () => {
    const hub = new TopicHub(undefined, () => {})
    const alice = open({ hub })
    const bob = open({ hub })
    alice.socket.subscribe('room')
    bob.socket.subscribe('room')
    bob.socket.subscribe('room') // once
    expect(hub.count('room')).toBe(2)
    alice.socket.publish('room', { from: 'alice' })
    expect(alice.peer.sent).toEqual([])
    expect(bob.peer.sent).toEqual(['{"from":"alice"}'])
    bob.socket.unsubscribe('room')
    expect(hub.count('room')).toBe(1)
    alice.socket.closedBy(1000, '')
    expect(hub.count('room')).toBe(0)
    alice.socket.subscribe('room') // closed: no new subscription
    expect(hub.count('room')).toBe(0)
  })
})
