import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { attach } from '../../src/adapters'
import { createBackendApp } from '../../src/adapters/attach'
import { call, loopbackServers, contractCases, standIn } from './helpers'

const serve = await loopbackServers()

describe('fw attached to Hono', () => {
  it('serves native routes and fw routes side by side', async () => {
    const app = new Hono()
    app.get('/health', (c) => c.json({ ok: true }))
    expect(attach(app, standIn('/api'), '/api', {})).toBe(app)
    // registered after fw, under its prefix: reached through the 404 fall-through
    app.get('/api/native', (c) => c.text('native under /api'))
    const base = await serve(app)

    await contractCases(base, '/api')
    expect((await call(base, '/health')).json()).toEqual({ ok: true })
    expect((await call(base, '/api/native')).text).toBe('native under /api')
    const missing = await call(base, '/api/missing')
    expect(missing.status).toBe(404)
    expect(missing.json()).toEqual({ data: null, msg: 'NotFound: /api/missing' })
  })

  it('the Hono class gives a sub-app for app.route("/", entry)', async () => {
    const entry = attach(Hono, standIn('/api'), '/api', {})
    expect(entry).toBeInstanceOf(Hono)
    expect(createBackendApp(Hono)).toBeInstanceOf(Hono)
    const app = new Hono()
    app.get('/health', (c) => c.text('ok'))
    app.route('/', entry as Hono)
    const base = await serve(app)
    await contractCases(base, '/api')
    expect((await call(base, '/health')).text).toBe('ok')
  })

  it('reuses a body a Hono middleware already read', async () => {
    const app = new Hono()
    app.use('*', async (c, next) => {
      if (c.req.method === 'POST') await c.req.json()
      await next()
    })
    attach(app, standIn(), '', {})
    const response = await app.fetch(
      new Request('http://localhost/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }),
    )
    expect(await response.json()).toEqual({ data: { body: '{"a":1}', type: 'application/json', url: '/echo' }, msg: '' })
  })
})
