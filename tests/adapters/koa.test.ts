import Router from '@koa/router'
import Koa from 'koa'
import bodyParser from 'koa-bodyparser'
import { afterEach, describe, expect, it } from 'vitest'
import { attach, runBackend } from '../../src/adapters'
import { call, contractCases, standIn, within } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

const servers: RunningBackend[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})
async function serve(app: Koa): Promise<string> {
  const server = await runBackend(app, standIn(), { port: 0, hostname: '127.0.0.1' })
  servers.push(server)
  return `http://127.0.0.1:${server.port}`
}

describe('fw attached to Koa', () => {
  it('serves native routes and fw routes side by side; upstream middleware sees fw status', async () => {
    const app = new Koa()
    const seen: number[] = []
    app.use(async (ctx, next) => {
      await next()
      seen.push(ctx.status)
      ctx.set('x-upstream', 'yes')
    })
    const router = new Router()
    router.get('/health', (ctx) => {
      ctx.body = { ok: true }
    })
    app.use(router.routes())
    expect(attach(app, standIn('/api'), '/api', {})).toBe(app)
    const base = await serve(app)

    await contractCases(base, '/api')
    const health = await call(base, '/health')
    expect(health.json()).toEqual({ ok: true })
    const add = await call(base, '/api/calc/add?a=1&b=x')
    expect(add.headers.get('x-upstream')).toBe('yes')
    expect(add.headers.get('content-type')).toBe('application/json')
    expect(seen).toContain(400)
  })

  it('reuses the body koa-bodyparser consumed (rawBody) without hanging', async () => {
    const app = new Koa()
    app.use(bodyParser())
    attach(app, standIn(), '', {})
    const base = await serve(app)
    const json = await within(
      call(base, '/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x": 1}' }),
    )
    expect(json.json()).toEqual({ data: { body: '{"x": 1}', type: 'application/json', url: '/echo' }, msg: '' })
    const form = await within(
      call(base, '/echo', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' }),
    )
    expect((form.json() as { data: { body: string } }).data.body).toBe('a=1&b=2')
  })

  it('a fw 404 lets later Koa middleware answer; if none does, fw 404 is kept', async () => {
    const app = new Koa()
    attach(app, standIn(), '', {})
    app.use(async (ctx, next) => {
      if (ctx.path === '/native') ctx.body = 'native'
      else await next()
    })
    const base = await serve(app)
    expect((await call(base, '/native')).text).toBe('native')
    const missing = await call(base, '/missing')
    expect(missing.status).toBe(404)
    expect(missing.json()).toEqual({ data: null, msg: 'NotFound: /missing' })
    await contractCases(base, '')
  })
})
