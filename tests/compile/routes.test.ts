/**
 * src/compile/routes.ts: `compileRoutes`, every endpoint of a service compiled once — one route
 * entry per endpoint (its path, the optional params it may leave out at the end, its class's
 * plugins and miss handler), two endpoints no request could tell apart refused at build, the
 * scopes of mounted sub-APIs (whose misses are their own, deepest first) and the endpoints they
 * shadow, the root classes (longest prefix first), a before hook's body params checked against
 * its target's. Driven directly on `collectEndpoints`' definitions.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, request } from 'fw-api'
import { Plugin } from '../../src/api/plugin'
import { defaultLimits } from '../../src/body/limits'
import type { CompileOptions } from '../../src/pipeline/plans'
import { compileRoutes } from '../../src/compile/routes'
import { collectEndpoints } from '../../src/compile/tree'
import { ImproperlyConfigured, NotFound } from '../../src/exceptions'
import type { RequestContext } from '../../src/request/context'

const options: CompileOptions = { stringify: JSON.stringify, debug: false, limits: defaultLimits, plugins: [] }
const compiled = (root: Parameters<typeof collectEndpoints>[0], prefix = '') => compileRoutes(collectEndpoints(root, prefix), options)

class Tagged extends Plugin {}
const outerPlugin = new Tagged()
const innerPlugin = new Tagged()

@api.plugin(innerPlugin)
class UsersAPI extends api.API {
  @api.get('{id}')
  one() {
    return 1
  }

  @api.get('page/{page}/{size}', { page: request.PathParam(v.optional(v.string())), size: request.PathParam(v.optional(v.string(), '10')) })
  paged() {
    return []
  }
}

@api.plugin(outerPlugin)
class RootAPI extends api.API {
  static users = UsersAPI

  @api.get('{name}/profile')
  profile() {
    return 'p'
  }

  @api.get('about')
  about() {
    return 'a'
  }
}

describe('compileRoutes: the entries', () => {
  it('has one entry per endpoint, in matching order, with its method and path', () => {
    const { entries } = compiled(RootAPI, '/api')
    expect(entries.map((entry) => `${entry.method} ${entry.path.template}`)).toEqual([
      'GET /api/users/{id}',
      'GET /api/users/page/{page}/{size}',
      'GET /api/{name}/profile',
      'GET /api/about',
    ])
  })

  it('lists the optional params a URL may leave out at its end, in path order', () => {
    const { entries } = compiled(RootAPI, '/api')
    expect(entries.map((entry) => entry.data.optionalTail)).toEqual([[], ['page', 'size'], [], []])
  })

  it('gives each entry its class plugins outermost first, and its class’s miss handler', async () => {
    const { entries } = compiled(RootAPI, '/api')
    expect(entries[0]?.data.classPlugins).toEqual([outerPlugin, innerPlugin])
    expect(entries[3]?.data.classPlugins).toEqual([outerPlugin])
    expect(entries[0]?.data.classMiss).toBe(entries[1]?.data.classMiss) // one per class
    const missed = await entries[0]?.data.classMiss({} as RequestContext, new NotFound('path not found: /api/users/x/y'))
    expect(missed?.status).toBe(404)
  })
})

describe('compileRoutes: build mistakes', () => {
  it('refuses two endpoints a request cannot tell apart (the same method and path shape), naming both', () => {
    class Twice extends api.API {
      @api.get('{id}')
      byId() {
        return 1
      }

      @api.get('{slug}')
      bySlug() {
        return 2
      }
    }
    expect(() => compiled(Twice)).toThrow(ImproperlyConfigured)
    expect(() => compiled(Twice)).toThrow("Twice.bySlug() and Twice.byId() are both GET '/{slug}': the second can never be reached")
  })

  it('takes the same path with another method', () => {
    class Both extends api.API {
      @api.get('item')
      read() {
        return 1
      }

      @api.post('item')
      write() {
        return 2
      }
    }
    expect(compiled(Both).entries).toHaveLength(2)
  })

  it('refuses a before hook reading body fields when its target reads a body itself', () => {
    class Hooked extends api.API {
      @api.post({ data: request.Body(v.object({ a: v.string() })) })
      create() {
        return 1
      }

      @api.before('create', { token: request.BodyParam(v.string()) })
      check() {}
    }
    expect(() => compiled(Hooked)).toThrow('Hooked.check(): a before hook may read body fields (request.BodyParam) only when its target reads no body itself')
  })
})

describe('compileRoutes: scopes and roots', () => {
  it('makes a scope of each mounted sub-API: its prefix and below, by whole segments', () => {
    const { scopes } = compiled(RootAPI, '/api')
    expect(scopes).toHaveLength(1)
    const [users] = scopes
    expect(users?.contains('/api/users')).toBe(true)
    expect(users?.contains('/api/users/7/x')).toBe(true)
    expect(users?.contains('/api/usersx')).toBe(false)
    expect(users?.contains('/api')).toBe(false)
  })

  it('makes a scope of a prefix with params: one segment per param, whole or within a segment, and below it', () => {
    class Repos extends api.API {
      @api.get
      list() {
        return []
      }
    }
    class Orgs extends api.API {
      static repos = api.mount(Repos, 'orgs/{org}/v{version}')
    }
    const [repos] = compiled(Orgs, '/api').scopes
    expect(repos?.contains('/api/orgs/acme/v2')).toBe(true)
    expect(repos?.contains('/api/orgs/acme/v2/list')).toBe(true)
    expect(repos?.contains('/api/orgs/acme/v2/a/b')).toBe(true)
    expect(repos?.contains('/api/orgs/acme')).toBe(false)
    expect(repos?.contains('/api/orgs//v2')).toBe(false)
    expect(repos?.contains('/api/orgs/acme/x2')).toBe(false)
    expect(repos?.contains('/api/orgs/acme/v')).toBe(false)
    expect(repos?.contains('/api/orgsx/acme/v2')).toBe(false)
  })

  it('orders scopes deepest first', () => {
    class Leaf extends api.API {
      @api.get
      leaf() {
        return 1
      }
    }
    class Mid extends api.API {
      static leaf = Leaf
    }
    class Top extends api.API {
      static mid = Mid
    }
    expect(compiled(Top).scopes.map((scope) => scope.depth)).toEqual([2, 1])
  })

  it('marks an endpoint declared after a scope that may fall under it as shadowed by it; a literal that differs is not', () => {
    const { entries, scopes } = compiled(RootAPI, '/api')
    const byTemplate = Object.fromEntries(entries.map((entry) => [entry.path.template, entry.data.shadowedBy]))
    expect(byTemplate['/api/{name}/profile']).toEqual(scopes)
    expect(byTemplate['/api/about']).toBeUndefined()
    expect(byTemplate['/api/users/{id}']).toBeUndefined() // its own scope
  })

  it('lists the root classes, longest prefix first, each with its miss', async () => {
    class Other extends api.API {
      @api.get
      ping() {
        return 1
      }
    }
    const defs = [...collectEndpoints(RootAPI, '/api'), ...collectEndpoints(Other, '/api/v2/other')]
    const { roots } = compileRoutes(defs, options)
    expect(roots.map((root) => root.prefix)).toEqual(['/api/v2/other', '/api'])
    expect(roots[1]?.contains('/api/anything')).toBe(true)
    expect(roots[0]?.contains('/api/v2/otherwise')).toBe(false)
    expect((await roots[1]?.miss({} as RequestContext, new NotFound('x')))?.status).toBe(404)
  })
})
