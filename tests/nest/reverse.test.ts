/**
 * SPEC §11, the reverse: an existing INestApplication (Express and Fastify
 * platforms) as the backend of `service.adapt(route)`. Nest keeps its
 * controllers; a body Nest's parser already read is reused by fw.
 */
import 'fw-api/adapters'
import { NestFactory } from '@nestjs/core'
import { FastifyAdapter } from '@nestjs/platform-fastify'
import type { INestApplication } from '@nestjs/common'
import type { IncomingMessage } from 'node:http'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Fw, conf, exceptions } from 'fw-api'
import { runBackend } from '../../src/adapters'
import { call } from '../adapters/helpers'
import { RootAPI } from './fw-api'
import { loadFixture, platforms, sideBySide, type Fixture } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

let fixture: Fixture
beforeAll(async () => {
  fixture = await loadFixture('reverse')
})

const servers: RunningBackend[] = []
const apps: INestApplication[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

async function nestApp(platform: 'express' | 'fastify'): Promise<INestApplication> {
  const app = platform === 'fastify'
    ? await NestFactory.create(fixture.AppModule, new FastifyAdapter(), { logger: false })
    : await NestFactory.create(fixture.AppModule, { logger: false })
  apps.push(app)
  return app
}

function adapted(app: INestApplication, route: string): INestApplication {
  const service = new Fw(import.meta.url, { backend: app, api: RootAPI })
  service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
  return service.adapt(route)
}

describe.each(platforms)('service.adapt(route) with an existing Nest application (%s)', (platform) => {
  it('fw routes and Nest routes coexist over one server', async () => {
    const app = await nestApp(platform)
    expect(adapted(app, '/api')).toBe(app)
    // runBackend does app.listen(0, '127.0.0.1')
    const server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
    servers.push(server)
    await sideBySide(`http://127.0.0.1:${server.port}`, '/api')
  })

  it(platform === 'express' ? 'refuses to attach once the application is initialised (Nest 404 handler in place)' : 'attaches after app.init() too (Fastify is not ready before listen)', async () => {
    const app = await nestApp(platform)
    await app.init()
    if (platform === 'express') {
      expect(() => adapted(app, '/api')).toThrow(exceptions.ImproperlyConfigured)
      expect(() => adapted(app, '/api')).toThrow(/before app\.init\(\) or app\.listen\(\)/)
      return
    }
    adapted(app, '/api')
    const server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
    servers.push(server)
    await sideBySide(`http://127.0.0.1:${server.port}`, '/api')
  })
})

describe('Express platform: the body Nest parsed', () => {
  it('is reused by fw (the request stream was already read by Nest when fw answered)', async () => {
    const app = await nestApp('express')
    const seen: { consumed: boolean; body: unknown }[] = []
    // First in the Express stack, so it sees every request; records what Nest's parser left.
    app.use((req: IncomingMessage & { body?: unknown }, res: { on(event: 'finish', listener: () => void): unknown }, next: () => void) => {
      res.on('finish', () => seen.push({ consumed: req.readableEnded, body: req.body }))
      next()
    })
    adapted(app, '/api')
    const server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
    servers.push(server)
    const base = `http://127.0.0.1:${server.port}`
    const posted = await call(base, '/api/calc/article', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t","views":"7"}' })
    expect(posted.text).toBe('{"data":{"title":"t","views":7},"msg":""}')
    expect(seen).toEqual([{ consumed: true, body: { title: 't', views: '7' } }])
    const form = await call(base, '/api/calc/article', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=f&views=3' })
    expect(form.text).toBe('{"data":{"title":"f","views":3},"msg":""}')
    expect(seen[1]).toEqual({ consumed: true, body: { title: 'f', views: '3' } })
  })
})
