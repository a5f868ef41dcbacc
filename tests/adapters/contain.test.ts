/**
 * Errors of a mounted Node app, thrown synchronously or
 * asynchronously in its request path (the listener, its promise, the events
 * of its req/res), answer 500 (or cut a response already under way) and never
 * take the process down. Served by service.run() over real HTTP; an uncaught
 * exception here would fail the vitest run.
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Fw, fromNode, type RunningServer } from 'fw-api'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { call } from './helpers'

const service = new Fw(import.meta.url, {})
service.mount(fromNode(() => { throw new Error('sync') }), '/sync')
service.mount(fromNode(async () => { await Promise.resolve(); throw new Error('async') }), '/async')
service.mount(fromNode((req, res) => {
  req.on('data', () => { throw new Error('in data') })
  req.on('end', () => res.end('x'))
}), '/data')
service.mount(fromNode((req) => {
  // 'end' is emitted from process.nextTick: uncaught unless fw contains it
  req.on('end', () => { throw new Error('in end') })
  ;(req as unknown as IncomingMessage).resume()
}), '/end')
service.mount(fromNode((_req, res) => (res as unknown as ServerResponse).emit('error', new Error('unheard error event'))), '/error-event')
service.mount(fromNode((_req, res) => {
  res.on('finish', () => { throw new Error('after finish') })
  res.end('sent')
}), '/finish')
service.mount(fromNode((_req, res) => {
  res.write('partial')
  throw new Error('after write')
}), '/after-write')
service.mount(fromNode((_req, res) => res.end('fine')), '/fine')

let server: RunningServer
const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
beforeAll(async () => {
  server = await service.run({ port: 0 })
})
afterAll(async () => {
  await server.close()
  logged.mockRestore()
})

const base = (): string => `http://127.0.0.1:${server.port}`
const post = { method: 'POST', body: 'hello' }

describe('a failing mounted Node app', () => {
  it.each([
    ['/sync', 'a synchronous throw'],
    ['/async', 'a rejected promise'],
    ['/data', "a throw in req.on('data')"],
    ['/end', "a throw in req.on('end') (nextTick)"],
    ['/error-event', "an 'error' event nobody listens to"],
  ])('%s: %s → 500, logged once', async (path) => {
    logged.mockClear()
    const response = await call(base(), path, post)
    expect(response.status).toBe(500)
    expect(response.text).toBe('Internal Server Error')
    expect(logged).toHaveBeenCalledTimes(1)
  })
  it('a throw after the response finished is logged; the client got the response', async () => {
    logged.mockClear()
    const response = await call(base(), '/finish')
    expect([response.status, response.text]).toEqual([200, 'sent'])
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1))
  })
  it('a throw after the body started cuts the response (the status is already out)', async () => {
    await expect(fetch(`${base()}/after-write`).then((r) => r.text())).rejects.toThrow()
  })
  it('the process and the server are still serving', async () => {
    expect((await call(base(), '/fine')).text).toBe('fine')
  })
})
