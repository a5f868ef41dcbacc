/**
 * src/plugins/rate-limit/values.ts: a limit's `RateLimit` values, made once per (remaining,
 * seconds to reset) and kept while they repeat; the same text as made anew, bounded in number.
 */
import { describe, expect, it } from 'vitest'
import { RateLimitValues } from '../../../src/plugins/rate-limit/values'

describe('RateLimitValues', () => {
  it('answers the value a count and a reset make, kept once per pair', () => {
    const values = new RateLimitValues('api', 100, 60)
    expect(values.value(99, 60)).toBe('"api";r=99;t=60')
    expect(values.value(99, 60)).toBe('"api";r=99;t=60')
    expect(values.value(0, 1)).toBe('"api";r=0;t=1')
    expect(values.value(100, 0)).toBe('"api";r=100;t=0')
    expect(values.size).toBe(3)
    // the slots of neighbouring pairs never meet (seconds × (limit + 1) + remaining)
    for (let seconds = 0; seconds <= 60; seconds++)
      for (let remaining = 0; remaining <= 100; remaining++)
        expect(values.value(remaining, seconds)).toBe(`"api";r=${remaining};t=${seconds}`)
    expect(values.size).toBe(101 * 61)
  })

  it('makes anew what falls outside its slots: a count past the limit, a reset past the window, a huge limit', () => {
    const values = new RateLimitValues('default', 10, 60)
    expect(values.value(11, 60)).toBe('"default";r=11;t=60')
    expect(values.value(5, 61)).toBe('"default";r=5;t=61')
    expect(values.size).toBe(0)
    const huge = new RateLimitValues('default', 1_000_000_000, 3600)
    expect(huge.value(999_999_999, 3600)).toBe('"default";r=999999999;t=3600')
    expect(huge.value(1_000_007, 3600)).toBe('"default";r=1000007;t=3600')
    expect(huge.size).toBe(0)
  })

  it('keeps at most 8192 values: past that, the kept ones are dropped and it starts again', () => {
    const values = new RateLimitValues('default', 10_000, 60)
    for (let remaining = 0; remaining < 8192; remaining++) values.value(remaining, 60)
    expect(values.size).toBe(8192)
    expect(values.value(9000, 60)).toBe('"default";r=9000;t=60')
    expect(values.size).toBe(1)
    expect(values.value(7, 60)).toBe('"default";r=7;t=60')
  })
})
