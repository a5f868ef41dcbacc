/** src/orm/safe.ts: values that reach a write or a query — no prototype keys, no NUL bytes — else a 400 naming the item. */
import { describe, expect, it } from 'vitest'
import { BadRequest } from '../../src/exceptions'
import { assertSafe, isPrototypeKey, unsafeReason } from '../../src/orm/safe'

describe('isPrototypeKey', () => {
  it('is true for Object.prototype’s names and `prototype`', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '__defineGetter__']) expect(isPrototypeKey(key), key).toBe(true)
    for (const key of ['proto', 'name', 'Constructor', '']) expect(isPrototypeKey(key), key).toBe(false)
  })
})

describe('unsafeReason', () => {
  it('finds a NUL byte in a string, at any depth of lists and objects', () => {
    expect(unsafeReason('a\0b')).toBe('a NUL byte is not allowed')
    expect(unsafeReason({ a: [{ b: 'x\0' }] })).toBe('a NUL byte is not allowed')
    expect(unsafeReason('plain')).toBeUndefined()
  })

  it('finds a prototype key in a nested object', () => {
    expect(unsafeReason(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toBe("the key '__proto__' is not allowed")
    expect(unsafeReason([{ constructor: 1 }])).toBe("the key 'constructor' is not allowed")
  })

  it('leaves dates, numbers and values beyond its depth alone', () => {
    expect(unsafeReason(new Date())).toBeUndefined()
    expect(unsafeReason(42)).toBeUndefined()
    let deep: unknown = 'x\0'
    for (let index = 0; index < 40; index++) deep = [deep]
    expect(unsafeReason(deep)).toBeUndefined()
  })
})

describe('assertSafe', () => {
  it('answers 400 naming the top-level key and where it came from', () => {
    let caught: unknown
    try {
      assertSafe({ title: 'ok', body: { text: 'a\0' } }, 'body', 'Article')
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(BadRequest)
    expect((caught as BadRequest).message).toBe('Article.body: a NUL byte is not allowed')
    expect((caught as BadRequest).errors).toEqual([{ in: 'body', name: 'body', path: ['body'], message: 'a NUL byte is not allowed' }])
  })

  it('refuses a prototype key at the top', () => {
    expect(() => assertSafe(JSON.parse('{"__proto__":1}'), 'query', 'filter')).toThrow("filter.__proto__: the key '__proto__' is not allowed")
  })

  it('passes a safe object and anything that is no object', () => {
    expect(() => assertSafe({ a: 1, b: ['x'], c: new Date() }, 'body', 'x')).not.toThrow()
    expect(() => assertSafe('a\0', 'body', 'x')).not.toThrow()
    expect(() => assertSafe(null, 'body', 'x')).not.toThrow()
  })
})
