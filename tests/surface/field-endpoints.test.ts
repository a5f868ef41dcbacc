/**
 * Declarations written once: an endpoint declared as a
 * field, `add = api.get(params, handler)`, gets its input typed from the one
 * declaration and is served like a decorated method — params, path, common
 * params, hooks, templates, the per-request `this`, OpenAPI and the client.
 */
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, request } from 'fw-api'
import { createClient } from 'fw-api/client'
import { call } from '../helpers/client'
import { Envelope, int } from '../helpers/fixtures'

class CalcAPI extends api.API {
  static response = Envelope
  @request.HeaderParam({ alias: 'X-Unit', default: '' }) unit!: string

  add = api.get({ a: int, b: int }, ({ a, b }) => a + b)
  label = api.get('label/{n}', { n: int }, ({ n }) => `${n}${this.unit}`)
  echo = api.post({ item: request.Json(v.object({ name: v.string() })) }, ({ item }) => ({ name: item.name, path: this.request.path }))
  now = api.get(() => this.request.method)

  @api.before('add')
  checkAdd() {
    if (this.request.headers.get('x-deny') === '1') throw new exceptions.PermissionDenied('denied')
  }

  @api.get
  method() { return 'method' }
}

class RootAPI extends api.API {
  static calc = CalcAPI
}

const service = new Fw(import.meta.url, { api: RootAPI, route: '/api', docs: true })

describe('field endpoints', () => {
  it('parse their params and answer in the class envelope', async () => {
    expect((await call(service, 'GET /api/calc/add?a=1.5&b=2.1')).text).toBe('{"data":3,"msg":""}')
    expect((await call(service, 'GET /api/calc/add?a=1&b=x')).status).toBe(400)
  })
  it('take a path template, common params and this (the per-request instance)', async () => {
    expect((await call(service, 'GET /api/calc/label/7', { headers: { 'x-unit': 'kg' } })).text).toBe('{"data":"7kg","msg":""}')
    expect((await call(service, 'GET /api/calc/now')).text).toBe('{"data":"GET","msg":""}')
    expect((await call(service, 'POST /api/calc/echo', { json: { name: 'a' } })).body).toEqual({ data: { name: 'a', path: '/api/calc/echo' }, msg: '' })
  })
  it('are hook targets, next to decorated methods', async () => {
    expect((await call(service, 'GET /api/calc/add?a=1&b=2', { headers: { 'x-deny': '1' } })).status).toBe(403)
    expect((await call(service, 'GET /api/calc/method')).text).toBe('{"data":"method","msg":""}')
  })
  it('are in the OpenAPI document and callable through the typed client', async () => {
    const document = service.openapi() as { paths: Record<string, Record<string, { operationId?: string }>> }
    expect(document.paths['/api/calc/add']?.get?.operationId).toBe('calc.add')
    expect(document.paths['/api/calc/label/{n}']?.get).toBeDefined()
    const client = createClient<typeof RootAPI>({ baseURL: 'http://localhost', fetch: (req) => service.fetch(req), document: '/api/docs/openapi.json' })
    const sum: number = await client.calc.add({ a: 2, b: 3 })
    expect(sum).toBe(5)
  })
  it('live next to decorated methods in one class', async () => {
    class Mixed extends api.API {
      @api.get({ q: v.string() })
      search({ q }: { q: string }) { return q }
      count = api.get({ n: int }, ({ n }) => n + 1)
    }
    const mixed = new Fw(import.meta.url, { api: Mixed })
    expect((await call(mixed, 'GET /search?q=x')).text).toBe('"x"')
    expect((await call(mixed, 'GET /count?n=1')).text).toBe('2')
  })
})
