/**
 * SPEC §11: NestJS as the service's backend. `service.setup()` creates the
 * Nest application (Express platform by default, Fastify when chosen); fw's
 * routes under `route` and Nest's controllers answer over one server.
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import * as nest from '@nestjs/core'
import express from 'express'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Fw, conf, exceptions, type RunningServer } from 'fw-api'
import { CalcAPI } from '../adapters/fw-api'
import { call } from '../adapters/helpers'
import { RootAPI } from './fw-api'
import { loadFixture, platformModule, platforms, sideBySide, type Fixture } from './helpers'

let fixture: Fixture
beforeAll(async () => {
  fixture = await loadFixture('backend')
})

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const time = new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false })

describe.each(platforms)('backend: nest on the %s platform', (platform) => {
  async function service(): Promise<Fw<typeof nest>> {
    const created = new Fw(import.meta.url, { backend: nest, api: RootAPI, route: '/api' })
    created.use(time)
    created.use(new conf.NestSettings({ module: fixture.AppModule, imports: [fixture.UsersModule], options: { logger: false }, platform: await platformModule(platform) }))
    return created
  }

  it('setup() creates the Nest app; run() serves fw and Nest controllers side by side', async () => {
    const created = await service()
    expect(await created.setup()).toBe(created)
    const app = created.application()
    expect(app.getHttpAdapter().getType()).toBe(platform)
    const server = await created.run({ port: 0 })
    servers.push(server)
    expect(server.hostname).toBe('127.0.0.1')
    const base = `http://127.0.0.1:${server.port}`
    await sideBySide(base, '/api')
    // `imports` are part of the application
    expect((await call(base, '/users')).json()).toEqual(['ada', 'grace'])
  })

  it('before setup(), application(), run() and mounting a Nest module or router throw ImproperlyConfigured naming setup()', async () => {
    const created = await service()
    expect(() => created.application()).toThrow(exceptions.ImproperlyConfigured)
    expect(() => created.application()).toThrow(/setup\(\)/)
    await expect(created.run({ port: 0 })).rejects.toThrow(/setup\(\)/)
    await expect(created.run({ port: 0 })).rejects.toBeInstanceOf(exceptions.ImproperlyConfigured)
    expect(() => created.mount(fixture.UsersModule, '/mounted')).toThrow(/setup\(\)/)
    expect(() => created.mount(express.Router(), '/router')).toThrow(exceptions.ImproperlyConfigured)
    // API classes need no Nest application
    expect(() => created.mount(CalcAPI, '/v2')).not.toThrow()
  })

  it('after setup(), a Nest module mounts as its own application, prefix stripped', async () => {
    const created = await service()
    await created.setup()
    created.mount(fixture.UsersModule, '/mounted')
    const server = await created.run({ port: 0 })
    servers.push(server)
    const base = `http://127.0.0.1:${server.port}`
    expect((await call(base, '/mounted/users')).json()).toEqual(['ada', 'grace'])
    expect((await call(base, '/api/calc/add?a=1&b=2')).text).toBe('{"data":3,"msg":""}')
  })
})

describe('NestSettings misuse', () => {
  it('needs backend: nest, and comes before setup()', async () => {
    expect(() => new Fw(import.meta.url, { api: RootAPI }).use(new conf.NestSettings({ module: fixture.AppModule }))).toThrow(/backend: nest/)
    const created = new Fw(import.meta.url, { backend: nest, api: RootAPI }).use(new conf.NestSettings({ module: fixture.AppModule, options: { logger: false } }))
    await created.setup()
    expect(() => created.use(new conf.NestSettings({ module: fixture.AppModule }))).toThrow(/before `await service.setup\(\)`/)
    await created.application().close()
  })
  it('refuses an unknown platform and a missing module', async () => {
    const bad = new Fw(import.meta.url, { backend: nest }).use(new conf.NestSettings({ module: fixture.AppModule, platform: { nope: true } }))
    await expect(bad.setup()).rejects.toThrow(/platform/)
    await expect(new Fw(import.meta.url, { backend: nest }).setup()).rejects.toThrow(/module/)
  })
})
