/** src/utils/is.ts: `isObject` and `isFunction`, the one test of each kind of value options, schemas and decorator arguments are checked against. */
import { describe, expect, it } from 'vitest'
import { isFunction, isObject } from '../../src/utils/is'

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

describe('isFunction', () => {
  it('is true for functions of any kind: arrows, classes, async and generator functions, bound ones', () => {
    for (const value of [() => {}, class {}, async () => {}, function* () {}, Math.max.bind(Math)])
      expect(isFunction(value)).toBe(true)
  })

  it('is false for everything else, callable-looking objects included', () => {
    for (const value of [null, undefined, {}, { call() {} }, [], 'f', 1]) expect(isFunction(value)).toBe(false)
  })
})
