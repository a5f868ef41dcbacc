/**
 * src/node/io/socket.ts: the stand-in socket under a bridged req/res swallows writes at once,
 * never produces data, looks alive to body parsers and Koa (`readable`, `writable`), and reports
 * the client address and TLS the bridge was given.
 */
import { describe, expect, it } from 'vitest'
import { loadStream } from '../../../src/node/io/runtime'
import { createSocket } from '../../../src/node/io/socket'

const stream = loadStream('tests')

describe('createSocket', () => {
  it('reports the address, its family and TLS as given; nothing by default', () => {
    expect(createSocket(stream, { remoteAddress: '203.0.113.7', remotePort: 51_000, encrypted: true })).toMatchObject({
      remoteAddress: '203.0.113.7',
      remotePort: 51_000,
      remoteFamily: 'IPv4',
      encrypted: true,
    })
    expect(createSocket(stream, { remoteAddress: '::1' }).remoteFamily).toBe('IPv6')
    const unknown = createSocket(stream, { encrypted: false })
    expect(unknown.remoteAddress).toBeUndefined()
    expect(unknown.remoteFamily).toBeUndefined()
    expect(Reflect.get(unknown, 'encrypted')).toBeUndefined()
  })

  it('looks like an open connection: readable, writable, not connecting, chainable setters', () => {
    const socket = createSocket(stream, {})
    expect(socket.readable).toBe(true)
    expect(socket.writable).toBe(true)
    expect(socket.connecting).toBe(false)
    expect(socket.readyState).toBe('open')
    expect(socket.setTimeout(1000)).toBe(socket)
    expect(socket.setNoDelay(true)).toBe(socket)
    expect(socket.setKeepAlive(true)).toBe(socket)
    expect(socket.ref()).toBe(socket)
    expect(socket.unref()).toBe(socket)
    expect(socket.address()).toEqual({})
  })

  it('swallows writes at once, even a large one, never asking to wait for drain', async () => {
    const socket = createSocket(stream, {})
    expect(socket.write('HTTP/1.1 200 OK\r\n\r\n')).toBe(true)
    expect(socket.write(new Uint8Array(8 * 1024 * 1024))).toBe(true)
    const ended = new Promise<void>((resolve) => socket.end(resolve))
    await ended
    expect(socket.writableFinished).toBe(true)
  })

  it('never produces data, and closes when destroyed', async () => {
    const socket = createSocket(stream, {})
    let data = 0
    socket.on('data', () => data++)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(data).toBe(0)
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.destroy()
    await closed
    expect(socket.destroyed).toBe(true)
  })
})
