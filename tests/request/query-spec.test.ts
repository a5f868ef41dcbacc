import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, request, Param } from 'fw-api'
import { call } from '../helpers/client'
import { int } from '../helpers/fixtures'

// SPEC §3.2, verbatim.
class RootAPI extends api.API {
  @api.get({
    clsName: Param(v.string(), { alias: 'class' }),
    page: Param(v.pipe(v.number(), v.integer()), { alias: '@page', default: 1 }),
  })
  alias({ clsName, page }: { clsName: string; page: number }) {
    return { [clsName]: page }
  }
  // GET /alias?class=tech&@page=3 → {"tech":3}

  @api.get({
    query: request.Query(
      v.object({
        lang: v.picklist(['en', 'zh']),
        page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
      }),
    ),
  })
  doc({ query }: { query: { lang: 'en' | 'zh'; page: number } }) {
    return query
  }

  @api.get({ filter: v.object({ tag: v.string() }) }) // no request.Query:
  search({ filter }: { filter: { tag: string } }) {
    // ?filter={"tag":"ts"}
    return filter.tag
  }
}

describe('SPEC §3.2 query', () => {
  const service = new Fw(import.meta.url, { api: RootAPI })

  it('reads aliased params with defaults', async () => {
    expect((await call(service, 'GET /alias?class=tech&@page=3')).body).toEqual({ tech: 3 })
    expect((await call(service, 'GET /alias?class=tech')).body).toEqual({ tech: 1 })
    expect((await call(service, 'GET /alias?class=tech&@page=x')).body).toMatchObject({ detail: "BadRequest: parse item: ['@page'] failed: invalid number: 'x'" })
  })
  it('reads the whole query as one object', async () => {
    expect((await call(service, 'GET /doc?lang=zh&page=2')).body).toEqual({ lang: 'zh', page: 2 })
    expect((await call(service, 'GET /doc?lang=en&extra=1')).body).toEqual({ lang: 'en', page: 1 })
    const bad = await call(service, 'GET /doc?lang=fr')
    expect(bad.status).toBe(400)
    expect((bad.body as { detail: string }).detail).toMatch(/^BadRequest: parse item: \['query'\] failed: parse item: \['lang'\] failed: /)
  })
  it('JSON-decodes an object param', async () => {
    expect((await call(service, `GET /search?filter=${encodeURIComponent('{"tag":"ts"}')}`)).body).toBe('ts')
    expect((await call(service, 'GET /search?filter=%7Bnope')).status).toBe(400)
  })
})

describe('SPEC §3.1 conversion', () => {
  class Calc extends api.API {
    @api.get({ a: int, b: int })
    add({ a, b }: { a: number; b: number }) {
      return a + b
    }
    @api.get({ flag: v.boolean(), n: v.string(), when: v.date(), tags: v.array(v.string()), ids: v.array(v.number()), either: v.union([v.number(), v.literal('all')]) })
    mix(input: { flag: boolean; n: string; when: Date; tags: string[]; ids: number[]; either: number | 'all' }) {
      return { ...input, when: input.when.toISOString() }
    }
  }
  const service = new Fw(import.meta.url, { api: Calc })

  it('truncates decimals for integer schemas', async () => {
    expect((await call(service, 'GET /add?a=1.5&b=2.1')).body).toBe(3)
  })
  it('converts booleans, dates, arrays and unions', async () => {
    const res = await call(service, 'GET /mix?flag=YES&n=5&when=2025-04-15T16:38:30Z&tags=a&ids=1&ids=2.5&either=all')
    expect(res.body).toEqual({ flag: true, n: '5', when: '2025-04-15T16:38:30.000Z', tags: ['a'], ids: [1, 2.5], either: 'all' })
    const epoch = await call(service, 'GET /mix?flag=off&n=x&when=1744735110&tags=a&ids=1&either=4')
    expect(epoch.body).toMatchObject({ flag: false, when: '2025-04-15T16:38:30.000Z', either: 4 })
  })
  it('names the failing array item', async () => {
    const res = await call(service, 'GET /mix?flag=1&n=x&when=0&tags=a&ids=1&ids=q&either=1')
    expect((res.body as { detail: string }).detail).toBe("BadRequest: parse item: ['ids'] failed: parse item: [1] failed: invalid number: 'q'")
  })
  it('lists every failing param in problem+json errors', async () => {
    const res = await call(service, 'GET /add?a=1&b=x')
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: "BadRequest: parse item: ['b'] failed: invalid number: 'x'",
      errors: [{ in: 'query', name: 'b', path: ['b'], message: "invalid number: 'x'" }],
    })
  })
})

describe('query limits', () => {
  class Q extends api.API {
    @api.get({ a: v.optional(v.string()) })
    one({ a }: { a?: string }) {
      return a ?? null
    }
  }
  it('refuses more query params than the limit with 400', async () => {
    const service = new Fw(import.meta.url, { api: Q, limits: { queryParams: 10 } })
    expect((await call(service, `GET /one?${Array.from({ length: 10 }, (_, i) => `k${i}=1`).join('&')}`)).status).toBe(200)
    const res = await call(service, `GET /one?${Array.from({ length: 1500 }, (_, i) => `k${i}=1`).join('&')}`)
    expect(res).toMatchObject({ status: 400, body: { detail: 'BadRequest: too many query parameters (limit 10)' } })
  })
})
