/** src/utils/bytes.ts: chunks joined into one byte array. */
import { describe, expect, it } from 'vitest'
import { concatBytes } from '../../src/utils/bytes'

const bytes = (...values: number[]): Uint8Array<ArrayBuffer> => new Uint8Array(values)

describe('concatBytes', () => {
  it('joins chunks in order', () => {
    expect([...concatBytes([bytes(1, 2), bytes(), bytes(3)])]).toEqual([1, 2, 3])
  })

  it('hands a lone chunk back as it is (no copy)', () => {
    const only = bytes(9)
    expect(concatBytes([only])).toBe(only)
  })

  it('gives an empty array for no chunks', () => {
    expect(concatBytes([])).toHaveLength(0)
  })

  it('uses a known total size instead of summing the chunks again', () => {
    const joined = concatBytes([bytes(1), bytes(2, 3)], 3)
    expect([...joined]).toEqual([1, 2, 3])
    expect(joined.byteLength).toBe(3)
  })

  it('throws rather than write past a size too small for the chunks', () => {
    expect(() => concatBytes([bytes(1, 2), bytes(3)], 2)).toThrow(RangeError)
  })
})
