import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { attach } from '../../src/adapters'
import { call, loopbackServers, contractCases, standIn, within } from './helpers'

const serve = await loopbackServers()

describe('fw attached to Fastify', () => {
  it('serves native routes and fw routes side by side', async () => {
    const app = Fastify()
    app.get('/health', async () => ({ ok: true }))
    app.post('/native', async (request) => ({ native: request.body }))
    // a native route under fw's prefix: Fastify's static route wins over fw's wildcard
    app.get('/api/native', async () => 'native under /api')
    expect(attach(app, standIn('/api'), '/api', {})).toBe(app)
    const base = await serve(app)

    await contractCases(base, '/api')
    expect((await call(base, '/health')).json()).toEqual({ ok: true })
    const native = await call(base, '/native', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' })
    expect(native.json()).toEqual({ native: { n: 1 } })
    expect((await call(base, '/api/native')).text).toBe('native under /api')
    const bare = await call(base, '/api')
    expect(bare.json()).toEqual({ data: null, msg: 'NotFound: /api' })
  })

  it("Fastify's content-type parsers do not swallow or refuse fw bodies", async () => {
    const app = Fastify()
    attach(app, standIn(), '', {})
    const base = await serve(app)
    for (const type of ['application/json', 'text/xml', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      const response = await within(call(base, '/echo', { method: 'POST', headers: { 'content-type': type }, body: 'raw <body>' }), 3000, type)
      expect(response.status).toBe(200)
      expect((response.json() as { data: { body: string } }).data.body).toBe('raw <body>')
    }
  })

  it('callback style (asynchronous: false) works as well', async () => {
    const app = Fastify()
    attach(app, standIn(), '/', { asynchronous: false })
    const base = await serve(app)
    await contractCases(base, '')
    // at the root, '/' itself reaches fw too
    expect((await call(base, '/')).json()).toEqual({ data: null, msg: 'NotFound: /' })
  })
})
