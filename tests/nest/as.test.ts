/** `API.__as__(nestApp, route)` (SPEC §11): once per process, so in a file of its own. */
import 'fw-api/adapters'
import { NestFactory } from '@nestjs/core'
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../adapters/helpers'
import { runBackend } from '../../src/adapters'
import { RootAPI } from './fw-api'
import { loadFixture, type Fixture } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

let fixture: Fixture
let server: RunningBackend | undefined
beforeAll(async () => {
  fixture = await loadFixture('as')
})
afterAll(() => server?.close())

describe('API.__as__ with an INestApplication', () => {
  it('attaches the API next to the Nest controllers (Fastify platform)', async () => {
    const app = await NestFactory.create<NestFastifyApplication>(fixture.AppModule, new FastifyAdapter(), { logger: false })
    const entry = RootAPI.__as__(app, '/api')
    expect(entry).toBe(app)
    server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
    const base = `http://127.0.0.1:${server.port}`
    expect((await call(base, '/api/calc/add?a=1&b=2')).text).toBe('{"data":3,"msg":""}')
    const bad = await call(base, '/api/calc/add?a=1&b=x')
    expect(bad.status).toBe(400)
    expect(bad.text).toBe(`{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`)
    expect((await call(base, '/hello/ada')).json()).toEqual({ nest: 'hello ada' })
    expect((await call(base, '/hello/secret/area')).status).toBe(403)
  })
})
