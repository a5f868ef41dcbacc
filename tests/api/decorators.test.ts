/**
 * src/api/decorators.ts: what `@api.get` … `@api.delete` and `@api.route` record on a class's
 * meta — bare, with a path and params, stacked — and the misplaced ones recorded with their fix
 * (the build refuses them: tests/api/misplaced.test.ts).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import 'fw-api'
import { del, get, HTTP_METHODS, patch, post, put, route, routeOf } from '../../src/api/decorators'
import { ownMeta } from '../../src/meta/class-meta'

/** The class's own meta (TC39 decorators: one). */
function metaOf(cls: Function) {
  const [meta] = ownMeta(cls)
  if (!meta) throw new Error(`${cls.name} has no meta`)
  return meta
}

describe('endpoint decorators', () => {
  const Params = { id: v.number() }
  class Users {
    @get
    list(): void {}

    @get('/{id}', Params)
    @patch('/{id}')
    one(): void {}

    @post(Params)
    create(): void {}

    @put
    @del
    replace(): void {}
  }

  it('records one endpoint per decorator, in decoration order, with its path and params', () => {
    const endpoints = metaOf(Users).endpoints
    expect(endpoints.get('list')).toEqual([{ method: 'GET' }])
    expect(endpoints.get('one')).toEqual([
      { method: 'PATCH', path: '/{id}', params: undefined },
      { method: 'GET', path: '/{id}', params: Params },
    ])
    expect(endpoints.get('create')).toEqual([{ method: 'POST', params: Params }])
    expect(endpoints.get('replace')?.map((entry) => entry.method)).toEqual(['DELETE', 'PUT'])
  })

  it('lists the HTTP methods an endpoint can declare', () => {
    expect(HTTP_METHODS).toEqual(['get', 'post', 'put', 'patch', 'delete'])
  })
})

describe('misplaced endpoint decorators', () => {
  it('records one on a field, a static method, a getter or the class, each with its fix', () => {
    // @ts-expect-error the types refuse it too (tests/types/misplaced.test-d.ts)
    @get
    class Wrong {
      // @ts-expect-error the types refuse it too
      @get
      field = 1

      // @ts-expect-error the types refuse it too
      @post
      static make(): void {}

      // @ts-expect-error the types refuse it too
      @get
      get count(): number {
        return 1
      }
    }
    const byMember = (a: { member: string }, b: { member: string }): number => a.member.localeCompare(b.member)
    expect([...metaOf(Wrong).misplaced].sort(byMember)).toEqual([
      { member: 'field', message: '@api.get is on a field; write it as a method: `field(input) { … }`' },
      { member: 'make', message: '@api.post is on a static method; remove `static`: endpoints are instance methods (one instance per request)' },
      { member: 'count', message: '@api.get is on a getter; write it as a method: `count(input) { … }`' },
      { member: '', message: "@api.get is on the class; it declares an endpoint: put it on an instance method, and @api.route('path') on the class" },
    ].sort(byMember))
    expect(metaOf(Wrong).endpoints.size).toBe(0)
  })
})

describe('@api.route', () => {
  @route('/users')
  class Routed {}
  class Child extends Routed {}

  it('sets a class’s own path prefix, not inherited by a subclass', () => {
    expect(routeOf(Routed)).toBe('/users')
    expect(routeOf(Child)).toBeUndefined()
    expect(routeOf(class {})).toBeUndefined()
  })

  it('records one on a method as misplaced, with the endpoint form as its fix', () => {
    class OnMethod {
      // @ts-expect-error the types refuse it too (tests/types/misplaced.test-d.ts)
      @route('/x')
      list(): void {}
    }
    expect(metaOf(OnMethod).misplaced).toEqual([
      { member: 'list', message: "@api.route('/x') is on a method; it sets an API class's path prefix: put it on the class, or give the endpoint its path with @api.get('/x')" },
    ])
    expect(routeOf(OnMethod)).toBeUndefined()
  })
})
