import Router from '@koa/router'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import Koa from 'koa'
import bodyParser from 'koa-bodyparser'
import { describe, expect, it } from 'vitest'
import { fromNode, toFetchHandler } from '../../src/adapters'
import { stripPrefix } from '../../src/router/url'
import { ImproperlyConfigured } from '../../src/exceptions'
import { within } from './helpers'

const post = (path: string, body: unknown): Request =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('toFetchHandler: mounting apps into a fetch-handler world', () => {
  it('an Express app answers in process: POST JSON, status, headers, two Set-Cookie', async () => {
    const app = express()
    app.use(express.json())
    app.post('/users', (req, res) => {
      res.cookie('session', 'abc', { httpOnly: true })
      res.cookie('theme', 'dark')
      res.status(201).set('X-Custom-Header', 'Yes').json({ created: req.body, path: req.path })
    })
    const handler = toFetchHandler(app)
    const response = await within(Promise.resolve(handler(post('/users?x=1', { name: 'ada' }))))
    expect(response.status).toBe(201)
    expect(response.headers.get('x-custom-header')).toBe('Yes')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/'])
    expect(await response.json()).toEqual({ created: { name: 'ada' }, path: '/users' })
    // Express's own 404 page for unknown paths
    expect((await handler(new Request('http://localhost/nope'))).status).toBe(404)
  })

  it('with the prefix stripped by the caller', async () => {
    const app = express()
    app.get('/users/:id', (req, res) => {
      res.json({ id: req.params.id, url: req.originalUrl })
    })
    const handler = toFetchHandler(app)
    const response = await handler(stripPrefix(new Request('http://localhost/legacy/users/7?full=1'), '/legacy'))
    expect(await response.json()).toEqual({ id: '7', url: '/users/7?full=1' })
    expect(new URL(stripPrefix(new Request('http://localhost/legacy'), '/legacy').url).pathname).toBe('/')
    expect(new URL(stripPrefix(new Request('http://localhost/legacyx'), '/legacy').url).pathname).toBe('/legacyx')
  })

  it('a bare Express router (no listen) gets a final 404 next()', async () => {
    // Without an app there are no Express req/res helpers (res.send): plain Node calls only.
    const router = express.Router()
    router.get('/a', (_req, res) => {
      res.end('a')
    })
    const handler = toFetchHandler(router)
    expect(await (await handler(new Request('http://localhost/a'))).text()).toBe('a')
    const missing = await handler(new Request('http://localhost/b'))
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('Cannot GET /b')
  })

  it('a Koa app with @koa/router and koa-bodyparser', async () => {
    const app = new Koa()
    app.use(bodyParser())
    const router = new Router()
    router.post('/items', (ctx) => {
      ctx.status = 201
      ctx.cookies.set('a', '1', { httpOnly: false })
      ctx.cookies.set('b', '2', { httpOnly: false })
      ctx.body = { got: ctx.request.body }
    })
    app.use(router.routes())
    const handler = toFetchHandler(app)
    const response = await within(Promise.resolve(handler(post('/items', { n: 1 }))))
    expect(response.status).toBe(201)
    expect(response.headers.getSetCookie()).toEqual(['a=1; path=/', 'b=2; path=/'])
    expect(await response.json()).toEqual({ got: { n: 1 } })
  })

  it('a Fastify instance through inject', async () => {
    const app = Fastify()
    app.post('/things', async (request, reply) => {
      reply.header('set-cookie', ['x=1', 'y=2'])
      return reply.code(202).send({ got: request.body })
    })
    app.get('/stream', async (_request, reply) => reply.type('text/plain').send('streamed'))
    const handler = toFetchHandler(app)
    const response = await handler(post('/things', { t: true }))
    expect(response.status).toBe(202)
    expect(response.headers.getSetCookie()).toEqual(['x=1', 'y=2'])
    expect(await response.json()).toEqual({ got: { t: true } })
    const text = await handler(new Request('http://localhost/stream'))
    expect(text.headers.get('content-type')).toContain('text/plain')
    expect(await text.text()).toBe('streamed')
  })

  it('Hono apps and plain fetch functions directly (this kept)', async () => {
    const hono = new Hono().get('/hi', (c) => c.json({ hi: c.req.query('name') }))
    expect(await (await toFetchHandler(hono)(new Request('http://localhost/hi?name=x'))).json()).toEqual({ hi: 'x' })
    const withThis = {
      greeting: 'hey',
      fetch(this: { greeting: string }, _request: Request) {
        return new Response(this.greeting)
      },
    }
    expect(await (await toFetchHandler(withThis)(new Request('http://localhost/'))).text()).toBe('hey')
    const fn = (request: Request) => new Response(new URL(request.url).pathname)
    expect(await (await toFetchHandler(fn)(new Request('http://localhost/p'))).text()).toBe('/p')
  })

  it('a fromNode listener; an unwrapped Node listener is reported', async () => {
    const listener = fromNode((req, res) => {
      res.setHeader('content-type', 'text/plain')
      res.end(`node ${req.method} ${req.url}`)
    })
    const response = await toFetchHandler(listener)(new Request('http://localhost/x?y=1', { method: 'DELETE' }))
    expect(await response.text()).toBe('node DELETE /x?y=1')
    // a fromNode result is a fetch object itself
    expect(await (await listener.fetch(new Request('http://localhost/z'))).text()).toBe('node GET /z')

    const unwrapped = toFetchHandler((_req: unknown, res: { end(text: string): void }) => res.end('x'))
    await expect(Promise.resolve().then(() => unwrapped(new Request('http://localhost/')))).rejects.toThrow(/fromNode/)
  })

  it('unsupported targets throw ImproperlyConfigured naming the supported kinds', () => {
    for (const target of [42, 'app', null, undefined, {}, { handle: () => {} }]) {
      expect(() => toFetchHandler(target)).toThrow(ImproperlyConfigured)
    }
    expect(() => toFetchHandler({})).toThrow(/Express\/Connect app.*Koa app.*Fastify instance.*fromNode/)
    expect(() => toFetchHandler(Hono)).toThrow(/mount an instance \(new Hono\(\)\)/)
  })
})
