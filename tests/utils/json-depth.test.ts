/** src/utils/json-depth.ts: the linear JSON depth check run before `JSON.parse` on untrusted text. */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../helpers/time'
import { jsonDepthExceeds } from '../../src/utils/json-depth'

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects alike, and only beyond the limit', () => {
    expect(jsonDepthExceeds('[[1]]', 2)).toBe(false)
    expect(jsonDepthExceeds('[[1]]', 1)).toBe(true)
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false)
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 2)).toBe(true)
  })

  it('measures depth, not the number of brackets: siblings do not add up', () => {
    expect(jsonDepthExceeds('[[],[],[],[],[],[]]', 2)).toBe(false)
  })

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('["[[[[[[", "{{{{{{"]', 1)).toBe(false)
    expect(jsonDepthExceeds('["\\"[[[[[[", 1]', 1)).toBe(false)
    expect(jsonDepthExceeds('["\\\\", [[1]]]', 2)).toBe(true)
  })

  it('answers in linear time for a hostile 1 MB nesting', () => {
    const hostile = '['.repeat(1_000_000)
    const { ms } = cpuTimeSync(() => {
      expect(jsonDepthExceeds(hostile, 100)).toBe(true)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(1000)
  })

  it('is false for text too short to exceed, and for scalars', () => {
    expect(jsonDepthExceeds('[]', 5)).toBe(false)
    expect(jsonDepthExceeds('"x"', 0)).toBe(false)
    expect(jsonDepthExceeds('[]', 0)).toBe(true)
  })
})
