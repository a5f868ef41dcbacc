/**
 * Embedded fw answers only under its route and leaves the
 * rest to the host (its own `notFound`, its 404 page), whatever prefix style
 * is used: `adapt('/v1')` on an app, Hono's `app.route('/v1', sub)`, Express's
 * `app.use('/v1', router)`. Over real HTTP on 127.0.0.1.
 */
import 'fw-api/adapters'
import express from 'express'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { Fw } from 'fw-api'
import { runBackend } from '../../src/adapters'
import { CalcAPI } from './fw-api'
import { call } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

const servers: RunningBackend[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(app: unknown): Promise<string> {
  const server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
  servers.push(server)
  return `http://127.0.0.1:${server.port}`
}

const ADD = '{"data":3,"msg":""}'

function hostWithNotFound(): Hono {
  const app = new Hono()
  app.get('/native', (c) => c.text('native'))
  app.notFound((c) => c.text('host 404', 404))
  return app
}

describe('Hono', () => {
  it('backend: app + adapt("/v1"): fw under /v1 only; elsewhere the host notFound answers', async () => {
    const app = hostWithNotFound()
    new Fw(import.meta.url, { backend: app, api: CalcAPI }).adapt('/v1')
    const base = await serve(app)
    expect((await call(base, '/v1/add?a=1&b=2')).text).toBe(ADD)
    // the constructor's own attachment (at the root) stepped aside
    const outside = await call(base, '/add?a=1&b=2')
    expect([outside.status, outside.text]).toEqual([404, 'host 404'])
    expect((await call(base, '/elsewhere')).text).toBe('host 404')
    expect((await call(base, '/native')).text).toBe('native')
    // under its route, fw's own 404
    const inside = await call(base, '/v1/nope')
    expect(inside.status).toBe(404)
    expect(inside.text).toContain('NotFound')
  })
  it('backend: app + route + adapt("/v1"): nothing of fw is left at the old route', async () => {
    const app = hostWithNotFound()
    new Fw(import.meta.url, { backend: app, api: CalcAPI, route: '/calc' }).adapt('/v1')
    const base = await serve(app)
    expect((await call(base, '/v1/calc/add?a=1&b=2')).text).toBe(ADD)
    const old = await call(base, '/calc/add?a=1&b=2')
    expect([old.status, old.text]).toEqual([404, 'host 404'])
  })
  it('backend: app at the root: fw answers its routes, the host notFound the rest', async () => {
    const app = hostWithNotFound()
    new Fw(import.meta.url, { backend: app, api: CalcAPI })
    const base = await serve(app)
    expect((await call(base, '/add?a=1&b=2')).text).toBe(ADD)
    const missing = await call(base, '/elsewhere')
    expect([missing.status, missing.text]).toEqual([404, 'host 404'])
  })
  it('app.route("/v1", service.adapt("/")) with the Hono class: the mount prefix is stripped', async () => {
    const app = hostWithNotFound()
    app.route('/v1', new Fw(import.meta.url, { backend: Hono, api: CalcAPI }).adapt('/'))
    app.route('/v2', new Fw(import.meta.url, { backend: Hono, api: CalcAPI }).adapt('/calc'))
    const base = await serve(app)
    expect((await call(base, '/v1/add?a=1&b=2')).text).toBe(ADD)
    expect((await call(base, '/v2/calc/add?a=1&b=2')).text).toBe(ADD)
    expect((await call(base, '/add?a=1&b=2')).text).toBe('host 404')
    expect((await call(base, '/v2/add?a=1&b=2')).text).toBe('host 404')
  })
})

describe('Express', () => {
  it('app.use("/v1", service.adapt("/")) with the express module: relative to the mount path', async () => {
    const app = express()
    app.use('/v1', new Fw(import.meta.url, { backend: express, api: CalcAPI }).adapt('/'))
    app.use('/v2', new Fw(import.meta.url, { backend: express, api: CalcAPI }).adapt('/v2'))
    app.use((_req, res) => void res.status(404).send('host 404'))
    const base = await serve(app)
    expect((await call(base, '/v1/add?a=1&b=2')).text).toBe(ADD)
    // a route that repeats the mount path is taken as the full path (no /v2/v2)
    expect((await call(base, '/v2/add?a=1&b=2')).text).toBe(ADD)
    expect((await call(base, '/add?a=1&b=2')).text).toBe('host 404')
  })
  it('backend: app + adapt("/v1"): the constructor attachment steps aside', async () => {
    const app = express()
    new Fw(import.meta.url, { backend: app, api: CalcAPI }).adapt('/v1')
    app.use((_req, res) => void res.status(404).send('host 404'))
    const base = await serve(app)
    expect((await call(base, '/v1/add?a=1&b=2')).text).toBe(ADD)
    expect((await call(base, '/add?a=1&b=2')).text).toBe('host 404')
  })
})
