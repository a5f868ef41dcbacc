/** src/utils/is-object.ts: `isObject`, the one "an object, not null" test of options, schemas and decorator arguments. */
import { describe, expect, it } from 'vitest'
import { isObject } from '../../src/utils/is-object'

describe('isObject', () => {
  it('is true for objects of any kind: plain, null-prototype, arrays, class instances, boxed values', () => {
    for (const value of [{}, Object.create(null), [], new Map(), new Date(0), Object('x')])
      expect(isObject(value)).toBe(true)
  })

  it('is false for null, undefined, primitives and functions (typeof is not "object")', () => {
    for (const value of [null, undefined, 0, 'x', true, 1n, Symbol('s'), () => {}, class {}])
      expect(isObject(value)).toBe(false)
  })
})
