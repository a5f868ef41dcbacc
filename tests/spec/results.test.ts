import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { Fw, api, conf, exceptions, response } from 'fw-api'
import { call } from '../helpers/client'
import { Envelope, int } from '../helpers/fixtures'


class CalcAPI extends api.API {
  static response = Envelope

  @api.get({ a: int, b: int })
  add({ a, b }: { a: number; b: number }) {
    return a + b
  }
  @api.get
  when() {
    return { at: new Date('2025-04-15T16:38:30.123Z'), list: [new Date(0)] }
  }
  @api.get
  explicit() {
    return this.respond({ ok: true }, { status: 202, message: 'queued', headers: { 'x-job': '7' } })
  }
  @api.get
  passthrough() {
    return new Response('<p>hi</p>', { status: 203, headers: { 'content-type': 'text/html' } })
  }
  @api.get
  async later() {
    await new Promise((resolve) => setTimeout(resolve, 1))
    return 'later'
  }
  @api.get
  nothing() {}
  @api.get
  denied() {
    throw new exceptions.PermissionDenied('admins only')
  }
  @api.get
  crash() {
    throw new TypeError('db password is hunter2')
  }
}

class ResultOnly extends api.API {
  static response = class extends response.Response {
    static resultKey = 'result'
  }
  @api.get
  one() {
    return 1
  }
}

class WithErrors extends api.API {
  static response = class extends Envelope {
    static errorsKey = 'errors'
  }
  @api.get({ n: int })
  n({ n }: { n: number }) {
    return n
  }
}

describe('SPEC §4 results and errors', () => {
  const service = new Fw(import.meta.url, { api: CalcAPI })

  it('wraps results in the envelope', async () => {
    expect(await call(service, 'GET /add?a=1&b=2')).toMatchObject({ status: 200, text: '{"data":3,"msg":""}' })
    expect((await call(service, 'GET /add?a=1.5&b=2.1')).text).toBe('{"data":3,"msg":""}')
    expect((await call(service, 'GET /later')).body).toEqual({ data: 'later', msg: '' })
    expect((await call(service, 'GET /nothing')).body).toEqual({ data: null, msg: '' })
  })
  it('gives the exact BadRequest message', async () => {
    const res = await call(service, 'GET /add?a=1&b=x')
    expect(res.status).toBe(400)
    expect(res.text).toBe(`{"data":null,"msg":"BadRequest: parse item: ['b'] failed: invalid number: 'x'"}`)
  })
  it('respond() sets status, message and headers in the envelope', async () => {
    const res = await call(service, 'GET /explicit')
    expect(res.status).toBe(202)
    expect(res.headers.get('x-job')).toBe('7')
    expect(res.body).toEqual({ data: { ok: true }, msg: 'queued' })
  })
  it('passes a Web Response through untouched', async () => {
    const res = await call(service, 'GET /passthrough')
    expect(res).toMatchObject({ status: 203, text: '<p>hi</p>' })
    expect(res.headers.get('content-type')).toBe('text/html')
  })
  it('maps exceptions into the envelope', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}) // the 500 is reported on purpose
    onTestFinished(() => logged.mockRestore())
    expect(await call(service, 'GET /denied')).toMatchObject({ status: 403, body: { data: null, msg: 'PermissionDenied: admins only' } })
    const crash = await call(service, 'GET /crash')
    expect(crash).toMatchObject({ status: 500, body: { data: null, msg: 'InternalServerError' } })
    expect(crash.text).not.toContain('hunter2')
    expect(await call(service, 'GET /nowhere')).toMatchObject({ status: 404, body: { data: null, msg: 'NotFound: path not found: /nowhere' } })
  })
  it('writes dates as ISO 8601 by default and per conf.Time when used', async () => {
    expect((await call(service, 'GET /when')).body).toEqual({ data: { at: '2025-04-15T16:38:30.123Z', list: ['1970-01-01T00:00:00.000Z'] }, msg: '' })
    const timed = new Fw(import.meta.url, { api: CalcAPI })
    timed.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
    expect((await call(timed, 'GET /when')).body).toEqual({ data: { at: '2025-04-15 16:38:30', list: ['1970-01-01 00:00:00'] }, msg: '' })
  })
  it('supports an envelope with only a result key, and an errors key when configured', async () => {
    expect((await call(new Fw(import.meta.url, { api: ResultOnly }), 'GET /one')).text).toBe('{"result":1}')
    const res = await call(new Fw(import.meta.url, { api: WithErrors }), 'GET /n?n=q')
    expect(res.body).toEqual({ data: null, msg: "BadRequest: parse item: ['n'] failed: invalid number: 'q'", errors: [{ in: 'query', name: 'n', path: ['n'], message: "invalid number: 'q'" }] })
  })
})

describe('conf.Time', () => {
  const at = new Date('2025-04-05T06:07:08.009Z')
  it('formats strftime patterns', () => {
    expect(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S.%f %z %Z %a %b %j %%' }).format(at)).toBe('2025-04-05 06:07:08.009000 +0000 UTC Sat Apr 095 %')
  })
  it('prints ISO with or without an offset', () => {
    expect(new conf.Time().format(at)).toBe('2025-04-05T06:07:08.009Z')
    expect(new conf.Time({ useTz: false }).format(at)).toBe('2025-04-05T06:07:08.009')
  })
  it('converts to a time zone', () => {
    expect(new conf.Time({ timeZone: 'Asia/Shanghai', datetimeFormat: '%Y-%m-%d %H:%M %z' }).format(at)).toBe('2025-04-05 14:07 +0800')
    expect(new conf.Time({ timeZone: 'America/New_York' }).format(at)).toBe('2025-04-05T02:07:08.009-04:00')
  })
})
