/**
 * src/service/build.ts: `compileService` turns a declaration (`use`, `mount`, `adapt`'s prefix,
 * `conf.Time`'s stringify) and the option layers (docs, health, CORS) into one fetch function
 * and its route table. Driven directly, in-process, with `emptyDeclaration()` filled by hand.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from 'fw-api'
import { defaultLimits } from '../../src/body/limits'
import { healthMount } from '../../src/health/health'
import type { AsyncAPIDocument } from '../../src/openapi/asyncapi'
import type { OpenAPIDocument } from '../../src/openapi/document'
import { docsMount } from '../../src/openapi/page'
import { Plugin } from '../../src/api/plugin'
import { runtimeTraits } from '../../src/serve/traits'
import { AppMounts } from '../../src/service/app-mounts'
import { compileService, emptyDeclaration, type BuildInputs, type Declaration } from '../../src/service/build'
import type { FwOptions } from '../../src/service/options'

class ItemsAPI extends api.API {
  @api.get
  item() {
    return { at: new Date(Date.UTC(2025, 0, 2)) }
  }

  @api.get
  broken(): string {
    throw new Error('the handler broke')
  }
}

class ShopAPI extends api.API {
  @api.get
  hello() {
    return 'hello'
  }
}

const document = (): OpenAPIDocument => ({ openapi: '3.1.0', info: { title: 't', version: '1' }, servers: [], tags: [], paths: {}, components: { schemas: {}, responses: {} } })

/** The build inputs for `options`, with a document maker that records its calls. */
function inputsFor(options: Partial<FwOptions>, more: Partial<BuildInputs> = {}): BuildInputs {
  return { options: { api: ItemsAPI, ...options }, limits: defaultLimits, runtime: runtimeTraits(), document, mountedApps: AppMounts, ...more }
}

const get = async (fetch: (request: Request) => Response | Promise<Response>, path: string, init?: RequestInit) =>
  fetch(new Request(`http://x${path}`, init))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('compileService: routes', () => {
  it('serves the root API under the route, and lists its routes', async () => {
    const compiled = compileService(emptyDeclaration(), inputsFor({ route: '/api' }))
    const response = await get(compiled.fetch, '/api/item')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ at: '2025-01-02T00:00:00.000Z' })
    expect((await get(compiled.fetch, '/item')).status).toBe(404)
    expect(compiled.routes.map((route) => route.path.template).sort()).toEqual(['/api/broken', '/api/item'])
  })

  it('puts everything under adapt()’s prefix: the route, the API mounts and the app mounts', async () => {
    const declared: Declaration = emptyDeclaration()
    declared.prefix = '/v1'
    declared.apiMounts.push({ api: ShopAPI, route: '/shop' })
    declared.appMounts.push({ prefix: '/legacy', handler: (request) => new Response(`legacy ${new URL(request.url).pathname}`) })
    const compiled = compileService(declared, inputsFor({ route: '/api' }))
    expect(await (await get(compiled.fetch, '/v1/api/item')).json()).toEqual({ at: '2025-01-02T00:00:00.000Z' })
    expect(await (await get(compiled.fetch, '/v1/shop/hello')).json()).toBe('hello')
    expect(await (await get(compiled.fetch, '/v1/legacy/page')).text()).toBe('legacy /page') // a mount sees the path under its prefix
    for (const path of ['/api/item', '/shop/hello', '/legacy/page']) expect((await get(compiled.fetch, path)).status, path).toBe(404)
  })

  it('serializes results with the declaration’s stringify (conf.Time), JSON.stringify without one', async () => {
    const declared = emptyDeclaration()
    declared.stringify = (value) => JSON.stringify(value, (key, item) => (key === 'at' ? 'formatted' : item))
    const compiled = compileService(declared, inputsFor({}))
    expect(await (await get(compiled.fetch, '/item')).text()).toBe('{"at":"formatted"}')
  })
})

