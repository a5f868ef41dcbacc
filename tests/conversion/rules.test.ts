/**
 * SPEC §3.1: one conversion rule for every source, checked rule by rule through
 * the public surface — in-process requests to a small service — with values from
 * the query string, a JSON body, an urlencoded body and headers.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api, request } from 'fw-api'
import { call } from '../helpers/client'
import { int } from '../helpers/fixtures'


class RootAPI extends api.API {
  @api.get({ n: v.number() })
  num({ n }: { n: number }) { return n }

  @api.get({ n: int })
  int({ n }: { n: number }) { return n }

  @api.get({ b: v.boolean() })
  bool({ b }: { b: boolean }) { return b }

  @api.get({ s: v.string() })
  str({ s }: { s: string }) { return s }

  @api.get({ d: v.date() })
  date({ d }: { d: Date }) { return d.toISOString() }

  @api.get({ tags: v.array(v.string()), ids: v.optional(v.array(int), []) })
  list({ tags, ids }: { tags: string[]; ids: number[] }) { return { tags, ids } }

  @api.get({ filter: v.object({ tag: v.string(), page: v.optional(int) }) })
  search({ filter }: { filter: { tag: string; page?: number } }) { return filter }

  @api.get({ o: v.optional(v.number()), n: v.nullable(v.boolean()), p: v.picklist([1, 2, 3]), l: v.literal(5), u: v.union([v.number(), v.boolean()]) })
  wrapped(input: { o?: number; n: boolean | null; p: 1 | 2 | 3; l: 5; u: number | boolean }) { return { o: input.o ?? 'absent', n: input.n, p: input.p, l: input.l, u: input.u } }

  @api.post({
    body: request.Body(v.object({ s: v.string(), n: int, b: v.boolean(), d: v.date(), o: v.object({ x: v.number() }), list: v.optional(v.array(v.number())) })),
  })
  body({ body }: { body: Record<string, unknown> }) { return body }

  @api.get({ h: request.Headers(v.object({ xMeta: v.object({ version: v.number() }), xCount: int, xOn: v.boolean() })) })
  headers({ h }: { h: unknown }) { return h }
}

const service = new Fw(import.meta.url, { api: RootAPI })
const get = async (path: string): Promise<{ status: number; body: unknown }> => {
  const { status, body } = await call(service, `GET ${path}`)
  return { status, body }
}
const detail = (body: unknown): string => (body as { detail?: string }).detail ?? ''

describe('SPEC §3.1 to number', () => {
  it.each([
    ['3', 3],
    ['1.5', 1.5],
    ['-2e3', -2000],
    ['.5', 0.5],
    ['+7', 7],
  ])('decimal string %j → %j', async (wire, expected) => {
    expect(await get(`/num?n=${encodeURIComponent(wire)}`)).toEqual({ status: 200, body: expected })
  })

  it.each(['x', '', '0x10', 'Infinity', 'NaN', ' 3', '1e', '1,5', '--1'])('anything else fails: %j → 400 invalid number', async (wire) => {
    const response = await get(`/num?n=${encodeURIComponent(wire)}`)
    expect(response.status).toBe(400)
    expect(detail(response.body)).toBe(`BadRequest: parse item: ['n'] failed: invalid number: '${wire}'`)
  })
})

describe('SPEC §3.1 integers truncate toward zero', () => {
  it.each([
    ['1.5', 1],
    ['2.9', 2],
    ['-1.5', -1],
    ['-0.2', 0],
    ['42', 42],
  ])('%j → %j', async (wire, expected) => {
    const response = await get(`/int?n=${wire}`)
    expect(response.status).toBe(200)
    expect(response.body).toBe(expected)
  })

  it('in JSON bodies too (2.1 → 2, -2.9 → -2)', async () => {
    const base = { s: 's', b: true, d: 0, o: { x: 1 } }
    expect(((await call(service, 'POST /body', { json: { ...base, n: 2.1 } })).body as { n: number }).n).toBe(2)
    expect(((await call(service, 'POST /body', { json: { ...base, n: -2.9 } })).body as { n: number }).n).toBe(-2)
  })
})

describe('SPEC §3.1 to boolean', () => {
  const truthy = ['true', 'TRUE', 'True', '1', 'yes', 'Yes', 'on', 'ON']
  const falsy = ['false', 'False', '0', 'no', 'NO', 'off', 'oFF']
  it.each([...truthy.map((wire): [string, boolean] => [wire, true]), ...falsy.map((wire): [string, boolean] => [wire, false])])('%j → %j', async (wire, expected) => {
    expect(await get(`/bool?b=${wire}`)).toEqual({ status: 200, body: expected })
  })

  it.each(['maybe', '', '2', 'truee', 'nope'])('%j → 400 invalid boolean', async (wire) => {
    const response = await get(`/bool?b=${wire}`)
    expect(response.status).toBe(400)
    expect(detail(response.body)).toBe(`BadRequest: parse item: ['b'] failed: invalid boolean: '${wire}'`)
  })

  it('JSON booleans and 0/1 in a body', async () => {
    const base = { s: 's', n: 1, d: 0, o: { x: 1 } }
    for (const [wire, expected] of [[true, true], [false, false], [1, true], [0, false], ['on', true], ['no', false]] as const) {
      const response = await call(service, 'POST /body', { json: { ...base, b: wire } })
      expect(response.status, JSON.stringify(wire)).toBe(200)
      expect((response.body as { b: boolean }).b, JSON.stringify(wire)).toBe(expected)
    }
  })
})

describe('SPEC §3.1 to string', () => {
  it('numbers and booleans in a body become their text', async () => {
    const base = { n: 1, b: true, d: 0, o: { x: 1 } }
    for (const [wire, expected] of [[12, '12'], [1.5, '1.5'], [true, 'true'], [false, 'false'], ['as is', 'as is']] as const) {
      const response = await call(service, 'POST /body', { json: { ...base, s: wire } })
      expect((response.body as { s: string }).s).toBe(expected)
    }
  })

  it('query strings are decoded (+ is a space, %2B a plus) and kept as text', async () => {
    expect((await get('/str?s=a+b%2Bc%20d')).body).toBe('a b+c d')
    expect((await get('/str?s=123')).body).toBe('123')
  })
})

describe('SPEC §3.1 to Date', () => {
  it('ISO 8601 strings and epoch numbers', async () => {
    expect((await get('/date?d=2024-03-05T07:08:09Z')).body).toBe('2024-03-05T07:08:09.000Z')
    expect((await get('/date?d=2024-03-05T12:38:09.012%2B05:30')).body).toBe('2024-03-05T07:08:09.012Z')
    expect((await get('/date?d=1709622489012')).body).toBe('2024-03-05T07:08:09.012Z')
    const base = { s: 's', n: 1, b: true, o: { x: 1 } }
    expect(((await call(service, 'POST /body', { json: { ...base, d: 1709622489012 } })).body as { d: string }).d).toBe('2024-03-05T07:08:09.012Z')
  })

  it('anything else → 400 invalid date', async () => {
    const response = await get('/date?d=nope')
    expect(response.status).toBe(400)
    expect(detail(response.body)).toBe("BadRequest: parse item: ['d'] failed: invalid date: 'nope'")
  })
})

describe('SPEC §3.1 to array', () => {
  it('repeated query keys, or a single value wrapped in a list; items converted one by one', async () => {
    expect((await get('/list?tags=a&tags=b')).body).toEqual({ tags: ['a', 'b'], ids: [] })
    expect((await get('/list?tags=a')).body).toEqual({ tags: ['a'], ids: [] })
    expect((await get('/list?tags=a&ids=1&ids=2.7')).body).toEqual({ tags: ['a'], ids: [1, 2] })
    const bad = await get('/list?tags=a&ids=1&ids=x')
    expect(bad.status).toBe(400)
    expect(detail(bad.body)).toBe("BadRequest: parse item: ['ids'] failed: parse item: [1] failed: invalid number: 'x'")
  })

  it('repeated form keys', async () => {
    const response = await call(service, 'POST /body', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 's=x&n=3&b=on&d=0&o={"x":1}&list=1&list=2.5',
    })
    expect(response.status).toBe(200)
    expect((response.body as { list: number[] }).list).toEqual([1, 2.5])
  })
})

describe('SPEC §3.1 to object from a single string: JSON-decoded', () => {
  it('a query param', async () => {
    expect((await get(`/search?filter=${encodeURIComponent('{"tag":"ts","page":"2"}')}`)).body).toEqual({ tag: 'ts', page: 2 })
    const bad = await get('/search?filter=not-json')
    expect(bad.status).toBe(400)
  })

  it('a header (X-Meta: {"version":1.2}), with the other headers converted by the same rules', async () => {
    const response = await call(service, 'GET /headers', { headers: { 'X-Meta': '{"version":1.2}', 'x-count': '4.8', 'X-On': 'YES' } })
    expect(response).toMatchObject({ status: 200, body: { xMeta: { version: 1.2 }, xCount: 4, xOn: true } })
  })

  it('a form field, and nested values inside JSON', async () => {
    const form = await call(service, 'POST /body', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 's=x&n=3.7&b=no&d=2024-01-01T00:00:00Z&o={"x":"2"}' })
    expect(form.body).toEqual({ s: 'x', n: 3, b: false, d: '2024-01-01T00:00:00.000Z', o: { x: 2 } })
    const json = await call(service, 'POST /body', { json: { s: 's', n: 1, b: true, d: 0, o: { x: '3' } } })
    expect((json.body as { o: unknown }).o).toEqual({ x: 3 })
  })
})

describe('SPEC §3.1 wrappers are looked through', () => {
  it('optional, nullable, picklist, literal and union convert their inner type', async () => {
    expect((await get('/wrapped?o=3&n=yes&p=2&l=5&u=3')).body).toEqual({ o: 3, n: true, p: 2, l: 5, u: 3 })
    expect((await get('/wrapped?n=off&p=1&l=5&u=true')).body).toEqual({ o: 'absent', n: false, p: 1, l: 5, u: true })
  })

  it('a value outside the picklist or literal → 400', async () => {
    expect((await get('/wrapped?n=yes&p=4&l=5&u=1')).status).toBe(400)
    expect((await get('/wrapped?n=yes&p=1&l=6&u=1')).status).toBe(400)
  })

  it('v.object strips unknown keys', async () => {
    const response = await call(service, 'POST /body', { json: { s: 's', n: 1, b: true, d: 0, o: { x: 1, y: 2 }, extra: 'dropped' } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ s: 's', n: 1, b: true, d: '1970-01-01T00:00:00.000Z', o: { x: 1 } })
  })
})
