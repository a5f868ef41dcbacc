/**
 * Cookie parsing (SPEC §3.5), through the public surface: the `Cookie` header
 * as an endpoint receives it, by `request.Cookies(...)` (declared names only),
 * `request.CookieParam` fields and conversion of cookie values by the §3.1 rules.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api, request } from 'fw-api'
import { call } from '../helpers/client'
import { cpuTime } from '../helpers/time'

const Jar = v.object({ a: v.optional(v.string()), b: v.optional(v.string()), t: v.optional(v.string()) })

class CommonAPI extends api.API {
  @request.CookieParam({ required: true }) sessionid!: string
  @request.CookieParam({ default: null }) csrftoken!: string | null

  @api.get
  who() {
    return { sessionid: this.sessionid, csrftoken: this.csrftoken }
  }
}

class RootAPI extends api.API {
  static common = CommonAPI

  @api.get({ jar: request.Cookies(Jar) })
  jar({ jar }: { jar: v.InferOutput<typeof Jar> }) { return jar }

  @api.get({ prefs: request.Cookies(v.object({ n: v.pipe(v.number(), v.integer()), dark: v.boolean(), seen: v.optional(v.date()) })) })
  typed({ prefs }: { prefs: unknown }) { return prefs }
}

const service = new Fw(import.meta.url, { api: RootAPI })
const cookies = async (path: string, cookie?: string): Promise<{ status: number; body: unknown }> => {
  const { status, body } = await call(service, `GET ${path}`, cookie === undefined ? {} : { headers: { cookie } })
  return { status, body }
}

describe('Cookie header parsing', () => {
  it.each([
    ['a=1; b=2', { a: '1', b: '2' }],
    ['a=1;b=2', { a: '1', b: '2' }],
    [' a = 1 ;  b=2 ', { a: '1', b: '2' }],
    ['a="x y"', { a: 'x y' }],
    ['a=%20x%3B', { a: ' x;' }],
    ['t=a=b', { t: 'a=b' }],
    ['a=', { a: '' }],
    ['junk; a=1; =x', { a: '1' }],
    ['', {}],
  ])('%j → %j', async (header, expected) => {
    expect(await cookies('/jar', header)).toEqual({ status: 200, body: expected })
  })

  it('takes the first of repeated names (the most specific, RFC 6265 §5.4)', async () => {
    expect((await cookies('/jar', 'a=1; a=2')).body).toEqual({ a: '1' })
  })

  it('keeps names case-sensitive', async () => {
    expect((await cookies('/jar', 'A=1; a=2; B=3')).body).toEqual({ a: '2' })
    expect((await cookies('/jar', 'A=1')).body).toEqual({})
  })

  it('keeps a malformed percent escape as text', async () => {
    expect((await cookies('/jar', 'a=%zz; b=%')).body).toEqual({ a: '%zz', b: '%' })
  })

  it('never lets a cookie name reach the prototype', async () => {
    expect((await cookies('/jar', '__proto__=x; constructor=y; toString=z; a=1')).body).toEqual({ a: '1' })
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(typeof ({} as { toString: unknown }).toString).toBe('function')
  })

  it('converts cookie values by the §3.1 rules', async () => {
    expect((await cookies('/typed', 'n=4.9; dark=yes; seen=2024-03-05T07:08:09Z')).body).toEqual({ n: 4, dark: true, seen: '2024-03-05T07:08:09.000Z' })
    const bad = await cookies('/typed', 'n=x; dark=yes')
    expect(bad.status).toBe(400)
    expect((bad.body as { detail: string }).detail).toBe("BadRequest: parse item: ['prefs'] failed: parse item: ['n'] failed: invalid number: 'x'")
  })
})

describe('cookie fields of a common API', () => {
  it('reads required and defaulted cookies', async () => {
    expect((await cookies('/common/who', 'sessionid=abc')).body).toEqual({ sessionid: 'abc', csrftoken: null })
    expect((await cookies('/common/who', 'csrftoken=t0k; sessionid=abc')).body).toEqual({ sessionid: 'abc', csrftoken: 't0k' })
  })

  it('answers a missing required cookie with a 400 naming it', async () => {
    for (const header of [undefined, '', 'other=1', 'SESSIONID=abc']) {
      const response = await cookies('/common/who', header)
      expect(response.status, String(header)).toBe(400)
      expect((response.body as { errors: unknown[] }).errors).toEqual([{ in: 'cookie', name: 'sessionid', path: ['sessionid'], message: 'required item missing' }])
    }
  })

  it('answers a huge Cookie header fast (a CPU-time bound)', async () => {
    const header = Array.from({ length: 20_000 }, (_, i) => `c${i}=${'v'.repeat(20)}`).join('; ')
    const { value: response, ms } = await cpuTime(() => cookies('/common/who', `${header}; sessionid=abc`))
    // typically ~40 ms of CPU (first call, JIT included); a hang guard with a 50× margin: a cookie
    // reader quadratic in the 20,000 pairs would need ~10⁸–10⁹ steps, seconds to minutes
    expect(ms).toBeLessThan(2000)
    // fw sets no Cookie size limit of its own (the server's header limit applies): the declared cookie is found
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ sessionid: 'abc', csrftoken: null })
  })
})
