/**
 * fw with NestJS as its backend (SPEC §11): `npm run example:nest`.
 *
 *   curl 'http://127.0.0.1:8000/api/calc/add?a=1&b=2'   → {"data":3,"msg":""}   (fw)
 *   curl 'http://127.0.0.1:8000/users/1'                → {"id":1,"name":"grace"} (Nest)
 *   curl 'http://127.0.0.1:8000/users/admin/stats'      → 403 (Nest guard)
 *
 * PORT picks the port (0: any free one); NEST_PLATFORM=fastify serves it on Nest's Fastify platform.
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import * as nest from '@nestjs/core'
import * as v from 'valibot'
import { Fw, api, conf, response } from 'fw-api'
import { AppModule, UsersModule } from './app.module'

const int = v.pipe(v.number(), v.integer())

class CalcAPI extends api.API {
  static response = class extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
  }

  @api.get({ a: int, b: int })
  add({ a, b }: { a: number; b: number }) {
    return a + b
  }

  @api.get
  now() {
    return new Date()
  }
}

class RootAPI extends api.API {
  static calc = CalcAPI
}

const platform = process.env.NEST_PLATFORM === 'fastify' ? await import('@nestjs/platform-fastify') : 'express'
const service = new Fw(import.meta.url, { backend: nest, api: RootAPI, route: '/api' })
service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
service.use(conf.NestSettings({ module: AppModule, imports: [UsersModule], options: { cors: true, logger: ['error', 'warn'] }, platform }))
await service.setup()
const app = service.application() // the INestApplication: global pipes, guards, hooks go here
app.enableShutdownHooks()
const server = await service.run({ port: Number(process.env.PORT ?? 8000) })
console.log(`fw + NestJS (${app.getHttpAdapter().getType()}) listening on http://${server.hostname}:${server.port} — fw under /api, Nest at /users`)
