/**
 * SPEC §9.1: the types: field endpoints equal methods and
 * one input helper. The typed client takes a field endpoint's input from the
 * params' input types (optional and defaulted params optional, a body field
 * with a default optional, `orm.Query` fields optional under their wire
 * names), and the same for a decorated method typed with `api.Input`
 * (`api.Args` is its alias). The handler and the method still receive the
 * output types (defaults filled in). What must not compile is marked
 * `@ts-expect-error`.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import type { Client } from 'fw-api/client'
import { articles } from '../../examples/blog/tables'

const int = v.pipe(v.number(), v.integer())
const ArticleQuery = orm.Query(articles, {
  title: orm.Filter('title', 'icontains'),
  since: orm.Filter('createdAt', 'gte'),
  limit: orm.Limit({ max: 50 }),
  page: orm.Page({ alias: '@page' }),
  order: orm.OrderBy(['createdAt', 'title']),
})

class ShopAPI extends api.API {
  price = api.get('item/{id}', { id: int, qty: v.optional(int, 1) }, ({ id, qty }) => {
    expectTypeOf(qty).toEqualTypeOf<number>() // the handler receives the default
    return id * qty
  })
  add = api.post({ title: request.BodyParam(v.string()), note: request.BodyParam(v.optional(v.string(), '')) }, ({ title, note }) => {
    expectTypeOf(note).toEqualTypeOf<string>()
    return `${title}${note}`
  })
  search = api.get({ query: request.Query(ArticleQuery) }, ({ query }) => {
    expectTypeOf(query.limit).toEqualTypeOf<number>()
    return query.title ?? ''
  })
}

const listParams = { tag: v.optional(v.string()), limit: v.optional(v.number(), 10) }
class NotesAPI extends api.API {
  @api.get(listParams)
  list({ limit }: api.Input<typeof listParams>) {
    expectTypeOf(limit).toEqualTypeOf<number>()
    return limit
  }
  @api.get(listParams)
  old({ limit }: api.Args<typeof listParams>) {
    return limit
  }
}

class RootAPI extends api.API {
  static shop = ShopAPI
  static notes = NotesAPI
}

declare const client: Client<typeof RootAPI>

describe('field endpoints: the client takes the params input types', () => {
  it('a defaulted param is optional; a required one is not', () => {
    expectTypeOf(client.shop.price).toBeCallableWith({ id: 3 })
    expectTypeOf(client.shop.price).toBeCallableWith({ id: 3, qty: 2 })
    expectTypeOf(client.shop.price({ id: 3 })).resolves.toEqualTypeOf<number>()
    // @ts-expect-error: id is required
    void client.shop.price({ qty: 2 })
    // @ts-expect-error: qty is a number
    void client.shop.price({ id: 3, qty: '2' })
  })

  it('a body field with a default is optional', () => {
    expectTypeOf(client.shop.add).toBeCallableWith({ title: 't' })
    expectTypeOf(client.shop.add).toBeCallableWith({ title: 't', note: 'n' })
    // @ts-expect-error: title is required
    void client.shop.add({ note: 'n' })
  })

  it('orm.Query fields are optional, under their wire names, typed', () => {
    expectTypeOf(client.shop.search).toBeCallableWith({})
    expectTypeOf(client.shop.search).toBeCallableWith({ query: {} })
    expectTypeOf(client.shop.search).toBeCallableWith({ query: { title: 'news', limit: 10, '@page': 2, order: ['-createdAt'] } })
    expectTypeOf(client.shop.search).toBeCallableWith({ query: { since: new Date() } })
    // @ts-expect-error: limit is a number
    void client.shop.search({ query: { limit: 'ten' } })
    // @ts-expect-error: the page goes under its alias '@page'
    void client.shop.search({ query: { page: 2 } })
    // @ts-expect-error: only allowed columns order
    void client.shop.search({ query: { order: ['content'] } })
  })

  it('the field endpoint is called with api.Input; its handler receives the output types', () => {
    type Price = Parameters<ShopAPI['price']>[0]
    expectTypeOf<Omit<Price, api.WireKey>>().toEqualTypeOf<{ readonly id: number; readonly qty: number }>()
    expectTypeOf<NonNullable<Price[api.WireKey]>>().toEqualTypeOf<{ readonly id: number; readonly qty?: number | undefined }>()
  })
})

describe('one input helper: api.Input on a decorated method', () => {
  it('defaulted and optional params are optional in a call', () => {
    expectTypeOf(client.notes.list).toBeCallableWith()
    expectTypeOf(client.notes.list).toBeCallableWith({ limit: 5 })
    // @ts-expect-error: limit is a number
    void client.notes.list({ limit: '5' })
  })

  it('api.Args is its alias: the same method type, the same call', () => {
    expectTypeOf<api.Args<typeof listParams>>().toEqualTypeOf<api.Input<typeof listParams>>()
    expectTypeOf(client.notes.old).toEqualTypeOf(client.notes.list)
  })

  it('the decorator still checks the method against params', () => {
    class Wrong extends api.API {
      // @ts-expect-error: limit is a number, not a string
      @api.get(listParams)
      list({ limit }: { limit: string }) {
        return limit
      }
    }
    void Wrong
  })
})
