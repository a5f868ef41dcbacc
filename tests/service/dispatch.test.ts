/**
 * `buildDispatch` (src/service/dispatch.ts) called directly, without `Fw`:
 * the routes it compiles, and its fetch function's order — mounts by longest
 * prefix, then the router, then 404 / 405 / OPTIONS by the owning class, HEAD
 * as GET without a body, the root's 400 for an unusable target, a contained
 * mount, service plugins around routing, the configured stringify and onError.
 *
 *   npx vitest run tests/service/dispatch.test.ts
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, request } from 'fw-api'
import { Plugin } from '../../src/api/plugin'
import { ImproperlyConfigured } from '../../src/exceptions'
import { defaultLimits } from '../../src/body/limits'
import type { RuntimeTraits } from '../../src/serve/traits'
import { collectEndpoints } from '../../src/compile/tree'
import { buildDispatch, type DispatchConfig } from '../../src/service/dispatch'
// apps mounted by hand: their dispatch, which the entries that mount one (adapters, openapi, health) register
import { AppMounts } from '../../src/service/app-mounts'

class ItemAPI extends api.API {
  @api.get('{id}', { id: v.pipe(v.number(), v.integer()), q: request.QueryParam(v.string(), { default: '' }) })
  item({ id, q }: { id: number; q: string }) {
    return { id, q }
  }

  @api.del('{id}', { id: v.pipe(v.number(), v.integer()) })
  remove() {
    throw new Error('the database is gone')
  }
}

class RootAPI extends api.API {
  static items = ItemAPI
}

const NODE_TRAITS: RuntimeTraits = { hostInUrl: false, headersObject: false, peer: () => undefined }

function config(extra: Partial<DispatchConfig> = {}): DispatchConfig {
  return {
    api: RootAPI,
    defs: collectEndpoints(RootAPI, '/api'),
    appMounts: [],
    stringify: JSON.stringify,
    debug: false,
    limits: defaultLimits,
    plugins: [],
    runtime: NODE_TRAITS,
    onError: () => {},
    mountedApps: AppMounts,
    ...extra,
  }
}

type Fetch = ReturnType<typeof buildDispatch>['fetch']

const send = async (fetch: Fetch, path: string, init?: RequestInit): Promise<Response> =>
  await fetch(new Request(`http://x${path}`, init))

describe('buildDispatch', () => {
  it('compiles the routes of the API class under its route', () => {
    const { routes } = buildDispatch(config())
    expect(routes.map((route) => `${route.method} ${route.data.endpoint.def.template}`).sort()).toEqual([
      'DELETE /api/items/{id}',
      'GET /api/items/{id}',
    ])
    expect(routes[0]?.data.endpoint.def.cls).toBe(ItemAPI)
  })

  it('routes a match to its endpoint, synchronously when nothing is asynchronous', async () => {
    const { fetch } = buildDispatch(config())
    const answer = fetch(new Request('http://x/api/items/7?q=fw'))
    expect(answer).toBeInstanceOf(Response)
    const response = await answer
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 7, q: 'fw' })
    expect((await send(fetch, '/api/items/seven')).status).toBe(400)
  })

  it('answers a miss by path (404), by method (405 with Allow) and a preflight (204)', async () => {
    const { fetch } = buildDispatch(config())
    expect((await send(fetch, '/api/nowhere')).status).toBe(404)
    const wrongMethod = await send(fetch, '/api/items/7', { method: 'PUT' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET, DELETE')
    const preflight = await send(fetch, '/api/items/7', { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, DELETE')
  })

  it('answers HEAD as the GET without its body', async () => {
    const { fetch } = buildDispatch(config())
    const head = await send(fetch, '/api/items/7', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toContain('application/json')
    expect(head.body).toBeNull()
  })

  it('sends a request under a mount to the longest prefix, stripped, and an unmatched one to the root mount', async () => {
    const seen: string[] = []
    const mount = (name: string) => (request: Request) => {
      seen.push(`${name} ${new URL(request.url).pathname}`)
      return new Response(name)
    }
    const { fetch } = buildDispatch(
      config({
        appMounts: [
          { prefix: '/legacy', handler: mount('legacy') },
          { prefix: '/legacy/v2', handler: mount('v2') },
          { prefix: '/', handler: mount('root') },
        ],
      }),
    )
    expect(await (await send(fetch, '/legacy/v2/users')).text()).toBe('v2')
    expect(await (await send(fetch, '/legacy/users')).text()).toBe('legacy')
    expect(await (await send(fetch, '/elsewhere')).text()).toBe('root')
    expect((await send(fetch, '/api/items/7')).status).toBe(200) // fw's routes before the root mount
    expect(seen).toEqual(['v2 /users', 'legacy /users', 'root /elsewhere'])
  })

  it('refuses an app mounted without the dispatch an entry registers (a config made by hand)', () => {
    const mounted = config({ appMounts: [{ prefix: '/legacy', handler: () => new Response('x') }], mountedApps: undefined })
    expect(() => buildDispatch(mounted)).toThrow(ImproperlyConfigured)
    expect(() => buildDispatch(mounted)).toThrow('an app is mounted, but no entry that mounts one was imported')
    expect(buildDispatch(config({ mountedApps: undefined })).routes.length).toBeGreaterThan(0) // no app: none needed
  })

  it("contains a mount that throws: the root's 500, the error told to onError", async () => {
    const told: unknown[] = []
    const broken = new Error('mounted app failed')
    const { fetch } = buildDispatch(
      config({
        appMounts: [{ prefix: '/broken', handler: () => { throw broken } }],
        onError: (error) => void told.push(error),
      }),
    )
    const response = await send(fetch, '/broken/x')
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('mounted app failed')
    expect(told).toHaveLength(1)
    expect((await send(fetch, '/api/items/7', { method: 'DELETE' })).status).toBe(500)
    expect(told).toHaveLength(2)
  })

  it('refuses an unusable Host with a 400 where the runtime puts it in the URL (Deno)', async () => {
    const { fetch } = buildDispatch(config({ runtime: { ...NODE_TRAITS, hostInUrl: true } }))
    const response = await fetch(new Request('http://x/api/items/7', { headers: { host: 'a/b' } }))
    expect(response.status).toBe(400)
    expect((await fetch(new Request('http://x/api/items/7', { headers: { host: 'x' } }))).status).toBe(200)
  })

  it('runs service plugins around routing, and serialises with the configured stringify', async () => {
    class Stamp extends Plugin {
      override processRequest(_request: Request): undefined {}
      override processResponse(response: Response): Response {
        response.headers.set('x-stamped', '1')
        return response
      }
    }
    class Refuse extends Plugin {
      override processRequest(incoming: Request): Response | undefined {
        return new URL(incoming.url).pathname.endsWith('/0') ? new Response('refused', { status: 403 }) : undefined
      }
    }
    const { fetch } = buildDispatch(
      config({ plugins: [new Stamp(), new Refuse()], stringify: (value) => JSON.stringify(value, null, 1) }),
    )
    const answer = fetch(new Request('http://x/api/items/7'))
    // synchronous plugin steps answer synchronously (a plugin waits only when a step of it does)
    expect(answer).toBeInstanceOf(Response)
    const response = await answer
    expect(response.headers.get('x-stamped')).toBe('1')
    expect(await response.text()).toBe('{\n "id": 7,\n "q": ""\n}')
    const refused = await send(fetch, '/api/items/0')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('x-stamped')).toBe('1')
  })

  it('renders a miss outside any API class as problem+json from the root', async () => {
    const { fetch } = buildDispatch(config({ defs: collectEndpoints(RootAPI, '/api') }))
    const outside = await send(fetch, '/other')
    expect(outside.status).toBe(404)
    expect(outside.headers.get('content-type')).toContain('application/problem+json')
  })
})
