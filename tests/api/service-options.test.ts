/**
 * `new Fw(options)` with the module URL optional, and the `asynchronous`
 * spelling accepted next to the seed's `asynchornous` (SPEC §5, §6).
 */
import 'fw-api/adapters'
import http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'
import { call } from '../helpers/client'

class PingAPI extends api.API {
  @api.get
  ping() {
    return 'pong'
  }
}

const servers: http.Server[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

/** Serve a node:http listener and record what each call of it returned. */
async function returnedBy(listener: http.RequestListener, path: string): Promise<{ returned: unknown; status: number; text: string }> {
  let returned: unknown = 'not called'
  const server = http.createServer((req, res) => {
    returned = listener(req, res)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const response = await fetch(`http://127.0.0.1:${port}${path}`)
  return { returned, status: response.status, text: await response.text() }
}

describe('new Fw(options)', () => {
  it('serves without a module URL', async () => {
    const service = new Fw({ api: PingAPI, route: '/api' })
    expect(service.module).toBeUndefined()
    expect(await call(service, 'GET /api/ping')).toMatchObject({ status: 200, body: 'pong' })
  })

  it('new Fw(import.meta.url, options) still works and records the URL', async () => {
    const service = new Fw(import.meta.url, { api: PingAPI })
    expect(service.module).toBe(import.meta.url)
    expect(await call(service, 'GET /ping')).toMatchObject({ status: 200, body: 'pong' })
  })

  it('new Fw() and new Fw(undefined, options) are services too', async () => {
    expect((await call(new Fw(), 'GET /ping')).status).toBe(404)
    expect(await call(new Fw(undefined, { api: PingAPI }), 'GET /ping')).toMatchObject({ status: 200, body: 'pong' })
  })

  it('a first argument that is neither options nor a URL is ImproperlyConfigured', () => {
    // @ts-expect-error: a number is neither the options nor the module URL
    expect(() => new Fw(42)).toThrow(exceptions.ImproperlyConfigured)
  })
})

describe('asynchronous / asynchornous', () => {
  it.each([
    [{ asynchronous: true }, true],
    [{ asynchornous: true }, true],
    [{ asynchronous: false }, false],
    [{ asynchornous: false }, false],
    [{}, false],
  ])('new Fw(%o).adapt() on node:http → async: %s', async (option, isAsync) => {
    const listener = new Fw({ backend: http, api: PingAPI, ...option }).adapt('/x')
    const { returned, status, text } = await returnedBy(listener, '/x/ping')
    expect({ status, text }).toEqual({ status: 200, text: '"pong"' })
    if (isAsync) expect(returned).toBeInstanceOf(Promise)
    else expect(returned).toBeUndefined()
  })

  it('both spellings with different values are ImproperlyConfigured', () => {
    expect(() => new Fw({ api: PingAPI, asynchornous: true, asynchronous: false })).toThrow(/'asynchornous: true' and 'asynchronous: false' are the same option/)
    expect(() => PingAPI.__as__(http, '/as', { asynchornous: false, asynchronous: true })).toThrow(exceptions.ImproperlyConfigured)
  })

  it('API.__as__ accepts the asynchronous spelling', async () => {
    const listener = PingAPI.__as__(http, '/as', { asynchronous: true })
    const { returned, status } = await returnedBy(listener, '/as/ping')
    expect(status).toBe(200)
    expect(returned).toBeInstanceOf(Promise)
  })
})
