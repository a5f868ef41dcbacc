/**
 * SPEC §16 on Workers: rooms as Durable Objects (fw-api/ws/cloudflare) in workerd (miniflare,
 * tests/runtimes/workerd.ts): the Worker sends each handshake to its room's Durable Object, which
 * checks params before 101 (400), accepts, validates messages (error frames) and publishes within
 * the room; the typed client makes a round trip through the Worker's AsyncAPI document.
 *
 *   npx vitest run tests/ws/workers.test.ts --typecheck.enabled=false
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import 'fw-api/client/ws'
import { createClient, type ClientAsyncAPI, type WebSocketConstructor } from 'fw-api/client'
import { labelled, startServer, type Server } from '../runtimes/runtimes'
import { connect, refusal } from './client'
import type { RootAPI } from './fixtures/chat-worker'

const ENTRY = 'tests/ws/fixtures/chat-worker.ts'

describe('socket rooms as Durable Objects in workerd', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    // no nodejs_compat: fw-api/ws names no Node module (fw-api/serve loads crossws's Node adapter)
    server = await startServer(labelled('workerd'), ENTRY, 120_000, { WORKERD_DO: JSON.stringify({ ROOMS: 'ChatRoom' }) })
    base = `${server.origin.replace('http:', 'ws:')}/api/chat`
  }, 150_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('params are checked before 101: 400 as an HTTP answer; a GET without Upgrade is 426; HTTP routes beside', async () => {
    const missing = await refusal(`${base}/lobby`)
    expect(missing.status).toBe(400)
    expect(JSON.parse(missing.body)).toMatchObject({ status: 400, errors: [{ in: 'query', name: 'name' }] })
    expect((await refusal(`${base}/not%20a%20slug?name=ann`)).status).toBe(400)
    const plain = await fetch(`${server.origin}/api/chat/lobby?name=ann`)
    expect(plain.status).toBe(426)
    await plain.body?.cancel()
    expect(await (await fetch(`${server.origin}/api/chat/ping`)).text()).toContain('pong')
  })

  it('a typed round trip through the typed client; a bad message gets an error frame', async () => {
    const asyncapi = (await (await fetch(`${server.origin}/api/docs/asyncapi.json`)).json()) as ClientAsyncAPI
    const client = createClient<typeof RootAPI>({ baseURL: server.origin, route: '/api', asyncapi, WebSocket: WebSocket as unknown as WebSocketConstructor })
    const frames: string[] = []
    const ann = await client.chat.room.connect({ room: 'typed', name: 'ann' }, { onErrorFrame: (error) => frames.push(error.message) })
    const bob = await client.chat.room.connect({ room: 'typed', name: 'bob' })
    const annMessages = ann[Symbol.asyncIterator]()
    const bobMessages = bob[Symbol.asyncIterator]()
    expect((await annMessages.next()).value).toEqual({ from: 'server', text: 'welcome ann to typed', at: '1970-01-01T00:00:00.000Z' })
    await bobMessages.next()
    // @ts-expect-error: not the receive schema's shape, sent anyway
    ann.send({ txt: 'x' })
    ann.send({ text: 'hello' })
    expect((await bobMessages.next()).value).toEqual({ from: 'ann', text: 'hello', at: '1970-01-01T00:00:00.000Z' })
    // the error frame comes on ann's connection, the message on bob's: either may arrive first
    await vi.waitFor(() => expect(frames).toEqual(['invalid message']), { timeout: 10_000 })
    ann.close()
    bob.close()
    expect(await ann.closed).toMatchObject({ code: 1000 })
  })

  it('publish reaches the other sockets of the room (its Durable Object), not another room', async () => {
    const ann = await connect(`${base}/room1?name=ann`)
    const bob = await connect(`${base}/room1?name=bob`)
    const eve = await connect(`${base}/room2?name=eve`)
    for (const socket of [ann, bob, eve]) await socket.next()
    ann.send({ text: 'hello' })
    expect(await bob.next()).toEqual({ from: 'ann', text: 'hello', at: '1970-01-01T00:00:00.000Z' })
    bob.send({ text: 'hi' })
    expect(await ann.next()).toEqual({ from: 'bob', text: 'hi', at: '1970-01-01T00:00:00.000Z' })
    await expect(eve.next(300)).rejects.toThrow('no message')
    ann.socket.send('{not json')
    expect(await ann.next()).toEqual({ error: { status: 400, message: 'invalid JSON message' } })
    for (const socket of [ann, bob, eve]) socket.socket.close()
  })
})
