import 'fw-api/adapters'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import * as v from 'valibot'
import { Fw, api, request, response, exceptions } from 'fw-api'
import { call } from '../helpers/client'

// SPEC §2, verbatim.
@api.route('/article')
class ArticleAPI extends api.API {
  static response = class extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
  }

  @api.get // GET /article/feed
  feed() {
    return []
  }

  @api.get('{slug}', { slug: request.SlugPathParam })
  getArticle({ slug }: { slug: string }) {
    return slug
  } // GET /article/{slug}

  @api.get({ id: v.number() }) // GET /article?id=<number>
  get({ id }: { id: number }) {
    return id
  }
}

describe('SPEC §2 API classes', () => {
  const service = new Fw(import.meta.url, { api: ArticleAPI })

  it('serves a bare decorated method at its name', async () => {
    expect(await call(service, 'GET /article/feed')).toMatchObject({ status: 200, body: { data: [], msg: '' } })
  })
  it('serves a path template with a slug param', async () => {
    expect((await call(service, 'GET /article/hello-world')).body).toEqual({ data: 'hello-world', msg: '' })
    expect((await call(service, 'GET /article/Hello-World')).body).toEqual({ data: 'Hello-World', msg: '' })
  })
  it('refuses a value that is not a slug with 400', async () => {
    const res = await call(service, 'GET /article/bad--slug')
    expect(res.status).toBe(400)
    expect((res.body as { msg: string }).msg).toMatch(/^BadRequest: parse item: \['slug'\] failed: /)
  })
  it('serves a method named get at the class route with query params', async () => {
    expect((await call(service, 'GET /article?id=3')).body).toEqual({ data: 3, msg: '' })
    expect(await call(service, 'GET /article?id=x')).toMatchObject({
      status: 400,
      body: { data: null, msg: "BadRequest: parse item: ['id'] failed: invalid number: 'x'" },
    })
  })
  it('reports a missing required query param', async () => {
    expect((await call(service, 'GET /article')).body).toEqual({ data: null, msg: "BadRequest: parse item: ['id'] failed: required item missing" })
  })
  it('gives 405 with Allow for a known path and another method', async () => {
    const res = await call(service, 'POST /article/feed')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
    expect((res.body as { msg: string }).msg).toMatch(/^MethodNotAllowed/)
  })
  it('gives 404 for an unknown path', async () => {
    const res = await call(service, 'GET /nothing/here')
    expect(res.status).toBe(404)
  })
  it('answers HEAD like GET without a body', async () => {
    const res = await call(service, 'HEAD /article/feed')
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
  })
})

describe('SPEC §2 declaration order, mounts and this.request', () => {
  class Child extends api.API {
    @api.get
    who() {
      return 'child'
    }
  }
  @api.route('/named')
  class Named extends api.API {
    @api.get
    who() {
      return 'named'
    }
  }
  class Root extends api.API {
    static child = Child
    static named = Named
    static explicit = api.mount(Named, '@parent')

    @api.get('{slug}')
    bySlug({ slug }: { slug: string }) {
      return `slug:${slug}`
    }
    @api.get
    feed() {
      return 'feed'
    }
    @api.get('info/{id}', { id: v.pipe(v.number(), v.integer()) })
    info({ id }: { id: number }) {
      const { method, path, url, headers, time, raw } = this.request
      return { id, method, path, query: url.searchParams.get('q'), ua: headers.get('x-ua'), time: time instanceof Date, raw: raw instanceof Request }
    }
    post() {
      return 'undecorated post'
    }
    @api.put
    put() {
      return 'decorated put'
    }
    // esbuild cannot parse `@api.delete(...)`: the parenthesised form is standard and portable
    @(api.delete('thing/{id}'))
    remove({ id }: { id: string }) {
      throw new exceptions.NotFound(`thing ${id}`)
    }
    @api.patch('boom')
    boom() {
      throw new Error('secret detail')
    }
  }
  const service = new Fw(import.meta.url, { api: Root, route: '/api' })

  it('mounts a sub-API at its field name and at its own route', async () => {
    expect((await call(service, 'GET /api/child/who')).body).toBe('child')
    expect((await call(service, 'GET /api/named/who')).body).toBe('named')
    expect((await call(service, 'GET /api/@parent/who')).body).toBe('named')
  })
  it('keeps declaration order: {slug} declared above feed wins', async () => {
    expect((await call(service, 'GET /api/feed')).body).toBe('slug:feed')
  })
  it('exposes this.request', async () => {
    const res = await call(service, 'GET /api/info/7?q=z', { headers: { 'x-ua': 'tester' } })
    expect(res.body).toEqual({ id: 7, method: 'GET', path: '/api/info/7', query: 'z', ua: 'tester', time: true, raw: true })
  })
  it('serves undecorated and decorated HTTP-method-named methods at the class route', async () => {
    expect((await call(service, 'POST /api')).body).toBe('undecorated post')
    expect((await call(service, 'PUT /api/')).body).toBe('decorated put')
  })
  it('maps exceptions to their status and problem+json without an envelope', async () => {
    const res = await call(service, 'DELETE /api/thing/9')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(res.body).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'NotFound: thing 9' })
  })
  it('hides the text of unexpected errors unless debug', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}) // the 500 is reported on purpose
    onTestFinished(() => logged.mockRestore())
    const quiet = await call(service, 'PATCH /api/boom')
    expect(quiet.status).toBe(500)
    expect(quiet.text).not.toContain('secret')
    expect((quiet.body as { detail: string }).detail).toBe('InternalServerError')
    const loud = new Fw(import.meta.url, { api: Root, route: '/api', debug: true })
    expect(((await call(loud, 'PATCH /api/boom')).body as { detail: string }).detail).toBe('InternalServerError: Error: secret detail')
  })
})

describe('configuration errors', () => {
  it('throws ImproperlyConfigured for {a}{b}', () => {
    class Bad extends api.API {
      @api.get('x/{a}{b}')
      both() {
        return 1
      }
    }
    expect(() => new Fw(import.meta.url, { api: Bad })).toThrow(exceptions.ImproperlyConfigured)
  })
  it('refuses a path on a method named after an HTTP method', () => {
    class Bad extends api.API {
      @api.get('other')
      get() {
        return 1
      }
    }
    expect(() => new Fw(import.meta.url, { api: Bad })).toThrow(exceptions.ImproperlyConfigured)
  })
})

describe('Workers-style env and ctx', () => {
  class Bindings extends api.API {
    @api.get
    env() {
      return [this.request.env, this.request.ctx]
    }
  }
  it('reach this.request.env / ctx and mounted fetch handlers', async () => {
    const service = new Fw(import.meta.url, { api: Bindings })
    service.mount((_request: Request, env?: unknown) => Response.json(env), '/mounted')
    const res = await service.fetch(new Request('http://x/env'), { KV: 'kv' }, { waitUntil: 'fn' })
    expect(await res.json()).toEqual([{ KV: 'kv' }, { waitUntil: 'fn' }])
    expect(await (await service.fetch(new Request('http://x/mounted/a'), { KV: 1 })).json()).toEqual({ KV: 1 })
  })
})
