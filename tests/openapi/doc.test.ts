/**
 * `@api.doc(...)`: on an endpoint, its summary,
 * description, tags, deprecation, success status (documented and answered)
 * and result schema; on a class, its endpoints' tags and the tags'
 * description, inherited by sub-APIs for `hidden`. A wrong status or place
 * is `ImproperlyConfigured`.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'

@api.doc({ tags: ['items'], description: 'Everything about items.' })
class ItemsAPI extends api.API {
  @api.doc({ summary: 'Add an item', status: 201, result: v.object({ id: v.number() }) })
  @api.post
  add() {
    return { id: 7 }
  }

  @api.doc({ tags: ['admin'] })
  @api.get
  audit() {
    return []
  }
}

class Root extends api.API {
  static items = ItemsAPI
}

const service = new Fw(import.meta.url, { api: Root, route: '/api' })

describe('@api.doc', () => {
  it('a declared status is documented and answered by a plain result', async () => {
    const response = await service.fetch(new Request('http://x/api/items/add', { method: 'POST' }))
    expect([response.status, await response.json()]).toEqual([201, { id: 7 }])
    const add = service.openapi().paths['/api/items/add']?.post as { summary: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
    expect(add.summary).toBe('Add an item')
    expect(Object.keys(add.responses)[0]).toBe('201')
    expect(add.responses['201']?.content?.['application/json']?.schema).toMatchObject({ type: 'object', properties: { id: { type: 'number' } } })
  })

  it('class tags apply to its endpoints, its description to the tags; an endpoint tag wins', () => {
    const doc = service.openapi()
    expect((doc.paths['/api/items/add']?.post as { tags: string[]; description?: string }).tags).toEqual(['items'])
    expect((doc.paths['/api/items/add']?.post as { description?: string }).description).toBeUndefined()
    expect((doc.paths['/api/items/audit']?.get as { tags: string[] }).tags).toEqual(['admin'])
    expect(doc.tags).toEqual([
      { name: 'items', description: 'Everything about items.' },
      { name: 'admin', description: 'Endpoints of `admin`.' },
    ])
  })

  it('refuses a non-success status and a place that is not a method or a class', () => {
    expect(() => api.doc({ status: 404 })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => {
      class Bad extends api.API {
        // @ts-expect-error: not a field decorator
        @api.hidden
        field = 1
      }
      return Bad
    }).toThrow(exceptions.ImproperlyConfigured)
  })
})
