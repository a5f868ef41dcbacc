/**
 * src/compile/tree.ts: every endpoint of an API class tree, read once at build — templates from
 * the mount routes and method names, sub-APIs first, common params and levels along the way, and
 * each declaration mistake refused naming the class.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, request } from 'fw-api'
import { collectEndpoints } from '../../src/compile/tree'
import { ImproperlyConfigured } from '../../src/exceptions'

class Comments extends api.API {
  @api.get
  list(): void {}
}

@api.route('articles')
class Articles extends api.API {
  static comments = Comments

  @api.get
  get(): void {}

  @api.get('/{slug}', { slug: v.string() })
  one(): void {}

  @api.post
  @api.put('/{slug}/edit')
  save(): void {}
}

class Root extends api.API {
  static articles = Articles
  @request.HeaderParam(v.string(), { alias: 'x-token' })
  token!: string

  @api.get
  health(): void {}
}

describe('collectEndpoints', () => {
  const endpoints = collectEndpoints(Root, '/api')
  const byTemplate = (method: string, template: string) => endpoints.find((endpoint) => endpoint.method === method && endpoint.template === template)

  it('lists sub-APIs first, then the class’s own endpoints, with their templates', () => {
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.template} ${endpoint.cls.name}.${endpoint.methodName}`)).toEqual([
      'GET /api/articles/comments/list Comments.list',
      'GET /api/articles Articles.get',
      'GET /api/articles/{slug} Articles.one',
      'PUT /api/articles/{slug}/edit Articles.save',
      'POST /api/articles/save Articles.save',
      'GET /api/health Root.health',
    ])
  })

  it('serves a method named after an HTTP method at the class route, a path given as it is', () => {
    expect(byTemplate('GET', '/api/articles')?.ownPath).toBe('')
    expect(byTemplate('GET', '/api/articles/{slug}')?.params.slug).toMatchObject({ kind: 'auto' })
  })

  it('carries the common params and the class levels down the tree', () => {
    const list = byTemplate('GET', '/api/articles/comments/list')
    expect(list?.common.map((param) => param.field)).toEqual(['token'])
    expect(list?.levels.map((level) => level.cls.name)).toEqual(['Root', 'Articles', 'Comments'])
    expect(list?.levels.map((level) => level.tree)).toEqual([[], ['articles'], ['articles', 'comments']])
    expect(list?.levels[0]?.subAPIs.has(Comments)).toBe(true)
  })

  it('refuses a class that mounts itself', () => {
    class Loop extends api.API {
      @api.get
      ping(): void {}
    }
    ;(Loop as unknown as { again: unknown }).again = Loop
    expect(() => collectEndpoints(Loop, '')).toThrow('API class Loop mounts itself (directly or through a sub-API)')
  })

  it('refuses a path on a method named after an HTTP method, and unbalanced braces', () => {
    class WrongPath extends api.API {
      @api.get('/x')
      get(): void {}
    }
    expect(() => collectEndpoints(WrongPath, '')).toThrow("WrongPath.get(): a method named after an HTTP method is served at the class route; its path cannot be set to '/x'")
    class Braces extends api.API {
      @api.get('/{id')
      one(): void {}
    }
    expect(() => collectEndpoints(Braces, '')).toThrow("Braces.one(): route '/{id' has an unbalanced '{' or '}'; write params as {name}")
    for (const route of ['/{a{b}}', '/}id{', '/{a}}', '/{{a}']) {
      class Unpaired extends api.API {
        @api.get(route)
        one(): void {}
      }
      expect(() => collectEndpoints(Unpaired, '')).toThrow(`Unpaired.one(): route '${route}' has an unbalanced`)
    }
    class Paired extends api.API {
      @api.get('/{a}/x-{b}.{c}')
      one(): void {}
    }
    expect(collectEndpoints(Paired, '').map((def) => def.template)).toEqual(['/{a}/x-{b}.{c}'])
  })

  it('refuses a misplaced decorator, and a mounted class that does not extend api.API', () => {
    class Misplaced extends api.API {
      // @ts-expect-error the types refuse it too (tests/types/misplaced.test-d.ts)
      @api.get
      field = 1
    }
    expect(() => collectEndpoints(Misplaced, '')).toThrow(/^Misplaced\.field: @api\.get is on a field/)
    class NotAnAPI {
      @api.get
      list(): void {}
    }
    class Mounting extends api.API {
      static plain = NotAnAPI
    }
    expect(() => collectEndpoints(Mounting, '')).toThrow(ImproperlyConfigured)
    expect(() => collectEndpoints(Mounting, '')).toThrow(/declares endpoints but does not extend api\.API/)
  })
})
