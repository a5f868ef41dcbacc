/**
 * Response templates and results beyond JSON (SPEC §8).
 */
import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { Fw, Field, api, exceptions, request, response } from 'fw-api'
import { call } from '../helpers/client'

class Wrap extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
  static stateKey = 'state'
  static countKey = 'count'
  static errorsKey = 'errors'
}
class Created extends response.Response {
  static resultKey = 'item'
  static messageKey = 'msg'
  static status = 201
  static result = v.object({ id: v.number() })
}

class Inner extends api.API {
  @api.get
  plain() { return 1 }
}

class Results extends api.API {
  static response = Wrap
  static inner = Inner

  @api.get
  paged() { return this.respond([1, 2], { count: 42, state: 7, message: 'ok', headers: { 'x-a': 'b' } }) }
  @api.get
  weird() { return this.respond(1, { status: 999 }) }
  @api.get
  low() { return this.respond(1, { status: 150 }) }
  @api.get
  empty() { return this.respond(null, { status: 204 }) }
  @api.get
  reset() { return this.respond(null, { status: 205 }) }
  @api.get
  notModified() { return this.respond(null, { status: 304 }) }
  @api.response(Created)
  @api.post
  create() { return { id: 3 } }
  @api.response(Created)
  @api.post
  wrongShape() { return { id: 'x' } }
  @api.response(null)
  @api.get
  bare() { return { raw: true } }
  @api.get
  big() { return 10n }
  @api.get
  nestedBig() { return { n: 10n } }
  @api.get
  fn() { return () => 1 }
  @api.get
  asyncIterable() { return (async function* () { yield 1 })() }
  @api.get
  blob() { return new Blob(['hello'], { type: 'text/plain' }) }
  @api.get
  file() { return new File(['a,b'], 'report ü.csv', { type: 'text/csv' }) }
  @api.get
  stream() { return new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('chunk')); c.close() } }) }
  @api.post({ a: v.number(), b: v.pipe(v.string(), v.email()) })
  many() { return 1 }
  @api.post({ data: request.Body(v.object({ title: v.pipe(v.string(), v.minLength(3)), views: v.pipe(v.number(), v.minValue(0)), tag: Field(v.string(), { alias: 'Tag-Name' }) })) })
  body() { return 1 }
}

const service = new Fw(import.meta.url, { api: Results })
const debug = new Fw(import.meta.url, { api: Results, debug: true })

describe('templates: state, count, status, result', () => {
  it('respond() sets status, message, state, count and headers in the envelope', async () => {
    const res = await call(service, 'GET /paged')
    expect(res).toMatchObject({ status: 200, body: { data: [1, 2], msg: 'ok', state: 7, count: 42 } })
    expect(res.headers.get('x-a')).toBe('b')
  })

  it('a template-less sub-API is rendered by its parent template', async () => {
    expect((await call(service, 'GET /inner/plain')).body).toEqual({ data: 1, msg: '', state: null, count: null })
  })

  it('static status is the default status; @api.response(null) is bare', async () => {
    expect(await call(service, 'POST /create')).toMatchObject({ status: 201, body: { item: { id: 3 }, msg: '' } })
    expect((await call(service, 'GET /bare')).body).toEqual({ raw: true })
  })

  it('static result is validated in debug mode only', async () => {
    expect((await call(service, 'POST /wrongShape')).status).toBe(201)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const checked = await call(debug, 'POST /wrongShape')
    errors.mockRestore()
    expect(checked.status).toBe(500)
    expect(JSON.stringify(checked.body)).toMatch(/Results\.wrongShape\(\): result does not match its template's result schema/)
  })
})

describe('statuses', () => {
  it('a status outside 200–599 is a 500 naming the endpoint', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const path of ['/weird', '/low']) {
      const res = await call(service, `GET ${path}`)
      expect(res.status).toBe(500)
      expect((res.body as { msg: string }).msg).toMatch(new RegExp(`Results\\.${path.slice(1)}\\(\\): response status \\d+ is outside 200–599`))
    }
    errors.mockRestore()
  })

  it('204, 205 and 304 send no body, even with an envelope', async () => {
    for (const [path, status] of [['/empty', 204], ['/reset', 205], ['/notModified', 304]] as const) {
      const res = await call(service, `GET ${path}`)
      expect(res.status).toBe(status)
      expect(res.text).toBe('')
    }
  })
})

