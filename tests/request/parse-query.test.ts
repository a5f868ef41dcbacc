/** `parseQuery` splits ASCII query strings by hand: it must answer exactly as URLSearchParams does. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseQuery, queryObject } from '../../src/request/query'

const viaUrlSearchParams = (search: string) => queryObject(new URLSearchParams(search))
const alphabet = ['a', 'b', '1', '=', '&', '+', '%', '2', '0', 'C', '3', 'A', '9', '?', ' ', 'é', '_', 'g']

describe('parseQuery answers as URLSearchParams', () => {
  it('on fixed cases: plain, plus, percent, broken percent, non-ASCII, empty parts', () => {
    for (const search of [
      'page=2&limit=50',
      '?page=2',
      'a=1+2&b=%20x',
      'a=%E0%A4%A&b=1',
      'a=é&a=2',
      '&&a&=&b=',
      'q=a%2Bb',
      'k+ey=v%3Dw',
    ])
      expect(parseQuery(search)).toStrictEqual(viaUrlSearchParams(search))
  })

  it('on random strings over the characters that change the parse', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }), (chars) => {
        const search = chars.join('')
        expect(parseQuery(search)).toStrictEqual(viaUrlSearchParams(search))
      }),
      { numRuns: 3000 },
    )
  })
})
