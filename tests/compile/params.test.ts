/**
 * `planParams` (src/compile/params.ts) called directly: which sources an
 * endpoint reads, where each value goes, in which order, what it refuses at
 * build. The plans it returns are run by hand on an `Exchange` (a request's context and what the
 * pipeline keeps of it: path values, the body), so each
 * case checks a plan reads and converts what it says.
 *
 *   npx vitest run tests/compile/params.test.ts
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Exchange } from '../../src/pipeline/exchange'
import { checkParam, readParam } from '../../src/pipeline/extract'
import { planParams, type PlanSource } from '../../src/compile/params'
import { registerPlanner, resolvedPlan } from '../../src/compile/param-plan'
import { resolveAll } from '../../src/pipeline/resolve'
import { specFor, specsOf } from '../../src/compile/specs'
import { ImproperlyConfigured } from '../../src/exceptions'
import { RequestContext } from '../../src/request/context'
import { request } from 'fw-api'
import { Invalid } from '../../src/schema/parse'

/** A source for `planParams`, as the tree walk makes it. */
function source(template: string, params: Record<string, unknown>, extra: Partial<PlanSource> = {}): PlanSource {
  return { where: 'ItemAPI.get()', template, params: specsOf(params, 'ItemAPI.get()'), common: [], ...extra }
}

/** A request's exchange for `url`, with the path values the router would hand the endpoint. */
function contextOf(url: string, pathValues: string[] = [], headers: HeadersInit = {}): Exchange {
  const parsed = new URL(url)
  const context = new RequestContext(new Request(url, { headers }), parsed.pathname, parsed.search.slice(1), Date.now())
  return new Exchange(context, pathValues, [], false)
}

