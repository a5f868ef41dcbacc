/**
 * src/compile/endpoint.ts: `compileEndpoint`, one endpoint compiled once — the `CompiledEndpoint`
 * docs generators read (its definition, plan, template, before hooks, doc, renderer) with every
 * request header its route reads (its own header params, its before hooks', the plugins'
 * `requestHeaders`, lower case, once), its chain answering requests (`handle`): a method, a field
 * endpoint's handler as the instance's own property, the service's error plugins; a socket
 * endpoint refused at build without `fw-api/ws`. Driven directly on `collectEndpoints`'
 * definitions, their plans and resolved declarations.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, request, response } from 'fw-api'
import { ws } from 'fw-api/ws'
import { Plugin } from '../../src/api/plugin'
import { defaultLimits } from '../../src/body/limits'
import { compileEndpoint } from '../../src/compile/endpoint'
import { resolveDeclarations } from '../../src/compile/hooks'
import type { ResolvedHook } from '../../src/pipeline/plans'
import type { CompileOptions } from '../../src/pipeline/plans'
import { planParams, type EndpointPlan } from '../../src/compile/params'
import { specsOf } from '../../src/compile/specs'
import { collectEndpoints, type EndpointDef } from '../../src/compile/tree'
import { RequestContext } from '../../src/request/context'

class Envelope extends response.Response {
  static resultKey = 'data'
}

class ReadsAuth extends Plugin {
  override readonly requestHeaders = ['Authorization', 'X-Tenant']
}

@api.plugin(new ReadsAuth())
class ItemAPI extends api.API {
  static response = Envelope

  @api.doc({ summary: 'One item' })
  @api.get('{id}', { id: v.pipe(v.number(), v.integer()), xTrace: request.HeaderParam(v.optional(v.string())) })
  item({ id }: { id: number }) {
    if (id === 0) throw new Error('item zero broke')
    return { id }
  }

  total = api.get('count', {}, function (this: ItemAPI) {
    return this instanceof ItemAPI ? 42 : -1
  })

  @api.before('item', { xTenant: request.HeaderParam(v.optional(v.string())), xHook: request.HeaderParam(v.optional(v.string())) })
  check() {}

  @ws.socket('live')
  async live(socket: ws.Socket) {
    socket.close(1000)
  }
}

const defs = collectEndpoints(ItemAPI, '/items')
const defOf = (name: string): EndpointDef => {
  const found = defs.find((def) => def.methodName === name)
  if (!found) throw new Error(`no ${name}`)
  return found
}

class Answers extends Plugin {
  override handleError() {
    return new Response('answered by the service plugin', { status: 503 })
  }
}

const options = (more: Partial<CompileOptions> = {}): CompileOptions => ({ stringify: JSON.stringify, debug: false, limits: defaultLimits, plugins: [], ...more })

/** Compile `def` as compileRoutes does: its plan, its resolved declarations, its before hooks' plans. */
function compiled(def: EndpointDef, given: CompileOptions = options()) {
  const names = [...def.template.matchAll(/\{([^{}]+)\}/g)].map((found) => found[1] ?? '')
  const ownNames = new Set([...def.ownPath.matchAll(/\{([^{}]+)\}/g)].map((found) => found[1] ?? ''))
  const plan = planParams({ where: def.methodName, template: def.template, params: def.params, common: def.common, depth: 32 }, names, ownNames)
  const around = resolveDeclarations(def)
  const hookPlans = new Map<ResolvedHook, EndpointPlan>()
  for (const hook of around.before)
    if (hook.decl.params)
      hookPlans.set(hook, planParams({ where: 'hook', template: def.template, params: specsOf(hook.decl.params, 'hook'), common: [], declaredOnly: true, depth: 32 }, names, ownNames))
  return { endpoint: compileEndpoint(def, plan, around, hookPlans, given), plan, around }
}

const contextOf = (url: string) => new RequestContext(new Request(url), new URL(url).pathname, new URL(url).search.slice(1), Date.now())

describe('compileEndpoint: what docs generators read', () => {
  it('keeps the definition, plan, template, before hooks and doc it was built from', () => {
    const { endpoint, plan, around } = compiled(defOf('item'))
    expect(endpoint.def).toBe(defOf('item'))
    expect(endpoint.plan).toBe(plan)
    expect(endpoint.template).toBe(around.template)
    expect(endpoint.template.resultKey).toBe('data')
    expect(endpoint.before.map((hook) => hook.decl.methodName)).toEqual(['check'])
    expect(endpoint.doc.summary).toBe('One item')
  })

  it('lists every header the route reads, lower case, once: its own, its before hooks’, the plugins’', () => {
    const service = new (class extends Plugin {
      override readonly requestHeaders = ['x-trace', 'X-Service']
    })()
    const { endpoint } = compiled(defOf('item'), options({ plugins: [service] }))
    expect([...endpoint.headerNames].sort()).toEqual(['authorization', 'x-hook', 'x-service', 'x-tenant', 'x-trace'])
    expect([...compiled(defOf('total')).endpoint.headerNames].sort()).toEqual(['authorization', 'x-tenant'])
  })
})

describe('compileEndpoint: the chain', () => {
  it('answers a request with the method’s result in the template', async () => {
    const { endpoint } = compiled(defOf('item'))
    const answer = await endpoint.handle(contextOf('http://x/items/7'), ['7'])
    expect(await answer.json()).toEqual({ data: { id: 7 } })
    expect((await endpoint.handle(contextOf('http://x/items/x'), ['x'])).status).toBe(400)
  })

  it('calls a field endpoint’s handler as the per-request instance’s own property', async () => {
    const answer = await compiled(defOf('total')).endpoint.handle(contextOf('http://x/items/count'), [])
    expect(await answer.json()).toEqual({ data: 42 })
  })

  it('hands an error to the service plugins’ handleError', async () => {
    const { endpoint } = compiled(defOf('item'), options({ plugins: [new Answers()], onError: () => undefined }))
    const answer = await endpoint.handle(contextOf('http://x/items/0'), ['0'])
    expect([answer.status, await answer.text()]).toEqual([503, 'answered by the service plugin'])
  })

  it('refuses a socket endpoint at build without fw-api/ws’s upgrade, naming the import', () => {
    expect(() => compiled(defOf('live'))).toThrow("ItemAPI.live() is a WebSocket endpoint: add `import 'fw-api/ws'`")
    const upgrade = () => () => new Response(null)
    expect(() => compiled(defOf('live'), options({ socketUpgrade: upgrade }))).not.toThrow()
  })
})
