/**
 * src/node/native/headers.ts: a request's headers read from node:http's raw list — checked against
 * the runtime's own `Headers` built from the same list on random lists (repeated names, any case,
 * padding, cookies joined with `; `).
 */
import { describe, expect, it } from 'vitest'
import { firstHeader, lowerName, nativeHeaders, sameName, trimmed } from '../../../src/node/native/headers'

describe('nativeHeaders', () => {
  it('answers get and has as Headers built from the same raw list does', () => {
    const names = ['Host', 'host', 'Cookie', 'cookie', 'Accept', 'X-Multi', 'x-multi', 'Content-Length']
    const values = ['a', ' b ', 'c=1', 'd, e', '\tf\t']
    let seed = 11
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    for (let run = 0; run < 300; run++) {
      const raw = Array.from({ length: next(8) }, () => [names[next(names.length)] as string, values[next(values.length)] as string]).flat()
      const light = nativeHeaders(raw)
      const real = new Headers()
      for (let i = 0; i < raw.length; i += 2) real.append(raw[i] as string, raw[i + 1] as string)
      for (const name of ['host', 'COOKIE', 'x-multi', 'accept', 'missing'])
        expect([light.get(name), light.has(name)], `${name} in ${JSON.stringify(raw)}`).toEqual([real.get(name), real.has(name)])
      expect([...light.entries()]).toEqual([...real.entries()])
    }
  })

  it('leaves HTTP/2 pseudo-headers out of the Web headers', () => {
    expect([...nativeHeaders([':path', '/x', 'host', 'h']).keys()]).toEqual(['host'])
  })
})

describe('name and value helpers', () => {
  it('compares a raw name with a lower-case one, case-insensitively', () => {
    expect(sameName('Content-Type', 'content-type')).toBe(true)
    expect(sameName('content-typo', 'content-type')).toBe(false)
    expect(sameName('Host', 'hos')).toBe(false)
    expect(lowerName('X-Id')).toBe('x-id')
    expect(lowerName('x-id')).toBe('x-id')
  })

  it('finds the first value of a name in a raw list', () => {
    expect(firstHeader(['Host', 'a', 'host', 'b'], 'host')).toBe('a')
    expect(firstHeader(['Host'], 'host')).toBeUndefined()
  })

  it('trims HTTP whitespace (space, tab, CR, LF) as Headers normalises a value', () => {
    expect(trimmed(' \t a b \t ')).toBe('a b')
    expect(trimmed('\r\na\n')).toBe('a')
    expect(trimmed('a\u00a0')).toBe('a\u00a0')
    expect(trimmed('plain')).toBe('plain')
  })
})
