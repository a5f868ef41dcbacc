/** `parseCookies`: the `Cookie` header as the request context reads it (RFC 6265 §5.4 parsing, made lenient). */
import { parse } from 'cookie'
import { describe, expect, it } from 'vitest'
import { cookieValue, parseCookies } from '../../src/request/parse'
import { cpuTimeSync } from '../helpers/time'

const plain = (header: string | null): Record<string, string> => ({ ...parseCookies(header) })

describe('parseCookies', () => {
  it.each([
    ['a=1; b=2', { a: '1', b: '2' }],
    ['a=1;b=2', { a: '1', b: '2' }],
    [' a = 1 ;  b=2 ', { a: '1', b: '2' }],
    ['a="x y"', { a: 'x y' }],
    ['a="%22q%22"', { a: '"q"' }],
    ['a=%20x%3B', { a: ' x;' }],
    ['t=a=b', { t: 'a=b' }],
    ['a=', { a: '' }],
    ['a="', { a: '"' }],
    ['junk; a=1; =x', { a: '1' }],
    ['junk', {}],
    ['', {}],
    ['a=%zz; b=%; c=%E0%A4%A', { a: '%zz', b: '%', c: '%E0%A4%A' }],
    ['a=1; a=2', { a: '1' }],
    ['A=1; a=2', { A: '1', a: '2' }],
    ['a=\t1\t; b=\u00a02\u00a0', { a: '1', b: '2' }],
  ])('%j → %j', (header, expected) => {
    expect(plain(header)).toEqual(expected)
  })

  it('answers an absent header with no cookies', () => {
    expect(plain(null)).toEqual({})
  })

  it('keeps every name an own property, the prototype never reached', () => {
    const cookies = parseCookies('__proto__=x; constructor=y; toString=z; hasOwnProperty=w')
    expect(Object.keys(cookies).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString'])
    expect(cookies.constructor).toBe('y')
    expect(Object.hasOwn(cookies, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(parseCookies('a=1').toString).toBeUndefined()
  })

  it('reads a 64 KB header of 8000 pairs in linear time', () => {
    const header = Array.from({ length: 8000 }, (_, index) => `c${index}=v`).join('; ')
    const { ms } = cpuTimeSync(() => expect(Object.keys(parseCookies(header))).toHaveLength(8000))
    expect(ms, 'CPU ms (typically ~2; a hang guard on a busy machine)').toBeLessThan(10_000)
  })

  it("splits pairs as the `cookie` package does (its parse with fw's value rules) on 3000 random headers", () => {
    // fw's value rules (request/parse.ts's cookieValue) on the `cookie` package's split: the pairs must match
    const reference = (header: string): Record<string, string> => {
      const pairs = { ...(parse(header, { decode: cookieValue }) as Record<string, string>) }
      delete pairs['']
      return pairs
    }
    const alphabet = ['a', 'b', 'A', '=', '=', ';', ';', ' ', '\t', '"', '%', '2', '0', '\u00a0', '_', '__proto__', 'é']
    let seed = 55
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    for (let run = 0; run < 3000; run++) {
      const header = Array.from({ length: random(24) }, () => alphabet[random(alphabet.length)]).join('')
      expect(plain(header), JSON.stringify(header)).toEqual(reference(header))
    }
  })
})
