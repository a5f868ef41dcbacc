/**
 * SPEC §3.6 for `orm` inputs, in-process (parsing only, no database): a
 * filter schema that validates asynchronously (a zod refinement that awaits)
 * is awaited and its refusal is fw's 400; an `orm.Field` `type` that answers
 * with a promise is a clear 400, never a 500 or a hang; a value no library
 * owns is refused when declared.
 */
import { Fw, api, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { articles } from '../../examples/blog/tables'
import { ImproperlyConfigured } from '../../src/exceptions'

const EvenQuery = orm.Query(articles, {
  even: orm.Filter({
    query: (id: number) => ({ id: { gte: id } }),
    schema: z.number().int().refine(async (value) => value % 2 === 0, 'must be even'),
  }),
  min: orm.Filter('id', 'gte', z.number().int().min(1)),
})
const AsyncTitleRow = orm.Schema(articles, { id: true, title: orm.Field({ type: z.string().refine(async () => true) }) })

class RootAPI extends api.API {
  @api.get({ query: request.Query(EvenQuery) })
  even({ query }: { query: orm.QueryOf<typeof EvenQuery> }) {
    return { even: query.even, min: query.min }
  }
  @api.post({ article: request.Body(AsyncTitleRow.input({ omit: ['id'] })) })
  title({ article }: { article: orm.InputOf<typeof AsyncTitleRow> }) {
    return article
  }
}
const service = new Fw(import.meta.url, { name: 'orm-standard-async', api: RootAPI })

async function answer(path: string, init?: RequestInit) {
  const res = await service.fetch(new Request(`http://localhost/${path}`, init))
  return { status: res.status, body: JSON.parse(await res.text()) as { detail?: string } }
}

describe('orm inputs from a Standard Schema that validates asynchronously', () => {
  it('awaits an async filter schema: its output when it passes, a 400 naming the field when it refuses', async () => {
    expect(await answer('even?even=4&min=2')).toEqual({ status: 200, body: { even: 4, min: 2 } })
    const odd = await answer('even?even=3')
    expect(odd.status).toBe(400)
    expect(odd.body.detail).toBe("BadRequest: parse item: ['query'] failed: parse item: ['even'] failed: must be even")
    const small = await answer('even?min=0')
    expect(small.status).toBe(400)
    expect(small.body.detail).toContain("['min']")
  })

  it('answers a Field type that validates asynchronously with a 400 saying so', async () => {
    const started = performance.now()
    const res = await answer('title', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"a","authorId":1}' })
    expect(res.status).toBe(400)
    expect(res.body.detail).toMatch(/\['title'\].*validates asynchronously/)
    expect(performance.now() - started).toBeLessThan(10_000)
  })

  it('refuses a filter schema or a Field type no library owns when declared', () => {
    const notASchema = { parse: () => 1 } as never
    expect(() => orm.Query(articles, { min: orm.Filter('id', 'gte', { schema: notASchema }) })).toThrow(ImproperlyConfigured)
    expect(() => orm.Schema(articles, { id: true, title: orm.Field({ type: notASchema }) })).toThrow(/type must be a Standard Schema/)
  })
})
