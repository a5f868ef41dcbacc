/**
 * SPEC §16 on the Node servers fw is attached to (SPEC §6): Express, Koa, Fastify and `node:http`
 * served by `service.run()` with the `backend` option (the upgrade is wired by fw), and a server
 * the user created and listens on, given to `ws.attachWebSocket(server, service)`. The socket
 * opens with its params and auth checked, a refusal is the HTTP answer, the app's own HTTP routes
 * still answer on the same server.
 *
 *   npx vitest run tests/ws/attach.test.ts --typecheck.enabled=false
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import http from 'node:http'
import express from 'express'
import Fastify from 'fastify'
import Koa from 'koa'
import { afterEach, describe, expect, it } from 'vitest'
import { Fw } from 'fw-api'
import { ws } from 'fw-api/ws'
import { connect, refusal } from './client'
import { RootAPI } from './fixtures/chat'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/** The socket, its refusal and the app's own route, on `origin`. */
async function conforms(origin: string, native: string): Promise<void> {
  const base = `${origin.replace('http:', 'ws:')}/api/chat`
  const ann = await connect(`${base}/lobby?token=ann-secret`)
  const bob = await connect(`${base}/lobby?token=bob-secret`)
  expect(await ann.next()).toMatchObject({ text: 'welcome ann to lobby' })
  await bob.next()
  ann.send({ text: 'hello' })
  expect(await bob.next()).toEqual({ from: 'ann', text: 'hello', at: '1970-01-01T00:00:00.000Z' })
  ann.socket.send('nope')
  expect(await ann.next()).toEqual({ error: { status: 400, message: 'invalid JSON message' } })
  expect((await refusal(`${base}/lobby?token=nobody`)).status).toBe(401)
  ann.socket.close()
  bob.socket.close()
  const plain = await fetch(`${origin}/api/chat/lobby?token=ann-secret`)
  expect(plain.status).toBe(426)
  expect(await (await fetch(`${origin}${native}`)).text()).toBe('native')
}

function expressApp(): express.Express {
  const app = express()
  app.get('/native', (_req, res) => void res.send('native'))
  return app
}

function koaApp(): Koa {
  const app = new Koa()
  app.use(async (ctx, next) => {
    if (ctx.path === '/native') ctx.body = 'native'
    else await next()
  })
  return app
}

function fastifyApp(): ReturnType<typeof Fastify> {
  const app = Fastify()
  app.get('/native', async () => 'native')
  return app
}

describe('service.run() with a backend upgrades on its server', () => {
  it.each([
    ['express', expressApp],
    ['koa', koaApp],
    ['fastify', fastifyApp],
  ] as const)('%s', async (_name, make) => {
    const service = new Fw({ backend: make(), api: RootAPI, route: '/api' })
    const server = await service.run({ port: 0, signals: false })
    closers.push(() => server.close())
    await conforms(`http://127.0.0.1:${server.port}`, '/native')
  })

  it('node:http', async () => {
    const service = new Fw({ backend: http, api: RootAPI, route: '/api' })
    const server = await service.run({ port: 0, signals: false })
    closers.push(() => server.close())
    const base = `ws://127.0.0.1:${server.port}/api/chat`
    const ann = await connect(`${base}/lobby?token=ann-secret`)
    expect(await ann.next()).toMatchObject({ text: 'welcome ann to lobby' })
    ann.socket.close()
    expect((await refusal(`${base}/lobby?token=banned-secret`)).status).toBe(403)
  })
})

describe('ws.attachWebSocket(server, service) on a server the user listens on', () => {
  const listening = (server: http.Server): Promise<string> =>
    new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
    )
  const closing = (server: http.Server) => () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(resolve)
    })

  it('express', async () => {
    const app = expressApp()
    const service = new Fw({ backend: app, api: RootAPI, route: '/api' })
    const server = http.createServer(app)
    ws.attachWebSocket(server, service)
    const origin = await listening(server)
    closers.push(closing(server))
    await conforms(origin, '/native')
  })

  it('koa', async () => {
    const app = koaApp()
    const service = new Fw({ backend: app, api: RootAPI, route: '/api' })
    const server = http.createServer(app.callback())
    ws.attachWebSocket(server, service)
    const origin = await listening(server)
    closers.push(closing(server))
    await conforms(origin, '/native')
  })

  it('fastify (app.server)', async () => {
    const app = fastifyApp()
    const service = new Fw({ backend: app, api: RootAPI, route: '/api' })
    ws.attachWebSocket(app.server, service)
    await app.listen({ port: 0, host: '127.0.0.1' })
    closers.push(() => app.close())
    await conforms(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, '/native')
  })

  it("another upgrade handler on the server keeps the paths fw has no route for", async () => {
    const app = expressApp()
    const service = new Fw({ backend: app, api: RootAPI, route: '/api' })
    const server = http.createServer(app)
    ws.attachWebSocket(server, service)
    // the app's own upgrade handler (socket.io, a ws server) for /legacy
    server.on('upgrade', (request, socket) => {
      // answers later than fw's fetch would: fw must leave the connection alone
      if (request.url === '/legacy')
        setTimeout(() => socket.end('HTTP/1.1 418 I am a teapot\r\nconnection: close\r\n\r\n'), 100)
    })
    const origin = await listening(server)
    closers.push(closing(server))
    expect((await refusal(`${origin.replace('http:', 'ws:')}/legacy`)).status).toBe(418)
    await conforms(origin, '/native')
  })

  it('node:http with a listener from adapt()', async () => {
    const service = new Fw({ backend: http, api: RootAPI, route: '/api' })
    const listener = service.adapt('/') as http.RequestListener
    const server = http.createServer((req, res) => (req.url === '/native' ? res.end('native') : listener(req, res)))
    ws.attachWebSocket(server, service)
    const origin = await listening(server)
    closers.push(closing(server))
    await conforms(origin, '/native')
  })
})
