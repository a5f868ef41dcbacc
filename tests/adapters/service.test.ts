/**
 * The adapters with the real service (the lead wires `mount`/`adapt`/`__as__`
 * into Fw; here `attach(backend, service.fetch, route)` is called directly).
 */
import 'fw-api/adapters'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import bodyParser from 'koa-bodyparser'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { Fw, api, conf, request } from 'fw-api'
import { attach, runBackend, toFetchHandler } from '../../src/adapters'
import { call } from './helpers'
import type { RunningServer } from '../../src/serve'
import { Envelope, int } from '../helpers/fixtures'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>


@api.route('calc')
class CalcAPI extends api.API {
  @api.get({ a: int, b: int })
  add({ a, b }: { a: number; b: number }) {
    return a + b
  }
}
class RootAPI extends api.API {
  static response = Envelope
  static calc = CalcAPI
  @api.get
  time() {
    return new Date(Date.UTC(2025, 3, 15, 16, 38, 30))
  }
  @api.post({ data: request.Body(v.object({ title: v.string(), views: v.optional(int, 0) })) })
  article({ data }: { data: { title: string; views: number } }) {
    return data
  }
}

const service = new Fw(import.meta.url, { api: RootAPI, route: '/api' })
service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))

const servers: RunningBackend[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function check(app: unknown): Promise<void> {
  const server = await runBackend(app, service.fetch, { port: 0 })
  servers.push(server)
  const base = `http://127.0.0.1:${server.port}`
  expect((await call(base, '/api/calc/add?a=1.5&b=2.1')).json()).toEqual({ data: 3, msg: '' })
  const bad = await call(base, '/api/calc/add?a=1&b=x')
  expect(bad.status).toBe(400)
  expect(bad.json()).toEqual({ data: null, msg: "BadRequest: parse item: ['b'] failed: invalid number: 'x'" })
  expect((await call(base, '/api/time')).json()).toEqual({ data: '2025-04-15 16:38:30', msg: '' })
  for (const [type, body] of [
    ['application/json', '{"title":"hi","views":"2"}'],
    ['application/x-www-form-urlencoded', 'title=hi&views=2'],
  ]) {
    const posted = await call(base, '/api/article', { method: 'POST', headers: { 'content-type': type! }, body })
    expect(posted.json(), type).toEqual({ data: { title: 'hi', views: 2 }, msg: '' })
  }
  expect((await call(base, '/native')).text).toBe('native')
}

describe('attach() with the real Fw service', () => {
  it('Express with express.json() and urlencoded() before fw', async () => {
    const app = express()
    app.use(express.json(), express.urlencoded({ extended: false }))
    app.get('/native', (_req, res) => {
      res.send('native')
    })
    attach(app, service.fetch, '/api', {})
    await check(app)
  })

  it('Koa with koa-bodyparser before fw', async () => {
    const app = new Koa()
    app.use(bodyParser())
    app.use(async (ctx, next) => {
      if (ctx.path === '/native') ctx.body = 'native'
      else await next()
    })
    attach(app, service.fetch, '/api', {})
    await check(app)
  })

  it('Fastify', async () => {
    const app = Fastify()
    app.get('/native', async () => 'native')
    attach(app, service.fetch, '/api', {})
    await check(app)
  })

  it('Hono', async () => {
    const app = new Hono().get('/native', (c) => c.text('native'))
    attach(app, service.fetch, '/api', {})
    await check(app)
  })

  it('an Express app mounted in a fetch-only service answers in process (service.mount(toFetchHandler(app)))', async () => {
    const legacy = express()
    legacy.use(express.json())
    legacy.post('/users', (req, res) => {
      res.cookie('a', '1')
      res.cookie('b', '2')
      res.status(201).set('x-legacy', 'yes').json({ created: req.body, url: req.url })
    })
    const fetchOnly = new Fw(import.meta.url, { api: RootAPI, route: '/api' })
    fetchOnly.mount(toFetchHandler(legacy), '/legacy')
    const answer = await fetchOnly.fetch(
      new Request('http://localhost/legacy/users?x=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' }),
    )
    expect(answer.status).toBe(201)
    expect(answer.headers.get('x-legacy')).toBe('yes')
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(await answer.json()).toEqual({ created: { n: 1 }, url: '/users?x=1' })
    const own = await fetchOnly.fetch(new Request('http://localhost/api/calc/add?a=1&b=2'))
    expect(await own.json()).toEqual({ data: 3, msg: '' })
  })
})
