/** 405 `Allow` and preflight header values are computed once per set of routes, not per request. */
import { describe, expect, it } from 'vitest'
import type { RouteTarget } from '../../src/compile/routes'
import type { PathMatch, RouteEntry } from '../../src/router'
import { AllowTable } from '../../src/service/allow'

function entry(method: string, headerNames: string[]): RouteEntry<RouteTarget> {
  return { method, data: { endpoint: { headerNames } } } as unknown as RouteEntry<RouteTarget>
}

function found(...entries: RouteEntry<RouteTarget>[]): PathMatch<RouteTarget> {
  const byMethod = new Map(entries.map((e) => [e.method, { entry: e, values: [] }]))
  return { byMethod, allow: [...byMethod.keys()] }
}

describe('AllowTable', () => {
  it('joins methods and declared headers (plus content-type), once per set of routes', () => {
    const get = entry('GET', ['x-token'])
    const post = entry('POST', ['x-token', 'x-trace'])
    const table = new AllowTable()
    const first = table.of(found(get, post))
    expect(first).toEqual({ methods: 'GET, POST', headers: 'x-token, x-trace, content-type' })
    expect(table.of(found(get, post))).toBe(first) // a fresh PathMatch of the same routes: the same values
    expect(table.of(found(get))).toEqual({ methods: 'GET', headers: 'x-token, content-type' })
  })
})
