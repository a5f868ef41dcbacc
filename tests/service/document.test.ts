/**
 * src/service/document.ts: a service's OpenAPI and AsyncAPI documents from its routes — served
 * under `adapt()`'s prefix and the service's route, titled and versioned by the `docs` option,
 * else by the service's name and the version of the package its module is in; the health paths
 * when `health.document` asks for them; only the socket endpoints in the AsyncAPI document.
 * Driven directly with a route table and a hand-made declaration.
 */
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { api, exceptions, Fw } from 'fw-api'
import { ws } from 'fw-api/ws'
import { emptyDeclaration, type Declaration } from '../../src/service/build'
import { serviceAsyncAPI, serviceDocument } from '../../src/service/document'
import type { FwOptions } from '../../src/service/options'

const Message = v.object({ text: v.string() })

class RoomsAPI extends api.API {
  @ws.socket('{room}', { room: v.string() }, { receive: Message, send: Message })
  async room(socket: ws.Socket<typeof Message, typeof Message>) {
    for await (const message of socket) socket.send(message)
  }

  @api.get
  list() {
    return ['lobby']
  }
}

class RootAPI extends api.API {
  static rooms = RoomsAPI

  @api.get
  hello() {
    return 'hello'
  }
}

const routes = new Fw({ api: RootAPI }).routes()
/** The routes of the service served at `/v1/api` (`route: '/api'`, adapted under `/v1`). */
const servedRoutes = new Fw({ api: RootAPI, route: '/v1/api' }).routes()
const ownVersion: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version

/** The service as the document sees it: its module URL and options. */
const documented = (options: Partial<FwOptions> = {}, module: string | undefined = import.meta.url) => ({
  module,
  options: { api: RootAPI, ...options },
})
/** The same with no module URL (a service made without `import.meta.url`). */
const withoutModule = (options: Partial<FwOptions>) => ({ module: undefined, options: { api: RootAPI, ...options } })

describe('serviceDocument', () => {
  it('describes the HTTP routes at their paths, named from the service route after adapt()’s prefix', () => {
    const operationIds = (prefix: string, route: string | undefined) => {
      const document = serviceDocument(servedRoutes, documented({ route }), { ...emptyDeclaration(), prefix })
      expect(document.openapi).toBe('3.1.0')
      expect(Object.keys(document.paths).sort()).toEqual(['/v1/api/hello', '/v1/api/rooms/list'])
      return Object.values(document.paths).map((item) => item.get?.operationId).sort()
    }
    expect(operationIds('/v1', '/api')).toEqual(['hello', 'rooms.list'])
    expect(operationIds('', '/v1/api')).toEqual(['hello', 'rooms.list'])
    expect(operationIds('/v1', undefined)).toEqual(['api.hello', 'api.rooms.list'])
  })

  it('is titled by the service name and versioned by its package, unless the docs option or the arguments say otherwise', () => {
    const declared = emptyDeclaration()
    expect(serviceDocument(routes, documented({ name: 'shop' }), declared).info).toMatchObject({ title: 'shop', version: ownVersion })
    const docs = { title: 'Shop API', version: '2.0.0', path: '/reference', scriptUrl: 'https://cdn.example/x.js', frameAncestors: "'self'" }
    const fromDocs = serviceDocument(routes, documented({ name: 'shop', docs }), declared)
    expect(fromDocs.info).toMatchObject({ title: 'Shop API', version: '2.0.0' })
    // the page's own settings are not the document's
    expect(JSON.stringify(fromDocs)).not.toMatch(/reference|cdn\.example|frameAncestors/)
    const given = serviceDocument(routes, documented({ name: 'shop', docs }), declared, { version: '3.1.4' })
    expect(given.info).toMatchObject({ title: 'Shop API', version: '3.1.4' })
  })

  it('has no package version for a module that is not a file in a package (0.0.0)', () => {
    const declared = emptyDeclaration()
    expect(serviceDocument(routes, withoutModule({ name: 'x' }), declared).info.version).toBe('0.0.0')
    for (const module of ['https://example.com/app.js', 'data:text/javascript,1', 'file:///no/such/dir/app.js']) {
      const document = serviceDocument(routes, documented({ name: 'x', docs: { version: '9' } }, module), declared)
      expect(document.info.version, module).toBe('9')
      expect(serviceDocument(routes, documented({ name: 'x' }, module), declared).info.version, module).toBe('0.0.0')
    }
  })

  it('adds the health paths (under the prefix, not the route) only when health.document is true', () => {
    const declared: Declaration = { ...emptyDeclaration(), prefix: '/v1' }
    const paths = (health: FwOptions['health']) => Object.keys(serviceDocument(servedRoutes, documented({ route: '/api', health }), declared).paths)
    expect(paths({ document: true })).toEqual(expect.arrayContaining(['/v1/healthz', '/v1/healthz/ready']))
    expect(paths({ path: '/up', document: true })).toEqual(expect.arrayContaining(['/v1/up', '/v1/up/ready']))
    for (const health of [true, { path: '/up' }, { document: false }, undefined] as const) {
      expect(paths(health).filter((path) => !path.startsWith('/v1/api/'))).toEqual([])
    }
  })

  it('lists the errors the declaration documents on the routes they apply to', () => {
    class Teapot extends exceptions.HttpError {
      static override status = 418
    }
    const declared: Declaration = { ...emptyDeclaration(), documentedErrors: [{ error: Teapot, methods: ['GET'], by: 'a test plugin' }] }
    const document = serviceDocument(routes, documented(), declared)
    expect(Object.keys(document.paths['/hello']?.get?.responses ?? {})).toContain('418')
    expect(Object.keys(serviceDocument(routes, documented(), emptyDeclaration()).paths['/hello']?.get?.responses ?? {})).not.toContain('418')
  })
})

describe('serviceAsyncAPI', () => {
  it('describes the socket endpoints only, titled and versioned as the OpenAPI document', () => {
    const declared: Declaration = { ...emptyDeclaration(), prefix: '/v1' }
    const document = serviceAsyncAPI(servedRoutes, documented({ name: 'chat', route: '/api' }), declared)
    expect(document.asyncapi).toBe('3.0.0')
    expect(document.info).toMatchObject({ title: 'chat', version: ownVersion })
    const addresses = Object.values(document.channels).map((channel) => channel.address)
    expect(addresses).toEqual(['/v1/api/rooms/{room}'])
    expect(serviceAsyncAPI(routes, documented({ name: 'chat' }), declared, { title: 'Rooms' }).info.title).toBe('Rooms')
  })

  it('is an empty document for a service without socket endpoints', () => {
    const plain = new Fw({ api: RoomsAPI }).routes().filter((route) => route.data.endpoint.def.socket === undefined)
    const document = serviceAsyncAPI(plain, documented({ name: 'none' }), emptyDeclaration())
    expect(document.channels).toEqual({})
    expect(document.operations).toEqual({})
  })
})
