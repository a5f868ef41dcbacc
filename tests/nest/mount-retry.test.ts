/**
 * A Nest application mounted in fw (docs/nest.md, "Mounting") whose first start fails — an
 * `onModuleInit` that throws once, as a database that is not up yet does — is started again by
 * the next request, over real HTTP on fw's Node server: the failed `init()` is never kept (every
 * later request failed though the cause was gone). On both platforms, for an application
 * mounted as it is and for a module mounted after `setup()` (its own application).
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import * as nest from '@nestjs/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Fw, conf, type RunningServer } from 'fw-api'
import { call } from '../adapters/helpers'
import { RootAPI } from './fw-api'
import { loadFixture, platformModule, platforms, type Fixture } from './helpers'

let fixture: Fixture
beforeAll(async () => {
  fixture = await loadFixture('mount-retry')
})

const servers: RunningServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

/** `service` served on a free port; its base URL. */
async function served(service: Fw): Promise<string> {
  const server = await service.run({ port: 0 })
  servers.push(server)
  return `http://127.0.0.1:${server.port}`
}

/** The first request fails (a 5xx without the cause's stack), the second starts Nest again and is answered. */
async function retried(base: string): Promise<void> {
  const failed = await call(base, '/nest/warm')
  expect(failed.status).toBeGreaterThanOrEqual(500)
  expect(failed.text).not.toMatch(/\n\s+at /)
  expect(fixture.WarmUp.starts).toBe(1)
  const answered = await call(base, '/nest/warm')
  expect(answered.status, answered.text).toBe(200)
  expect(answered.json()).toEqual({ starts: 2 })
  // started once more, then kept
  expect((await call(base, '/nest/warm')).json()).toEqual({ starts: 2 })
  expect((await call(base, '/api/calc/add?a=1&b=2')).text).toBe('{"data":3,"msg":""}')
}

describe.each(platforms)('a mounted Nest application whose first init() fails, on the %s platform', (platform) => {
  it('service.mount(app): the next request calls init() again (answered on Express; refused by Fastify, the log says why)', async () => {
    fixture.WarmUp.failures = 1
    fixture.WarmUp.starts = 0
    const adapter = platform === 'fastify' ? new (await import('@nestjs/platform-fastify')).FastifyAdapter() : undefined
    const factory = nest.NestFactory
    const app = adapter === undefined ? await factory.create(fixture.WarmModule, { logger: false }) : await factory.create(fixture.WarmModule, adapter, { logger: false })
    const service = new Fw({ api: RootAPI, route: '/api' })
    service.mount(app, '/nest')
    const base = await served(service)
    if (platform === 'express') await retried(base)
    else {
      // Fastify refuses a second init() of one application (its routes are declared): tried
      // again, refused, and the module form below is the one that recovers
      for (let attempt = 1; attempt <= 2; attempt++) {
        const refused = await call(base, '/nest/warm')
        expect(refused.status).toBe(500)
        expect(refused.text).not.toMatch(/\n\s+at |FST_/)
      }
    }
    await app.close()
  })

  it('a Nest module mounted after setup(): the next request creates its application again', async () => {
    fixture.WarmUp.failures = 1
    fixture.WarmUp.starts = 0
    const service = new Fw(import.meta.url, { backend: nest, api: RootAPI, route: '/api' })
    service.use(new conf.NestSettings({ module: fixture.AppModule, options: { logger: false }, platform: await platformModule(platform) }))
    await service.setup()
    service.mount(fixture.WarmModule, '/nest')
    await retried(await served(service))
  })
})
