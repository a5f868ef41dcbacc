/**
 * src/service/unmatched.ts: what answers a request no route of its method matches, called
 * directly on the plan the dispatcher builds (the same steps as service/dispatch.ts) — the 404 of
 * the class that owns the path, else the app mounted at '/', else the root API's, else the
 * service's; the 405 with `Allow` by the class's template; the preflight's 204, seen by the class
 * plugins of the path's routes; routes a sub-API's scope shadows left out. Over real HTTP:
 * tests/router/routing-errors.test.ts.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, response } from 'fw-api'
import type { APIClass } from '../../src/api/api'
import { Plugin } from '../../src/api/plugin'
import { defaultLimits } from '../../src/body/limits'
import { rendererFor } from '../../src/compile/options'
import type { CompileOptions } from '../../src/pipeline/plans'
import { compileRoutes, type RouteTarget, type Scope } from '../../src/compile/routes'
import { collectEndpoints } from '../../src/compile/tree'
import { RequestContext } from '../../src/request/context'
import { declaredTemplate } from '../../src/response/response'
import { Router } from '../../src/router'
import type { FetchHandler } from '../../src/types'
import { shadowed, Unmatched } from '../../src/service/unmatched'

/** Stamps every answer it sees: a class plugin must see the preflights of its paths. */
class Stamp extends Plugin {
  override processResponse(answer: Response): Response {
    answer.headers.set('x-stamped', 'items')
    return answer
  }
}

@api.plugin(new Stamp())
class ItemAPI extends api.API {
  static response = class extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
  }

  @api.get('{id}', { id: v.pipe(v.number(), v.integer()) })
  item({ id }: { id: number }) {
    return id
  }

  @api.del('{id}', { id: v.pipe(v.number(), v.integer()) })
  remove() {}
}

class PlainAPI extends api.API {
  @api.post('{id}', { id: v.string() })
  create() {}
}

class RootAPI extends api.API {
  static items = ItemAPI
  static plain = PlainAPI

  @api.put('{kind}/{id}', { kind: v.string(), id: v.string() })
  replace() {}
}

/** The plan of `root` at `route`, built as the dispatcher builds it. */
function unmatchedOf(root: APIClass, route: string, fallback?: FetchHandler): Unmatched {
  const options: CompileOptions = { stringify: JSON.stringify, debug: false, limits: defaultLimits, plugins: [] }
  const { entries, scopes, roots } = compileRoutes(collectEndpoints(root, route), options)
  const renderer = rendererFor(options, declaredTemplate((root as { response?: unknown }).response), root.name)
  return new Unmatched({ router: new Router(entries), entries, scopes, roots, root: renderer, fallback })
}

/** A request's context, as the dispatcher makes it. */
function contextOf(path: string, method = 'GET'): RequestContext {
  const url = new URL(path, 'http://x')
  return new RequestContext(new Request(url, { method }), url.pathname, url.search.slice(1), Date.now())
}

const unmatched = unmatchedOf(RootAPI, '/api')

describe('Unmatched.answer: no route for the path (404)', () => {
  it('answers by the class that owns the path, in its template', async () => {
    const answer = await unmatched.answer(contextOf('/api/items/7/more'))
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ data: null, msg: 'NotFound: path not found: /api/items/7/more' })
  })

  it('answers under the root API’s prefix by the root, and elsewhere by the service (problem+json)', async () => {
    for (const path of ['/api/nowhere', '/elsewhere', `/${'a/'.repeat(2_000)}`]) {
      const answer = await unmatched.answer(contextOf(path))
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('content-type'), path).toBe('application/problem+json')
      expect(JSON.stringify(await answer.json()), path).not.toMatch(/at \w+ \(|\.ts:\d/)
    }
  })

  it('hands what no class owns to the app mounted at /, with the request itself', async () => {
    const seen: Request[] = []
    const app: FetchHandler = (request) => {
      seen.push(request)
      return new Response('the app', { status: 200 })
    }
    const withApp = unmatchedOf(RootAPI, '/api', app)
    const context = contextOf('/elsewhere?q=1')
    expect(await (await withApp.answer(context)).text()).toBe('the app')
    expect(seen).toEqual([context.raw])
    // a path a class owns stays its 404
    expect((await withApp.answer(contextOf('/api/items/7/more'))).status).toBe(404)
    expect(seen).toHaveLength(1)
  })
})

describe('Unmatched.answer: routes at the path, none of the method (405)', () => {
  it('answers 405 with Allow in the class’s template, the same Allow every time', async () => {
    const first = await unmatched.answer(contextOf('/api/items/7', 'PATCH'))
    expect(first.status).toBe(405)
    const allow = first.headers.get('allow')
    expect(allow?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET'])
    expect(await first.json()).toEqual({ data: null, msg: `MethodNotAllowed: method not allowed: PATCH (allowed: ${allow})` })
    const again = await unmatched.answer(contextOf('/api/items/8', 'PROPFIND'))
    expect(again.headers.get('allow')).toBe(allow)
  })

  it('answers a class without a template in problem+json, naming the allowed methods', async () => {
    const answer = await unmatched.answer(contextOf('/api/plain/x', 'GET'))
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toMatch(/POST/)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
  })
})

describe('Unmatched.answer: OPTIONS (the preflight)', () => {
  it('answers 204 with the methods and headers allowed, after the class plugins of the path', async () => {
    const answer = await unmatched.answer(contextOf('/api/items/7', 'OPTIONS'))
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'DELETE']))
    expect(answer.headers.get('access-control-allow-headers')).not.toBeNull()
    expect(answer.headers.get('x-stamped')).toBe('items')
  })

  it('runs no class plugin for the routes of a class that declares none', async () => {
    const answer = await unmatched.answer(contextOf('/api/plain/x', 'OPTIONS'))
    expect(answer.status).toBe(204)
    expect(answer.headers.get('x-stamped')).toBeNull()
  })
})

describe('shadowed routes (a sub-API’s scope over a parent route)', () => {
  it('leaves a parent route out of the Allow under a sub-API’s prefix, not elsewhere', async () => {
    const under = await unmatched.answer(contextOf('/api/items/7', 'PATCH'))
    expect(under.headers.get('allow')).not.toMatch(/PUT/)
    const elsewhere = await unmatched.answer(contextOf('/api/things/7', 'GET'))
    expect(elsewhere.status).toBe(405)
    expect(elsewhere.headers.get('allow')).toMatch(/PUT/)
  })

  it('shadowed() is true only inside one of the route’s shadowing scopes', () => {
    const scope = (prefix: string): Scope => ({ contains: (path) => path === prefix || path.startsWith(`${prefix}/`) }) as Scope
    const target = (shadowedBy: Scope[] | undefined): RouteTarget => ({ shadowedBy }) as RouteTarget
    expect(shadowed(target([scope('/api/items')]), '/api/items/7')).toBe(true)
    expect(shadowed(target([scope('/api/items')]), '/api/itemsx/7')).toBe(false)
    expect(shadowed(target([scope('/a'), scope('/b')]), '/b')).toBe(true)
    expect(shadowed(target([]), '/api/items/7')).toBe(false)
    expect(shadowed(target(undefined), '/api/items/7')).toBe(false)
  })
})
