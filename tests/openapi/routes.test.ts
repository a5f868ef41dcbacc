/**
 * The OpenAPI document is read from the compiled route table
 * (`service.routes()`), not planned again: the table carries each class
 * level's field names (`ClassLevel.tree`), the path's optional tail, the param
 * plans with their wire and header names (object params entry by entry),
 * the body plan and the before hooks. And the documents stay what they were
 * before the document read the table (golden files taken from the earlier code).
 */
import 'fw-api/openapi'
import { readFile } from 'node:fs/promises'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Field, Fw, api, exceptions, request } from 'fw-api'
import { service } from '../../examples/app'
import { describeRoutes } from '../../src/openapi/routes'
import { fixture } from './fixture'

class ItemAPI extends api.API {
  @api.before('show')
  @api.doc({ errors: [exceptions.NotFound] })
  load() {}

  @api.get('{id}/{page}', { id: v.string(), page: v.optional(v.string(), '1') })
  show(input: { id: string; page: string }) {
    return input
  }

  @api.get({ headers: request.Headers(v.object({ authToken: v.string(), trace: Field(v.optional(v.string()), { alias: 'X-Trace' }) })), lang: request.HeaderParam({ alias: 'Accept-Language' }) })
  list(input: object) {
    return input
  }
}

class RootAPI extends api.API {
  static items = api.mount(ItemAPI, 'things')
  static other = ItemAPI
}

const table = () => new Fw(import.meta.url, { api: RootAPI, route: '/api' }).routes()

describe('the compiled route table carries what the document needs', () => {
  it('each class level records the static field names leading to it', () => {
    const trees = table().map((entry) => [entry.path.template, entry.data.endpoint.def.levels.map((level) => level.tree)])
    expect(trees[0]).toEqual(['/api/things/{id}/{page}', [[], ['items']]])
    expect(trees.find(([template]) => template === '/api/other/{id}/{page}')?.[1]).toEqual([[], ['other']])
  })

  it('names the optional tail of each path', () => {
    const show = table().find((entry) => entry.data.endpoint.def.methodName === 'show')
    expect(show?.data.optionalTail).toEqual(['page'])
  })

  it('plans header params with their documented names, object params entry by entry', () => {
    const list = table().find((entry) => entry.data.endpoint.def.methodName === 'list')
    const params = list?.data.endpoint.plan.params ?? []
    expect(params.map((param) => [param.key, param.name, param.entries?.map((entry) => [entry.key, entry.wire, entry.name])])).toEqual([
      ['headers', 'headers', [['authToken', 'authToken', 'auth-token'], ['trace', 'X-Trace', 'X-Trace']]],
      ['lang', 'Accept-Language', undefined],
    ])
    expect(list?.data.endpoint.headerNames).toEqual(['auth-token', 'x-trace', 'accept-language'])
  })

  it('the document is made from that table: tree, tail, headers and hook errors', () => {
    const routes = describeRoutes(table())
    const show = routes.find((route) => route.methodName === 'show' && route.tree[0] === 'items')
    expect(show).toMatchObject({ classPath: '/api/things', optionalTail: ['page'], errors: [{ status: 404, name: 'NotFound', hook: 'ItemAPI.load()' }] })
    const list = routes.find((route) => route.methodName === 'list')
    expect(list?.params.map((param) => [param.in, param.name, param.required])).toEqual([
      ['header', 'auth-token', true],
      ['header', 'X-Trace', false],
      ['header', 'Accept-Language', true],
    ])
  })
})

describe('documents are unchanged by reading the route table', () => {
  it.each([
    ['examples/app.ts', () => service.openapi()],
    ['tests/openapi/fixture.ts', () => fixture.openapi()],
  ])('%s: byte for byte what `fw-api openapi` printed before (but the package version)', async (name, build) => {
    const golden = await readFile(new URL(`./golden/${name.replace(/[/.]/g, '_')}.json`, import.meta.url), 'utf8')
    const doc = build()
    expect(`${JSON.stringify({ ...doc, info: { ...doc.info, version: '<package version>' } }, null, 2)}\n`).toBe(golden)
  })
})
