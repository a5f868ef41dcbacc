/** src/client/document.ts: the routing table a typed client builds from an OpenAPI document. */
import { describe, expect, it } from 'vitest'
import { type ClientDocument, routesOf } from '../../src/client/document'

describe('routesOf', () => {
  it('names each operation by its x-fw-call and by its operationId (call names first)', () => {
    const routes = routesOf({
      paths: {
        '/calc/add': { post: { 'x-fw-call': 'calc.add', operationId: 'calc_add' } },
        '/users/{id}': { get: { operationId: 'getUser' }, parameters: [] },
      },
    })
    expect([...routes.keys()]).toEqual(['calc.add', 'calc_add', 'getUser'])
    expect(routes.get('calc.add')).toMatchObject({ method: 'POST', path: '/calc/add' })
    expect(routes.get('getUser')).toMatchObject({ method: 'GET', path: '/users/{id}' })
    expect(routes.get('calc_add')).toBe(routes.get('calc.add'))
  })

  it('lets a call name win over an operationId spelled the same, and the first of two equal names win', () => {
    const routes = routesOf({
      paths: {
        '/a': { get: { operationId: 'items.list' } },
        '/b': { get: { 'x-fw-call': 'items.list' } },
        '/c': { get: { 'x-fw-call': 'items.list' } },
      },
    })
    expect(routes.get('items.list')?.path).toBe('/b')
  })

  it('reads only HTTP methods holding an operation object (not `parameters`, `summary`, nulls)', () => {
    const routes = routesOf({
      paths: {
        '/x': { summary: 'text', parameters: [{ operationId: 'fake' }], get: null, delete: { operationId: 'remove' } },
        '/y': null as never,
      },
    })
    expect([...routes.keys()]).toEqual(['remove'])
  })

  it('is empty for a document without paths or names', () => {
    expect(routesOf({} as ClientDocument).size).toBe(0)
    expect(routesOf({ paths: { '/z': { get: {} } } }).size).toBe(0)
  })

  it('gives no route to an inherited name (__proto__, constructor)', () => {
    const routes = routesOf(JSON.parse('{"paths":{"/p":{"get":{"operationId":"__proto__"}}}}') as ClientDocument)
    expect(routes.get('__proto__')?.path).toBe('/p')
    expect(routes.get('constructor')).toBeUndefined()
  })
})