describe('compileService: plugins and errors', () => {
  it('runs the cors option’s plugin before the declared plugins', async () => {
    const seen: string[] = []
    class Recorder extends Plugin {
      override processResponse(response: Response) {
        seen.push(response.headers.get('access-control-allow-origin') ?? 'none')
      }
    }
    const declared = emptyDeclaration()
    declared.plugins.push(new Recorder())
    const compiled = compileService(declared, inputsFor({ cors: true }))
    const response = await get(compiled.fetch, '/item', { headers: { origin: 'https://a.example' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(seen).toEqual(['none']) // the declared plugin ran inside CORS: it saw the response before CORS' headers
  })

  it('prints a server error to the console, unless a plugin reports errors itself', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const plain = compileService(emptyDeclaration(), inputsFor({}))
    expect((await get(plain.fetch, '/broken')).status).toBe(500)
    expect(printed).toHaveBeenCalledTimes(1)
    expect(String(printed.mock.calls[0]?.[0])).toContain('the handler broke')

    class Reporter extends Plugin {
      override readonly reportsErrors = true
    }
    const declared = emptyDeclaration()
    declared.plugins.push(new Reporter())
    const reported = compileService(declared, inputsFor({}))
    const response = await get(reported.fetch, '/broken')
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('the handler broke')
    expect(printed).toHaveBeenCalledTimes(1)
  })
})

describe('compileService: the docs and health mounts', () => {
  it('makes the OpenAPI document on the first docs request only, once, from the compiled routes', async () => {
    const made = vi.fn((routes: readonly { path: { template: string } }[]) => ({
      ...document(),
      paths: Object.fromEntries(routes.map((route) => [route.path.template, {}])),
    }))
    const compiled = compileService(emptyDeclaration(), inputsFor({ route: '/api', docs: true }, { document: made, docsMount }))
    expect(made).not.toHaveBeenCalled()
    for (let request = 0; request < 2; request++) {
      const response = await get(compiled.fetch, '/api/docs/openapi.json')
      expect(response.status).toBe(200)
      expect(Object.keys((await response.json()).paths).sort()).toEqual(['/api/broken', '/api/item'])
    }
    expect(made).toHaveBeenCalledTimes(1)
    expect(made.mock.calls[0]?.[0]).toBe(compiled.routes)
  })

  it('serves no docs route without the docs maker (fw-api/openapi not imported) or without the option', async () => {
    for (const inputs of [inputsFor({ docs: true }), inputsFor({}, { docsMount })]) {
      expect((await get(compileService(emptyDeclaration(), inputs).fetch, '/docs/openapi.json')).status).toBe(404)
    }
  })

  it('gives the docs page an asyncapi maker only when the socket layer gave one', async () => {
    const mount = vi.fn(docsMount)
    compileService(emptyDeclaration(), inputsFor({ docs: true }, { docsMount: mount }))
    expect(mount.mock.calls[0]?.[3]).toBeUndefined()
    const asyncapi = vi.fn(
      (): AsyncAPIDocument => ({ asyncapi: '3.0.0', info: { title: 't', version: '1' }, defaultContentType: 'application/json', channels: {}, operations: {}, components: { schemas: {} } }),
    )
    compileService(emptyDeclaration(), inputsFor({ docs: true }, { docsMount: mount, asyncapi }))
    const sockets = mount.mock.calls[1]?.[3]
    expect(typeof sockets).toBe('function')
    sockets?.()
    sockets?.()
    expect(asyncapi).toHaveBeenCalledTimes(1)
  })

  it('answers the health probes under the prefix, readiness failing once closing', async () => {
    let closing = false
    const declared = emptyDeclaration()
    declared.prefix = '/v1'
    const compiled = compileService(declared, inputsFor({ health: true }, { health: { healthMount, closing: () => closing } }))
    expect(compiled.routes.map((route) => route.path.template)).toContain('/v1/item')
    const live = await get(compiled.fetch, '/v1/healthz')
    expect(live.status).toBe(200)
    expect((await get(compiled.fetch, '/v1/healthz/ready')).status).toBe(200)
    closing = true
    expect((await get(compiled.fetch, '/v1/healthz/ready')).status).toBe(503)
    // without the option, the maker is not used
    const none = compileService(emptyDeclaration(), inputsFor({}, { health: { healthMount, closing: () => false } }))
    expect((await get(none.fetch, '/healthz')).status).toBe(404)
  })
})

describe('emptyDeclaration', () => {
  it('is a new declaration every time: nothing declared, no prefix', () => {
    const first = emptyDeclaration()
    first.plugins.push(new Plugin())
    expect(emptyDeclaration()).toEqual({ plugins: [], documentedErrors: [], apiMounts: [], appMounts: [], prefix: '' })
  })
})
