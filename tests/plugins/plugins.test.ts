/**
 * Service plugins (SPEC §8): CORS on preflights and actual responses,
 * RequestId, Logger, custom plugins sharing this.request.state,
 * and the handler timeout.
 */
import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { Fw, api, plugins, request } from 'fw-api'
import { call } from '../helpers/client'
import { Envelope as Wrap } from '../helpers/fixtures'

class Items extends api.API {
  static response = Wrap
  @request.HeaderParam({ alias: 'X-Token', default: '' }) token!: string

  @api.get
  list() { return [this.request.id, this.request.state.user ?? null] }
  @api.post({ name: v.string() })
  create() { return this.respond(null, { status: 201, headers: { 'x-created': '1' } }) }
  @api.get
  crash() { throw new Error('db down') }
  @api.get
  async slow() { await new Promise((resolve) => setTimeout(resolve, 500)); return 'late' }
}

const origin = 'https://app.example'

describe('plugins.CORS', () => {
  const service = new Fw(import.meta.url, { api: Items }).use(new plugins.CORS({ allowOrigin: [origin], allowCredentials: true, exposeHeaders: ['x-created'], maxAge: 600 }))

  it('puts Allow-Origin, Vary, Credentials and Expose headers on actual responses', async () => {
    for (const line of ['GET /list', 'POST /create?name=a', 'GET /nowhere']) {
      const res = await call(service, line, { headers: { origin } })
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('vary')).toBe('Origin')
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('access-control-expose-headers')).toBe('x-created')
    }
  })

  it('answers preflights with the route methods and declared headers, plus origin and max-age', async () => {
    const res = await call(service, 'OPTIONS /list', { headers: { origin, 'access-control-request-method': 'GET' } })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-methods')).toBe('GET')
    expect(res.headers.get('access-control-allow-headers')).toBe('x-token, content-type')
    expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    expect(res.headers.get('access-control-max-age')).toBe('600')
  })

  it('an origin that is not allowed gets no CORS headers', async () => {
    const res = await call(service, 'GET /list', { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('the cors option is sugar for the plugin (actual responses too)', async () => {
    const sugar = new Fw(import.meta.url, { api: Items, cors: true })
    const res = await call(sugar, 'GET /list', { headers: { origin } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('vary')).toBeNull()
  })
})

describe('plugins.CORS on a class', () => {
  it('covers the actual responses and the preflights of the class routes', async () => {
    @api.plugin(new plugins.CORS({ allowOrigin: '*', maxAge: 60 }))
    class Open extends api.API {
      @api.get
      data() { return 1 }
    }
    class Root extends api.API {
      static open = Open
      @api.get
      closed() { return 2 }
    }
    const service = new Fw(import.meta.url, { api: Root })
    expect((await call(service, 'GET /open/data', { headers: { origin } })).headers.get('access-control-allow-origin')).toBe('*')
    const preflight = await call(service, 'OPTIONS /open/data', { headers: { origin, 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-max-age')).toBe('60')
    expect((await call(service, 'GET /closed', { headers: { origin } })).headers.get('access-control-allow-origin')).toBeNull()
    expect((await call(service, 'OPTIONS /closed', { headers: { origin } })).headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('plugins.RequestId and state', () => {
  class Auth extends api.Plugin {
    override processRequest(req: Request, ctx: { state: Record<string, unknown> }) {
      if (req.headers.get('authorization') === 'no') return new Response('denied', { status: 401 })
      ctx.state.user = 'ann'
      return undefined
    }
  }
  const service = new Fw(import.meta.url, { api: Items }).use(new plugins.RequestId()).use(new Auth())

  it('creates an id, sets this.request.id and the response header; state set by a plugin reaches the endpoint', async () => {
    const res = await call(service, 'GET /list')
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.body).toEqual({ data: [id, 'ann'], msg: '' })
  })

  it('keeps a safe incoming id, replaces an unsafe one', async () => {
    expect((await call(service, 'GET /list', { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123')
    expect((await call(service, 'GET /list', { headers: { 'x-request-id': 'a b<script>' } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('processRequest may short-circuit; later plugins still process the response', async () => {
    const res = await call(service, 'GET /list', { headers: { authorization: 'no' } })
    expect(res).toMatchObject({ status: 401, text: 'denied' })
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('plugins.Logger', () => {
  it('writes one JSON line per request, and the stack of a 500 with method and path', async () => {
    const lines: string[] = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const service = new Fw(import.meta.url, { api: Items }).use(new plugins.RequestId()).use(new plugins.Logger({ sink: (line) => lines.push(line) }))
    await call(service, 'GET /list', { headers: { 'x-request-id': 'r1' } })
    await call(service, 'GET /crash')
    await call(service, 'GET /nowhere')
    expect(errors).not.toHaveBeenCalled() // the Logger reports server errors instead of console.error
    errors.mockRestore()
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(records[0]).toMatchObject({ level: 'info', method: 'GET', path: '/list', status: 200, id: 'r1' })
    expect(records[0]?.duration).toBeTypeOf('number')
    expect(records[1]).toMatchObject({ level: 'error', method: 'GET', path: '/crash', error: 'Error: db down' })
    expect(String(records[1]?.stack)).toMatch(/Items\.crash|crash/)
    expect(records[2]).toMatchObject({ level: 'error', path: '/crash', status: 500 })
    expect(records[3]).toMatchObject({ level: 'info', path: '/nowhere', status: 404 })
    expect(records).toHaveLength(4)
  })

  it('nothing is logged unless the plugin is used', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    await call(new Fw(import.meta.url, { api: Items }), 'GET /list')
    expect(log).not.toHaveBeenCalled()
    log.mockRestore()
  })
})

describe('handler timeout', () => {
  it('answers 504 when the handler does not answer in time (service option)', async () => {
    const service = new Fw(import.meta.url, { api: Items, timeout: 50 })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const started = performance.now()
    const res = await call(service, 'GET /slow')
    expect(errors).toHaveBeenCalledTimes(1) // a timeout is a server fault: reported once
    errors.mockRestore()
    expect(res.status).toBe(504)
    expect((res.body as { msg: string }).msg).toBe('GatewayTimeout: Items.slow() did not answer within 50 ms')
    expect(performance.now() - started).toBeLessThan(400)
    expect((await call(service, 'GET /list')).status).toBe(200)
  })

  it('@api.timeout(ms) on one endpoint wins over the class and the service', async () => {
    class Strict extends api.API {
      static timeout = 5000
      @api.timeout(30)
      @api.get
      async slow() { await new Promise((resolve) => setTimeout(resolve, 300)); return 'late' }
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await call(new Fw(import.meta.url, { api: Strict }), 'GET /slow')
    errors.mockRestore()
    expect(res.status).toBe(504)
    expect(() => api.timeout(0)).toThrow(/positive number of milliseconds/)
  })

  it('a class static timeout wins over the service option', async () => {
    class Patient extends Items {
      static timeout = 2000
    }
    const res = await call(new Fw(import.meta.url, { api: Patient, timeout: 50 }), 'GET /slow')
    expect(res).toMatchObject({ status: 200, body: { data: 'late', msg: '' } })
  })
})