describe('results beyond JSON', () => {
  it('a Blob is sent with its type and length; a File adds content-disposition', async () => {
    const blob = await call(service, 'GET /blob')
    expect(blob).toMatchObject({ status: 200, text: 'hello' })
    expect(blob.headers.get('content-type')).toBe('text/plain')
    expect(blob.headers.get('content-length')).toBe('5')
    const file = await call(service, 'GET /file')
    expect(file.text).toBe('a,b')
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''report%20%C3%BC.csv")
  })

  it('a ReadableStream is streamed', async () => {
    const res = await call(service, 'GET /stream')
    expect(res).toMatchObject({ status: 200, text: 'chunk' })
  })

  it('BigInt, functions and async iterables are a 500 naming the endpoint', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const [path, what] of [['/big', 'a bigint'], ['/nestedBig', 'cannot be serialised'], ['/fn', 'a function'], ['/asyncIterable', 'an async iterable']] as const) {
      const res = await call(service, `GET ${path}`)
      expect(res.status).toBe(500)
      expect((res.body as { msg: string }).msg).toContain(`Results.${path.slice(1)}()`)
      expect((res.body as { msg: string }).msg).toContain(what)
    }
    errors.mockRestore()
  })
})

describe('envelope consistency', () => {
  it('404 and 405 under an enveloped class use the envelope', async () => {
    expect(await call(service, 'GET /nothing-here')).toMatchObject({ status: 404, body: { data: null, msg: 'NotFound: path not found: /nothing-here' } })
    const wrong = await call(service, 'DELETE /paged')
    expect(wrong).toMatchObject({ status: 405, body: { data: null } })
    expect(wrong.headers.get('allow')).toBe('GET')
  })

  it('errorsKey lists every failing item, paths starting at the wire name', async () => {
    const res = await call(service, 'POST /many?a=x&b=nope')
    expect(res.status).toBe(400)
    const body = res.body as { msg: string; errors: { in: string; name: string; path: unknown[] }[] }
    expect(body.msg).toBe("BadRequest: parse item: ['a'] failed: invalid number: 'x'")
    expect(body.errors.map((error) => [error.in, error.path])).toEqual([['query', ['a']], ['query', ['b']]])
  })

  it('an error hook may answer thrown HttpErrors with its own status and state', async () => {
    class Guarded extends api.API {
      static response = Wrap
      @api.get
      secret() { throw new exceptions.PermissionDenied('admins only') }
      @api.handle('secret', exceptions.PermissionDenied)
      denied(error: exceptions.PermissionDenied) { return this.respond(null, { status: 403, state: 40300, message: error.message }) }
    }
    const res = await call(new Fw(import.meta.url, { api: Guarded }), 'GET /secret')
    expect(res).toMatchObject({ status: 403, body: { data: null, msg: 'admins only', state: 40300, count: null } })
  })
})

describe('every failing body field is listed by its wire path', () => {
  it('a body with several invalid fields', async () => {
    const res = await call(service, 'POST /body', { json: { title: 'x', views: -1 } })
    expect(res.status).toBe(400)
    const body = res.body as { msg: string; errors: unknown[] }
    expect(body.msg).toBe("BadRequest: parse item: ['data'] failed: parse item: ['title'] failed: Invalid length: Expected >=3 but received 1")
    expect(body.errors).toEqual([
      { in: 'body', name: 'title', path: ['title'], message: 'Invalid length: Expected >=3 but received 1' },
      { in: 'body', name: 'views', path: ['views'], message: 'Invalid value: Expected >=0 but received -1' },
      { in: 'body', name: 'Tag-Name', path: ['Tag-Name'], message: 'required item missing' },
    ])
  })
})

describe('HEAD', () => {
  it('a HEAD to an SSE endpoint closes its iterator', async () => {
    let closed = false
    const source: AsyncIterableIterator<number> = {
      next: async () => ({ value: 1, done: false }),
      return: async () => {
        closed = true
        return { value: undefined, done: true }
      },
      [Symbol.asyncIterator]() { return source },
    }
    class Events extends api.API {
      @api.get
      ticks() { return response.sse(source, { heartbeat: 1000 }) }
    }
    const res = await new Fw(import.meta.url, { api: Events }).fetch(new Request('http://localhost/ticks', { method: 'HEAD' }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 1000 })
  })
})

describe('routing answers use the class template', () => {
  it('a 405 on a path whose endpoint has its own template is rendered with the class template', async () => {
    const res = await call(service, 'GET /create')
    expect(res).toMatchObject({ status: 405, body: { data: null, msg: 'MethodNotAllowed: method not allowed: GET (allowed: POST)', state: null, count: null } })
  })
})
