/**
 * UtilMeta's request model (utilmeta-py tests/test_3_api/params.py cases)
 * against the fw port of its tests/server/api.py (./utilmeta-api.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, request } from 'fw-api'
import { call } from '../helpers/client'
import { order, service } from './utilmeta-api'

const get = (path: string, headers: Record<string, string> = {}) => call(service, `GET /test/${path}`, { headers })

describe('routes and sub-APIs (utilmeta tests/server/api.py)', () => {
  it('a literal route with @ and a FilePath fallback', async () => {
    expect(await get('@special')).toMatchObject({ status: 200, body: '@special' })
    expect(await get('random/path/to')).toMatchObject({ status: 200, body: 'random/path/to' })
  })

  it('a mounted sub-API owns its prefix: a miss inside it is its 404, never the parent fallback', async () => {
    const missing = await get('the/api/not_found')
    expect(missing.status).toBe(404)
    const wrongMethod = await call(service, 'POST /test/the/api/hello')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET')
  })

  it('common header params with defaults, and an explicit template on the endpoint', async () => {
    expect((await get('the/api/hello?hello=what')).body).toEqual({ test: ['world', 'what'], message: 'hello' })
    expect((await get('the/api/hello', { 'x-hello': 'what' })).body).toEqual({ test: ['what', null], message: 'hello' })
  })
})

describe('route ownership with params in the prefix', () => {
  it('a sub-API under users/{id} owns everything below it', async () => {
    @api.route('users/{id}')
    class UserAPI extends api.API {
      @api.get
      profile() { return 'profile' }
    }
    class Root extends api.API {
      static user = UserAPI
      @api.get('{rest}', { rest: request.FilePathParam })
      fallback({ rest }: { rest: string }) { return rest }
    }
    const app = new Fw(import.meta.url, { api: Root })
    expect((await call(app, 'GET /users/7/profile')).body).toBe('profile')
    expect((await call(app, 'GET /users/7/other')).status).toBe(404)
    expect((await call(app, 'POST /users/7/profile')).status).toBe(405)
    expect((await call(app, 'GET /users')).body).toBe('users') // not under the prefix: the fallback
    expect((await call(app, 'GET /other/x')).body).toBe('other/x')
  })
})

describe('hooks and templates', () => {
  beforeEach(() => void order.splice(0))

  it("an @parent-mounted API's endpoint uses its own template", async () => {
    expect(await get('@parent/hello')).toMatchObject({ status: 200, body: { test: 'world', message: '' } })
  })

  it("a template-less sub-API's result is rendered by the nearest enclosing template", async () => {
    expect(await get('@parent/sub/hello', { 'X-Test-Id': '1' })).toMatchObject({ status: 200, body: { test: 'world', message: '' } })
  })

  it('a per-endpoint template (bare response.Response) wins over the enclosing one', async () => {
    expect(await get('@parent/sub/test0', { 'X-Test-Id': '1' })).toMatchObject({ status: 200, body: 'test0' })
    expect(await get('@parent/sub/test0')).toMatchObject({ status: 200, body: 'test0' }) // before-hook param default
  })

  it("a parent's before hook on a sub-API passes its param through this.request.state; the after hook's template renders", async () => {
    expect(await get('@parent/sub/test1', { 'X-Test-Id': '3' })).toMatchObject({ status: 200, body: { test1: 3 } })
    expect(await get('@parent/sub/test1')).toMatchObject({ status: 200, body: { test1: 'null' } })
  })

  it('this.respond() uses the nearest template and is never wrapped again', async () => {
    expect(await get('@parent/sub/resp', { 'X-Test-Id': '5' })).toMatchObject({ status: 200, body: { test: { resp: 5 }, message: '' } })
  })

  it('onion order: parent before → child before → endpoint → child after → parent after', async () => {
    await get('@parent/sub/hello')
    expect(order).toEqual(['parent before', 'child before', 'child after', 'parent after'])
  })

  it("an error hook's result is rendered with its class's template", async () => {
    expect(await get('@parent/error?msg=test_message')).toMatchObject({ status: 200, body: { test: 'test_message', message: '' } })
  })

  it('an error hook turns a BadRequest from parsing (also in sub-APIs) into 422, listing every failing field', async () => {
    const bad = await get('query_schema?page=0&item=t')
    expect(bad.status).toBe(422)
    const body = bad.body as { error: string; errors: { path: unknown[] }[] }
    expect(body.error).toMatch(/^parse item: \['query'\] failed: parse item: \['page'\]/)
    expect(body.errors.map((error) => error.path)).toEqual([['page'], ['item']]) // wire names, not the method's `query`
    expect((await get('query_schema?page=5&item=tech')).body).toEqual({ page: 5, item: 'tech' })
  })
})

describe('plugins on a class', () => {
  it('processRequest may answer instead of the endpoint', async () => {
    expect(await get('sync_plugin')).toMatchObject({ status: 401, body: { test: 'plugin-sync-1', message: '' } })
  })

  it('processResponse may replace the response', async () => {
    expect(await get('teapot')).toMatchObject({ status: 200, body: 'replaced by plugin' })
  })
})

describe('bodies, headers and path aliases', () => {
  it('several whole-body params: each takes the body when its content type fits', async () => {
    const form = await call(service, 'POST /test/multi_body', { body: 'name=form', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form).toMatchObject({ status: 200, body: [null, null, { name: 'form' }] })
    const json = await call(service, 'POST /test/multi_body', { json: { name: 'json', operation: 'post', params: { key: 'val' } } })
    expect(json).toMatchObject({ status: 200, body: [{ name: 'json' }, { operation: 'post', params: { key: 'val' } }, null] })
    const other = await call(service, 'POST /test/multi_body', { body: '<a/>', headers: { 'content-type': 'text/plain' } })
    expect(other.status).toBe(415)
  })

  it('an alias on a param binds the path template name; contentType is enforced for object bodies', async () => {
    const ok = await call(service, 'POST /test/log/2022/1/INFO?status=500', { body: 'title=yyyy&views=3', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(ok).toMatchObject({ status: 200, body: [2022, 1, 'INFO', 500, { title: 'yyyy', views: 3 }] })
    const json = await call(service, 'POST /test/log/2022/1/INFO?status=500', { json: { title: 'yyyy', views: 3 } })
    expect(json.status).toBe(415)
  })

  it('a Headers schema with a cookie object field parses the Cookie header', async () => {
    const result = await call(service, 'POST /test/operation', { headers: { 'X-Auth-Token': 'x'.repeat(12), cookie: 'sessionid=x' } })
    expect(result).toMatchObject({ status: 200, body: ['x'.repeat(12), { sessionid: 'x', csrftoken: 'none' }] })
  })
})

describe('setup mistakes are ImproperlyConfigured when the service is built', () => {
  it('an unknown hook target names class, hook and target', () => {
    class Bad extends api.API {
      @api.get
      a() { return 1 }
      // @ts-expect-error: 'b' is not a method of Bad (TypeScript sees it; the build refuses it too)
      @api.before('b')
      hook() {}
    }
    expect(() => new Fw(import.meta.url, { api: Bad })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => new Fw(import.meta.url, { api: Bad })).toThrow(/Bad\.hook\(\): @api\.before target 'b' is not an endpoint of Bad/)
  })

  it('an API class target that is not mounted below', () => {
    class Other extends api.API {}
    class Bad extends api.API {
      @api.get
      a() { return 1 }
      @api.after(Other)
      hook() {}
    }
    expect(() => new Fw(import.meta.url, { api: Bad })).toThrow(/API class Other is not an endpoint of Bad nor a sub-API/)
  })

  it('two endpoints with the same method and path', () => {
    class Dup extends api.API {
      @api.get('item/{id}')
      one() { return 1 }
      @api.get('item/{key}')
      two() { return 2 }
    }
    expect(() => new Fw(import.meta.url, { api: Dup })).toThrow(/Dup\.two\(\) and Dup\.one\(\) are both GET '\/item\/\{id\}'|Dup\.two\(\) and Dup\.one\(\) are both GET/)
  })

  it('a static member class with endpoints that does not extend api.API', () => {
    class NotAnAPI {
      @api.get
      a() { return 1 }
    }
    class Root extends api.API {
      static child = NotAnAPI
    }
    expect(() => new Fw(import.meta.url, { api: Root })).toThrow(/Root\.child: the class NotAnAPI declares endpoints but does not extend api\.API/)
  })

  it('an unclosed { in a route template', () => {
    class Broken extends api.API {
      @api.get('item/{id')
      one() { return 1 }
    }
    expect(() => new Fw(import.meta.url, { api: Broken })).toThrow(/Broken\.one\(\): route 'item\/\{id' has an unbalanced/)
  })

  it('a param that is not a valibot schema names class, method and key', () => {
    class Typo extends api.API {
      @api.get({ id: 'number' as unknown as v.GenericSchema })
      one() { return 1 }
    }
    expect(() => new Fw(import.meta.url, { api: Typo })).toThrow(/Typo\.one\(\): param 'id' must be a valibot schema/)
  })
})