describe('planParams', () => {
  it('plans a path param from the template for the method, and reads and converts it', () => {
    const planned = planParams(source('/items/{id}', { id: v.pipe(v.number(), v.integer()) }), ['id'], new Set(['id']))
    expect(planned.params.map(({ in: at, name, key, target }) => ({ at, name, key, target }))).toEqual([
      { at: 'path', name: 'id', key: 'id', target: 'input' },
    ])
    const [id] = planned.params
    const raw = id && readParam(id, contextOf('http://x/items/42', ['42']))
    expect(raw).toBe('42')
    expect(id && checkParam(id, raw)).toBe(42)
    expect(id && checkParam(id, '4.5')).toBe(4) // an integer schema truncates (SPEC §3.1)
    expect(id && checkParam(id, 'four')).toBeInstanceOf(Invalid)
    expect(planned.readsQuery).toBe(false)
  })

  it('binds a path param through an alias', () => {
    const planned = planParams(source('/points/{y}', { row: request.Param(v.string(), { alias: 'y' }) }), ['y'], new Set(['y']))
    expect(planned.params).toHaveLength(1)
    expect(planned.params[0]).toMatchObject({ in: 'path', name: 'y', key: 'row', target: 'input' })
  })

  it('orders plans path, query, header, cookie, body whatever the declaration order', () => {
    const planned = planParams(
      source('/items/{id}', {
        name: request.BodyParam(v.string()),
        session: request.CookieParam(v.string()),
        xToken: request.HeaderParam(v.string()),
        q: v.string(),
        id: v.string(),
      }),
      ['id'],
      new Set(['id']),
    )
    expect(planned.params.map((plan) => plan.in)).toEqual(['path', 'query', 'header', 'cookie', 'body'])
    expect(planned.readsQuery).toBe(true)
    expect(planned.bodies).toEqual([{ accept: 'any', maxLength: undefined }])
  })

  it('reads a query param from the query string and a header by its kebab-case name', () => {
    const planned = planParams(source('/search', { q: v.string(), xToken: request.HeaderParam(v.string()) }), [], new Set())
    expect(planned.headerNames).toEqual(['x-token'])
    const context = contextOf('http://x/search?q=fw&q=api', [], { 'x-token': 'secret' })
    const [query, header] = planned.params
    expect(query && readParam(query, context)).toBe('fw') // a scalar param reads the first of a repeated key
    expect(query && checkParam(query, readParam(query, context))).toBe('fw')
    expect(header?.name).toBe('x-token')
    expect(header && readParam(header, context)).toBe('secret')
  })

  it('puts a common param on the instance, and leaves it to the endpoint for a before hook (declaredOnly)', () => {
    const common = [{ field: 'org', spec: specFor(v.string(), 'OrgAPI', 'org') }]
    const planned = planParams(source('/orgs/{org}/items', {}, { common }), ['org'], new Set())
    expect(planned.params).toHaveLength(1)
    expect(planned.params[0]).toMatchObject({ in: 'path', key: 'org', target: 'instance' })
    const hook = planParams(source('/orgs/{org}/items', {}, { common, declaredOnly: true }), ['org'], new Set())
    expect(hook.params).toEqual([])
  })

  it('lists a resolve param once among the resolvers, with the headers it reads and the step that resolves it', () => {
    registerPlanner('resolve', resolvedPlan) // as fw-api/auth's User() does: its markers' params are planned so
    const user = request.Param(v.any())
    const spec = { ...specFor(user, 'ItemAPI.get()', 'user'), kind: 'resolve' as const, resolve: () => 'ann', headers: ['authorization'] }
    const planned = planParams({ where: 'ItemAPI.get()', template: '/me', params: { user: spec }, common: [] }, [], new Set())
    expect(planned.resolvers).toEqual([spec])
    expect(planned.headerNames).toEqual(['authorization'])
    expect(planned.params[0]).toMatchObject({ in: 'resolved', key: 'user', mayBeAbsent: true })
    expect(planned.resolveAll).toBe(resolveAll)
    const exchange = new Exchange(new RequestContext(new Request('http://x/me'), '/me', '', Date.now()), [], [], false)
    expect(resolveAll(exchange.context, planned.resolvers, 0)).toBeUndefined()
    expect(planned.params[0] && readParam(planned.params[0], exchange)).toBe('ann')
  })

  it('refuses at build what cannot work, naming the endpoint', () => {
    const plan = (template: string, params: Record<string, unknown>, names: string[]) => () =>
      planParams(source(template, params), names, new Set(names))
    expect(plan('/items/{id}', { id: request.HeaderParam(v.string()) }, ['id'])).toThrow(
      "ItemAPI.get(): 'id' names the path param {id} of '/items/{id}' but is declared as a header param",
    )
    expect(plan('/items', { id: request.PathParam(v.string()) }, [])).toThrow(
      "ItemAPI.get(): path param 'id' is not in the route '/items'",
    )
    expect(plan('/items', { name: request.BodyParam(v.string()), all: request.Body(v.object({})) }, [])).toThrow(ImproperlyConfigured)
    // either order, named (the body params are planned by the body support: body/plan.ts `BodyParams`)
    const mixed = 'ItemAPI.get(): body fields (request.BodyParam) and whole-body params (request.Body/Json/Form) cannot be mixed'
    expect(plan('/items', { name: request.BodyParam(v.string()), all: request.Body(v.object({})) }, [])).toThrow(mixed)
    expect(plan('/items', { all: request.Json(v.object({})), name: request.BodyParam(v.string()) }, [])).toThrow(mixed)
  })

  it('plans whole-body params a body plan each, body fields one plan for all (their wire names, a file field bound)', () => {
    const whole = planParams(source('/items', { text: request.Body(v.string()), data: request.Json(v.object({})) }), [], new Set())
    expect(whole.bodies.map((body) => body.accept)).toEqual(['text', 'json'])
    expect(whole.params.map((param) => [param.key, param.source])).toEqual([
      ['text', { kind: 'body', index: 0 }],
      ['data', { kind: 'body', index: 1 }],
    ])
    const fields = planParams(
      source('/items', { title: request.BodyParam(v.string(), { alias: 'Title' }), n: request.BodyParam(v.number()) }),
      [],
      new Set(),
    )
    expect(fields.bodies).toEqual([{ accept: 'any', maxLength: undefined }])
    expect(fields.params.map((param) => [param.name, param.source])).toEqual([
      ['Title', { kind: 'body-field', wire: 'Title' }],
      ['n', { kind: 'body-field', wire: 'n' }],
    ])
  })

  it('limits the nesting of JSON-encoded params to the source depth', () => {
    const planned = planParams(source('/find', { filter: v.object({ a: v.any() }) }, { depth: 2 }), [], new Set())
    const [filter] = planned.params
    expect(filter && checkParam(filter, '{"a":1}')).toEqual({ a: 1 })
    expect(filter && checkParam(filter, '{"a":{"b":{"c":1}}}')).toBeInstanceOf(Invalid)
  })
})
