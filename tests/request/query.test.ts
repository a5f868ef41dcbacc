/**
 * Query-string parsing, through the public surface: what an endpoint receives
 * for a raw query string. A differential check against `URLSearchParams` on
 * random query strings, the edge cases by name, and the hostile cases (too many
 * params → a fast, clear 400).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, Param, api, request } from 'fw-api'
import { call } from '../helpers/client'
import { cpuTime } from '../helpers/time'
import { seeded as random } from '../helpers/random'

class RootAPI extends api.API {
  /** every key with all its values, in order */
  @api.get({ q: request.Query(v.record(v.string(), v.array(v.string()))) })
  all({ q }: { q: Record<string, string[]> }) { return q }

  @api.get({ a: v.optional(v.string()), b: v.optional(v.string()) })
  pair({ a, b }: { a?: string; b?: string }) { return { a: a ?? null, b: b ?? null } }

  @api.get({ clsName: Param(v.string(), { alias: 'class' }), page: Param(v.pipe(v.number(), v.integer()), { alias: '@page', default: 1 }) })
  alias({ clsName, page }: { clsName: string; page: number }) { return { [clsName]: page } }
}

const service = new Fw(import.meta.url, { api: RootAPI })
const all = async (search: string): Promise<unknown> => (await call(service, `GET /all${search}`)).body

/** What the endpoint should receive for `search`, by the Web's own parser. */
function expected(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
    ;(out[key] ??= []).push(value)
  }
  return out
}


// No `[` or `{`: a single value shaped like JSON is JSON-decoded for an array field (SPEC §3.1), which is conversion, not parsing.
const PIECES = ['a', 'b', 'c', 'key', '=', '=', '&', '&', '+', '%20', '%2B', '%26', '%3D', '%', '%z', '%C3%A9', 'é', '1', '-', '.', '~', '*', '%E0%A4%A', '%00', ';', ']', ' ']

describe('query parsing', () => {
  it('agrees with URLSearchParams on 500 random query strings', async () => {
    const next = random(20250101)
    for (let i = 0; i < 500; i++) {
      let raw = ''
      const length = 1 + Math.floor(next() * 12)
      for (let k = 0; k < length; k++) raw += PIECES[Math.floor(next() * PIECES.length)]
      // the URL parser percent-encodes spaces (and keeps everything else), as a client would send it
      const search = new URL(`http://x/?${raw}`).search
      expect(await all(search), `case ${i}: ?${raw}`).toEqual(expected(search))
    }
  })

  it('decodes + as a space and percent escapes, keeps malformed escapes as text', async () => {
    expect(await all('?q=a+b%2Bc%20d')).toEqual({ q: ['a b+c d'] })
    expect(await all('?a=%26&b=%3D&%C3%A9=%C3%A9')).toEqual({ a: ['&'], b: ['='], é: ['é'] })
    expect(await all('?bad=%zz&cut=%')).toEqual({ bad: ['%zz'], cut: ['%'] })
  })

  it('skips empty pairs; keeps an empty key, as URLSearchParams does; a key without = has the empty value', async () => {
    expect(await all('?a=1&&b=2&')).toEqual({ a: ['1'], b: ['2'] })
    expect(await all('?=x&a=1')).toEqual({ '': ['x'], a: ['1'] })
    expect(await all('?flag')).toEqual({ flag: [''] })
    expect(await all('?a==b')).toEqual({ a: ['=b'] })
    expect(await all('')).toEqual({})
    expect(await all('?')).toEqual({})
  })

  it('keeps keys case-sensitive, and ; and brackets as ordinary characters (no nesting)', async () => {
    expect(await all('?A=1&a=2')).toEqual({ A: ['1'], a: ['2'] })
    expect(await all('?a=1;b=2')).toEqual({ a: ['1;b=2'] })
    expect(await all('?a[]=1&a[]=2&x[0]=3')).toEqual({ 'a[]': ['1', '2'], 'x[0]': ['3'] })
  })

  it('never lets a key reach the prototype', async () => {
    expect(await all('?__proto__=1&constructor=2&prototype=3&ok=4')).toEqual({ ok: ['4'] })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    await all('?__proto__[polluted]=1')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a scalar param takes the first of repeated values', async () => {
    expect((await call(service, 'GET /pair?a=1&a=2&b=x')).body).toEqual({ a: '1', b: 'x' })
    expect((await call(service, 'GET /pair')).body).toEqual({ a: null, b: null })
  })

  it('reads aliases that are not identifiers (class, @page)', async () => {
    expect((await call(service, 'GET /alias?class=tech&%40page=3')).body).toEqual({ tech: 3 })
    expect((await call(service, 'GET /alias?class=tech')).body).toEqual({ tech: 1 })
  })
})

describe('hostile query strings', () => {
  const many = (count: number): string => Array.from({ length: count }, (_, i) => `k${i}=1`).join('&')

  it('accepts 1000 params and answers 1001 with a clear 400', async () => {
    expect((await call(service, `GET /all?${many(1000)}`)).status).toBe(200)
    const over = await call(service, `GET /all?${many(1001)}`)
    expect(over.status).toBe(400)
    expect((over.body as { detail: string }).detail).toBe('BadRequest: too many query parameters (limit 1000)')
  })

  it('refuses 200,000 params (a 1 MB query) fast', async () => {
    const search = 'a=1&'.repeat(200_000)
    const { value: response, ms: elapsed } = await cpuTime(() => call(service, `GET /all?${search}`))
    // typically ~5 ms of CPU; a hang guard with a 600× margin: work quadratic in 200,000 params
    // would take minutes
    expect(response.status).toBe(400)
    expect(elapsed).toBeLessThan(3000)
  })

  it('follows the configured limit', async () => {
    const strict = new Fw(import.meta.url, { api: RootAPI, limits: { queryParams: 3 } })
    expect((await call(strict, 'GET /all?a=1&b=2&c=3')).status).toBe(200)
    const over = await call(strict, 'GET /all?a=1&b=2&c=3&d=4')
    expect(over.status).toBe(400)
    expect((over.body as { detail: string }).detail).toBe('BadRequest: too many query parameters (limit 3)')
  })
})
