/**
 * src/router/router.ts: routes compiled once — exact paths by one lookup, param routes through
 * the literal-prefix trie, declaration order kept, per-method answers and the `Allow` list.
 */
import { describe, expect, it } from 'vitest'
import { compilePath, type PathParamRule } from '../../src/router/path'
import { type RouteEntry, Router } from '../../src/router/router'

const rule = (): PathParamRule => ({ match: 'segment', optional: false })
const route = (method: string, template: string, data: string): RouteEntry<string> => ({
  method,
  path: compilePath(template, rule),
  data,
})

describe('Router', () => {
  const router = new Router([
    route('GET', '/users', 'list'),
    route('POST', '/users', 'create'),
    route('GET', '/users/{id}', 'one'),
    route('GET', '/users/me', 'me'),
    route('DELETE', '/users/{id}', 'remove'),
    route('GET', '/{any}/x', 'any-x'),
  ])

  it('answers an exact path for every method that has it', () => {
    const found = router.find('/users')
    expect(found?.allow).toEqual(['GET', 'POST'])
    expect(found?.byMethod.get('POST')?.entry.data).toBe('create')
    expect(router.match('/users', 'GET')?.entry.data).toBe('list')
  })

  it('keeps declaration order: an earlier param route wins over a later literal one', () => {
    expect(router.match('/users/me', 'GET')?.entry.data).toBe('one')
    expect(router.match('/users/me', 'GET')?.values).toEqual(['me'])
    expect(router.find('/users/me')?.byMethod.get('GET')?.entry.data).toBe('one')
  })

  it('gives the raw param values and every method of a param path', () => {
    expect(router.match('/users/a%2Fb', 'DELETE')?.values).toEqual(['a%2Fb'])
    expect(router.find('/users/42')?.allow).toEqual(['GET', 'DELETE'])
  })

  it('tries the routes of a shorter literal prefix too (ancestors of the trie walk)', () => {
    expect(router.match('/users/x', 'GET')?.entry.data).toBe('one')
    expect(router.match('/zzz/x', 'GET')?.entry.data).toBe('any-x')
    expect(router.match('/users/x', 'PUT')).toBeUndefined()
  })

  it('answers undefined for a path no route has, and for a method it lacks', () => {
    expect(router.find('/nothing/here')).toBeUndefined()
    expect(router.find('/users/1/2')).toBeUndefined()
    expect(router.match('/users', 'PATCH')).toBeUndefined()
    expect(router.match('', 'GET')).toBeUndefined()
  })

  it('agrees between find and match on every path and method', () => {
    for (const path of ['/users', '/users/1', '/users/me', '/a/x', '/x', '/users/1/x'])
      for (const method of ['GET', 'POST', 'DELETE'])
        expect(router.match(path, method)?.entry.data, `${method} ${path}`).toBe(router.find(path)?.byMethod.get(method)?.entry.data)
  })

  it('keeps the first route of a method when two templates match the same path', () => {
    const twice = new Router([route('GET', '/a/{x}', 'first'), route('GET', '/a/{y}', 'second')])
    expect(twice.match('/a/1', 'GET')?.entry.data).toBe('first')
    expect(twice.find('/a/1')?.allow).toEqual(['GET'])
  })

  it('looks up many literal routes without mixing up paths that hash alike', () => {
    const many = new Router(Array.from({ length: 500 }, (_, index) => route('GET', `/p${index}/{id}`, `p${index}`)))
    for (const index of [0, 17, 250, 499]) expect(many.match(`/p${index}/1`, 'GET')?.entry.data).toBe(`p${index}`)
    expect(many.match('/p500/1', 'GET')).toBeUndefined()
  })
})
