/** src/utils/decimal.ts: whole numbers in decimal, put together from three-digit strings made once. */
import { describe, expect, it } from 'vitest'
import { decimal } from '../../src/utils/decimal'

describe('decimal', () => {
  it('writes what String() writes, at every group boundary', () => {
    const values = [0, 7, 999, 1000, 1001, 10_010, 999_999, 1_000_000, 1_000_001, 5_000_000, 123_045_007, 999_999_999, 1_000_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER]
    for (const value of values) expect(decimal(value), String(value)).toBe(String(value))
    for (let value = 0; value < 3_000_000; value += 997) expect(decimal(value)).toBe(String(value))
  })
})
