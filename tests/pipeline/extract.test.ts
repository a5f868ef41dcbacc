/**
 * src/compile/extract.ts: a request's params read and checked by their plans — `extract` (every
 * failure collected for one 400: the message of the first, each failing item listed with where it
 * was; values to the method's input or the instance; defaults; absent optionals; an async check
 * making the rest a promise, in order), `readParam` (each source: a query key's first value or a
 * list copy, a header, a cookie, an own body field only, a whole body only when its type suits),
 * `checkParam` (path values decoded, checked against their pattern), `badRequest` and
 * `tooManyQuery`. Plans from `planParams`, run on an `Exchange` by hand (as tests/compile/params.test.ts).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { request } from 'fw-api'
import { defaultLimits } from '../../src/body/limits'
import { Exchange } from '../../src/pipeline/exchange'
import { badRequest, checkParam, extract, readParam, tooManyQuery } from '../../src/pipeline/extract'
import { planParams, type PlanSource } from '../../src/compile/params'
import { specFor, specsOf } from '../../src/compile/specs'
import { BadRequest } from '../../src/exceptions'
import { RequestContext } from '../../src/request/context'
import type { StandardSchemaV1 } from '../../src/types'
import { Invalid } from '../../src/schema/parse'

const source = (template: string, params: Record<string, unknown>, extra: Partial<PlanSource> = {}): PlanSource => ({
  where: 'ItemAPI.get()',
  template,
  params: specsOf(params, 'ItemAPI.get()'),
  common: [],
  ...extra,
})
const plansOf = (template: string, params: Record<string, unknown>, names: string[] = [], extra: Partial<PlanSource> = {}) =>
  planParams(source(template, params, extra), names, new Set(names)).params

function exchangeOf(url: string, pathValues: string[] = [], init: RequestInit = {}): Exchange {
  const parsed = new URL(url)
  const context = new RequestContext(new Request(url, init), parsed.pathname, parsed.search.slice(1), Date.now())
  return new Exchange(context, pathValues, [], false)
}

const int = v.pipe(v.number(), v.integer())

describe('extract', () => {
  it('puts each value in the method’s input, with defaults and absent optionals', () => {
    const plans = plansOf('/items/{id}', { id: int, q: v.optional(v.string()), size: v.optional(int, 10) }, ['id'])
    const input: Record<string, unknown> = {}
    expect(extract(plans, exchangeOf('http://x/items/7', ['7']), input, {})).toBeUndefined()
    expect(input).toEqual({ id: 7, q: undefined, size: 10 })
  })

  it('puts a common param on the instance', () => {
    const common = [{ field: 'org', spec: specFor(v.string(), 'OrgAPI', 'org') }]
    const plans = plansOf('/orgs/{org}', {}, ['org'], { common })
    const instance: Record<string, unknown> = {}
    extract(plans, exchangeOf('http://x/orgs/acme', ['acme']), {}, instance)
    expect(instance).toEqual({ org: 'acme' })
  })

  it('collects every failure: the message of the first, each failing item with where it was', () => {
    const plans = plansOf('/items/{id}', { id: int, page: int, token: request.HeaderParam(v.pipe(v.string(), v.minLength(8))) }, ['id'])
    const failures = extract(plans, exchangeOf('http://x/items/x?page=two', ['x'], { headers: { token: 'short' } }), {}, {})
    expect(failures).toBeDefined()
    expect(failures).not.toBeInstanceOf(Promise)
    const found = failures as Exclude<typeof failures, Promise<unknown> | undefined>
    expect(found.message).toContain("'id'")
    expect(found.issues.map((issue) => [issue.in, issue.name])).toEqual([
      ['path', 'id'],
      ['query', 'page'],
      ['header', 'token'],
    ])
  })

  it('names each failing field of a whole-object param by its own path', () => {
    const atLeast10 = v.pipe(int, v.minValue(10))
    const plans = plansOf('/find', { filter: request.Query(v.object({ a: atLeast10, b: atLeast10 })) })
    const failures = extract(plans, exchangeOf('http://x/find?a=1&b=2'), {}, {}) as { issues: { name: string; path?: unknown[] }[] }
    expect(failures.issues.map((issue) => [issue.name, issue.path])).toEqual([
      ['a', ['a']],
      ['b', ['b']],
    ])
  })

  it('is a promise from an async check on, each value awaited in order', async () => {
    const order: string[] = []
    const slow: StandardSchemaV1<unknown, string> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: async (value) => {
          order.push(`checked ${String(value)}`)
          await new Promise((resolve) => setTimeout(resolve, 5))
          return String(value) === 'bad' ? { issues: [{ message: 'refused' }] } : { value: String(value) }
        },
      },
    }
    const plans = plansOf('/x', { a: v.string(), b: slow, c: slow })
    const input: Record<string, unknown> = {}
    const pending = extract(plans, exchangeOf('http://x/x?a=1&b=2&c=bad'), input, {})
    expect(pending).toBeInstanceOf(Promise)
    const failures = await pending
    expect(order).toEqual(['checked 2', 'checked bad'])
    expect(input).toEqual({ a: '1', b: '2' })
    expect(failures?.issues.map((issue) => issue.name)).toEqual(['c'])
  })

  it('awaits a default that is a thenable, and only asks a value with no default when it is a promise', async () => {
    const [planned] = plansOf('/x', { when: v.optional(v.string()) })
    if (!planned) throw new Error('no plan')
    const later = { then: (resolve: (value: string) => void) => resolve('later') }
    const input: Record<string, unknown> = {}
    const pending = extract([{ ...planned, hasDefault: true, default: later }], exchangeOf('http://x/x'), input, {})
    expect(pending).toBeInstanceOf(Promise)
    expect(await pending).toBeUndefined()
    expect(input).toEqual({ when: 'later' })
    // a resolved value (no checker) is stored settled: whatever it holds goes to the input as it is
    const row = { id: 1, then: 'not a function' }
    const resolved = { ...planned, checker: null, source: { kind: 'resolved', spec: planned.spec, read: () => row } } as typeof planned
    const given: Record<string, unknown> = {}
    expect(extract([resolved], exchangeOf('http://x/x'), given, {})).toBeUndefined()
    expect(given.when).toBe(row)
  })
})

describe('readParam', () => {
  it('reads a query key’s first value, or every value as a copy for a list', () => {
    const [scalar] = plansOf('/s', { tag: v.string() })
    const [list] = plansOf('/s', { tag: v.array(v.string()) })
    const exchange = exchangeOf('http://x/s?tag=a&tag=b')
    expect(scalar && readParam(scalar, exchange)).toBe('a')
    const first = list && (readParam(list, exchange) as string[])
    expect(first).toEqual(['a', 'b'])
    first?.push('mutated')
    expect(list && readParam(list, exchange)).toEqual(['a', 'b'])
    expect(list && readParam(list, exchangeOf('http://x/s?tag=one'))).toEqual(['one'])
    expect(scalar && readParam(scalar, exchangeOf('http://x/s'))).toBeUndefined()
  })

  it('reads a whole query object afresh each time', () => {
    const [whole] = plansOf('/s', { query: request.Query(v.object({ a: v.string() })) })
    const exchange = exchangeOf('http://x/s?a=1')
    const one = whole && (readParam(whole, exchange) as Record<string, unknown>)
    expect(one).toMatchObject({ a: '1' })
    if (one) one.a = 'changed'
    expect(whole && readParam(whole, exchange)).toMatchObject({ a: '1' })
  })

  it('reads a header, a cookie', () => {
    const [header, cookie] = plansOf('/s', { xId: request.HeaderParam(v.string()), session: request.CookieParam(v.string()) })
    const exchange = exchangeOf('http://x/s', [], { headers: { 'x-id': '42', cookie: 'session=abc; other=1' } })
    expect(header && readParam(header, exchange)).toBe('42')
    expect(cookie && readParam(cookie, exchange)).toBe('abc')
    expect(header && readParam(header, exchangeOf('http://x/s'))).toBeUndefined()
  })

  it('reads a header object and a cookie object entry by entry, a `cookie` entry as the parsed jar', () => {
    const [head, jar] = plansOf('/s', {
      head: request.Headers(v.object({ xId: v.string(), cookie: v.object({ session: v.string() }), absent: v.optional(v.string()) })),
      jar: request.Cookies(v.object({ session: v.string(), missing: v.optional(v.string()) })),
    })
    const exchange = exchangeOf('http://x/s', [], { headers: { 'x-id': '42', cookie: 'session=abc; other=1' } })
    expect(head && readParam(head, exchange)).toEqual({ xId: '42', cookie: { session: 'abc', other: '1' } })
    expect(jar && readParam(jar, exchange)).toEqual({ session: 'abc' })
  })

  it('reads a body field only as the body’s own key (never a prototype’s)', () => {
    const [title, proto] = plansOf('/s', { title: request.BodyParam(v.string()), toString: request.BodyParam(v.optional(v.string())) })
    const exchange = exchangeOf('http://x/s')
    exchange.body = { title: 'T' }
    expect(title && readParam(title, exchange)).toBe('T')
    expect(proto && readParam(proto, exchange)).toBeUndefined()
    exchange.body = 'not an object'
    expect(title && readParam(title, exchange)).toBeUndefined()
  })

  it('reads a whole body only when its content type suits the param', () => {
    const [data] = plansOf('/s', { data: request.Json(v.object({})) })
    const exchange = exchangeOf('http://x/s')
    exchange.body = { a: 1 }
    exchange.bodyAccepted = [true]
    expect(data && readParam(data, exchange)).toEqual({ a: 1 })
    exchange.bodyAccepted = [false]
    expect(data && readParam(data, exchange)).toBeUndefined()
  })
})

describe('checkParam', () => {
  it('decodes a path value, refusing broken percent-encoding as an Invalid (never a throw)', () => {
    const [name] = plansOf('/u/{name}', { name: v.string() }, ['name'])
    expect(name && checkParam(name, 'J%C3%BCrgen')).toBe('Jürgen')
    const broken = name && checkParam(name, '%E0%A4%A')
    expect(broken).toBeInstanceOf(Invalid)
    expect((broken as Invalid).reason).toBe("invalid percent-encoding: '%E0%A4%A'")
  })

  it('refuses a path value its pattern does not match, after decoding', () => {
    const [slug] = plansOf('/a/{slug}', { slug: request.SlugPathParam }, ['slug'])
    expect(slug && checkParam(slug, 'hello-world')).toBe('hello-world')
    expect(slug && checkParam(slug, 'hello%20world')).toBeInstanceOf(Invalid)
  })
})

describe('badRequest and tooManyQuery', () => {
  it('badRequest is the 400 of the failures, listing them', () => {
    const error = badRequest({ message: "parse item: ['id'] failed", issues: [{ in: 'path', name: 'id', path: ['id'], message: 'invalid number' }] })
    expect(error).toBeInstanceOf(BadRequest)
    expect(error.message).toBe("parse item: ['id'] failed")
    expect(error.errors).toEqual([{ in: 'path', name: 'id', path: ['id'], message: 'invalid number' }])
  })

  it('tooManyQuery refuses more pairs than the limit, counting no further than needed', () => {
    const limits = { ...defaultLimits, queryParams: 3 }
    const contextOf = (search: string) => exchangeOf(`http://x/s${search ? `?${search}` : ''}`).context
    expect(tooManyQuery(contextOf(''), limits)).toBeUndefined()
    expect(tooManyQuery(contextOf('a=1&b=2&c=3'), limits)).toBeUndefined()
    expect(tooManyQuery(contextOf('a=1&b=2&c=3&d=4'), limits)?.message).toBe('too many query parameters (limit 3)')
    expect(tooManyQuery(contextOf('&'.repeat(100_000)), limits)).toBeInstanceOf(BadRequest)
  })
})
