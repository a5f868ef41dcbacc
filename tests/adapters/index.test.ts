/**
 * src/adapters/index.ts, the `fw-api/adapters` entry: importing it registers the backends with
 * `Fw` (the core carries none, SPEC §5.2): before, a service with a `backend` is refused naming the
 * import; after, the service attaches to the app. It exports the public adapter functions.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { api, Fw } from '../../src'
import { backendLayer } from '../../src/service/host'

class PingAPI extends api.API {
  @api.get
  ping() {
    return 'pong'
  }
}

describe('the fw-api/adapters entry', () => {
  it('registers the backend layer when imported, not before', async () => {
    expect(() => backendLayer('a backend app')).toThrow(
      "a backend app needs the host framework adapters: add `import 'fw-api/adapters'` (SPEC §5.2: the core carries none)",
    )
    expect(() => new Fw({ api: PingAPI, backend: new Hono() })).toThrow("add `import 'fw-api/adapters'`")

    const entry = await import('../../src/adapters')
    const layer = backendLayer('a backend app')
    expect(typeof layer.link).toBe('function')
    expect(typeof layer.attachHidden).toBe('function')
    // importing again registers nothing new: the first registration stands
    await import('../../src/adapters')
    expect(backendLayer('again')).toBe(layer)

    const host = new Hono()
    new Fw({ api: PingAPI, backend: host, route: '/api' })
    const response = await host.fetch(new Request('http://localhost/api/ping'))
    expect(response.status).toBe(200)
    expect(await response.json()).toBe('pong')
    expect(Object.keys(entry).sort()).toEqual(['attach', 'fromNode', 'isNestApp', 'isNodeApp', 'runBackend', 'toFetchHandler'])
  })
})
