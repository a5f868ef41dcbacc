/**
 * SPEC §6–§7 through the real service: `service.adapt(route)`, the `backend`
 * option with `application()` / `run()`, and apps mounted into a service.
 * (`API.__as__` lives in as.test.ts: it may run once per process.)
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import http from 'node:http'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import { Elysia } from 'elysia'
import { afterEach, describe, expect, it } from 'vitest'
import { Fw, conf, exceptions, fromNode, type RunningServer } from 'fw-api'
import { runBackend } from '../../src/adapters'
import { CalcAPI } from './fw-api'
import { call } from './helpers'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

const servers: (RunningServer | RunningBackend)[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function timed(options: ConstructorParameters<typeof Fw>[1]): Fw {
  const service = new Fw(import.meta.url, { api: CalcAPI, ...options })
  service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
  return service
}

/** The contract's cases under `route`, plus the app's own `/native` route. */
async function contract(base: string, route: string): Promise<void> {
  expect((await call(base, `${route}/add?a=1.5&b=2.1`)).text).toBe('{"data":3,"msg":""}')
  const bad = await call(base, `${route}/add?a=1&b=x`)
  expect(bad.status).toBe(400)
  expect(bad.text).toBe(`{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`)
  expect((await call(base, `${route}/time`)).text).toBe('{"data":"2025-04-15 16:38:30","msg":""}')
  const posted = await call(base, `${route}/article`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t","views":"2"}' })
  expect(posted.text).toBe('{"data":{"title":"t","views":2},"msg":""}')
  expect((await call(base, '/native')).text).toBe('native')
}

async function serve(app: unknown): Promise<string> {
  const server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
  servers.push(server)
  return `http://127.0.0.1:${server.port}`
}

describe('service.adapt(route) on each backend, with conf.Time applied', () => {
  it('Hono app', async () => {
    const app = new Hono().get('/native', (c) => c.text('native'))
    timed({ backend: app }).adapt('/calc')
    await contract(await serve(app), '/calc')
  })
  it('Hono class → a sub-app for app.route()', async () => {
    const app = new Hono().get('/native', (c) => c.text('native'))
    app.route('/', timed({ backend: Hono, route: '/v1' }).adapt('/calc') as Hono)
    await contract(await serve(app), '/calc/v1')
  })
  it('Express app, behind express.json()', async () => {
    const app = express()
    app.use(express.json())
    app.get('/native', (_req, res) => void res.send('native'))
    timed({ backend: app }).adapt('/calc')
    await contract(await serve(app), '/calc')
  })
  it('express module → a Router', async () => {
    const app = express()
    app.get('/native', (_req, res) => void res.send('native'))
    app.use(timed({ backend: express }).adapt('/calc') as express.Router)
    await contract(await serve(app), '/calc')
  })
  it('Fastify instance', async () => {
    const app = Fastify()
    app.get('/native', async () => 'native')
    timed({ backend: app }).adapt('/calc')
    await contract(await serve(app), '/calc')
  })
  it('Koa app', async () => {
    const app = new Koa()
    timed({ backend: app }).adapt('/calc')
    app.use(async (ctx, next) => {
      if (ctx.path === '/native') ctx.body = 'native'
      else await next()
    })
    await contract(await serve(app), '/calc')
  })
  it('node:http module → a request listener', async () => {
    const listener = timed({ backend: http }).adapt('/calc') as http.RequestListener
    const server = http.createServer((req, res) => (req.url === '/native' ? res.end('native') : listener(req, res)))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    servers.push({ port: 0, close: () => new Promise((resolve) => server.close(() => resolve())) })
    const address = server.address() as { port: number }
    await contract(`http://127.0.0.1:${address.port}`, '/calc')
  })
  it('Elysia app', async () => {
    const app = new Elysia().get('/native', () => 'native')
    timed({ backend: app }).adapt('/calc')
    await contract(await serve(app), '/calc')
  })
})

describe('the backend option', () => {
  it('attaches an app instance at once; application() returns it; run() serves it', async () => {
    const app = express()
    app.get('/native', (_req, res) => void res.send('native'))
    const service = timed({ backend: app, route: '/calc' })
    expect(service.application()).toBe(app)
    const server = await service.run({ port: 0 })
    servers.push(server)
    await contract(`http://127.0.0.1:${server.port}`, '/calc')
  })
  it('creates the app from a module or class in setup(); mounting apps before that throws', async () => {
    const service = timed({ backend: Hono, route: '/calc' })
    expect(() => service.mount(() => new Response('x'), '/x')).toThrow(exceptions.ImproperlyConfigured)
    service.setup()
    const app = service.application() as Hono
    expect(app).toBeInstanceOf(Hono)
    app.get('/native', (c) => c.text('native'))
    service.mount(() => new Response('mounted'), '/x')
    const server = await service.run({ port: 0 })
    servers.push(server)
    const base = `http://127.0.0.1:${server.port}`
    await contract(base, '/calc')
    expect((await call(base, '/x/anything')).text).toBe('mounted')
  })
  it('adapt() needs a backend', () => {
    expect(() => new Fw(import.meta.url, { api: CalcAPI }).adapt('/x')).toThrow(exceptions.ImproperlyConfigured)
  })
})

describe('service.mount(app, route) into a fetch-only service (SPEC §7)', () => {
  const service = timed({ route: '/calc' })
  const expressApp = express()
  expressApp.use(express.json())
  expressApp.post('/echo', (req, res) => {
    res.cookie('a', '1').cookie('b', '2').status(201).set('x-from', 'express').json({ got: req.body, path: req.path })
  })
  service.mount(expressApp, '/legacy')
  service.mount(new Hono().get('/hi', (c) => c.text(`hono ${c.req.path}`)), '/hono')
  service.mount(fromNode((req, res) => res.end(`node ${req.url}`)), '/node')
  const koa = new Koa()
  koa.use((ctx) => {
    ctx.body = { koa: ctx.path }
  })
  service.mount(koa, '/koa')
  const fastify = Fastify()
  fastify.get('/f', async () => ({ fastify: true }))
  service.mount(fastify, '/fastify')

  it('answers in-process with status, headers and JSON body intact, including POST bodies', async () => {
    const res = await service.fetch(new Request('http://x/legacy/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' }))
    expect(res.status).toBe(201)
    expect(res.headers.get('x-from')).toBe('express')
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(await res.json()).toEqual({ got: { n: 1 }, path: '/echo' })
  })
  it('strips the prefix for every kind of target, and fw routes still answer', async () => {
    expect(await (await service.fetch(new Request('http://x/hono/hi'))).text()).toBe('hono /hi')
    expect(await (await service.fetch(new Request('http://x/node/a?b=1'))).text()).toBe('node /a?b=1')
    expect(await (await service.fetch(new Request('http://x/koa/k'))).json()).toEqual({ koa: '/k' })
    expect(await (await service.fetch(new Request('http://x/fastify/f'))).json()).toEqual({ fastify: true })
    expect(await (await service.fetch(new Request('http://x/calc/add?a=1&b=2'))).text()).toBe('{"data":3,"msg":""}')
  })
  it('refuses unsupported targets, naming the supported kinds', () => {
    expect(() => service.mount(42, '/n')).toThrow(exceptions.ImproperlyConfigured)
    expect(() => service.mount({ nope: true }, '/n')).toThrow(/fetch/)
  })
})
