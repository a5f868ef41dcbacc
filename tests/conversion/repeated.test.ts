/** One "repeated key → array" rule for query strings and form bodies, `__proto__` dropped the same way in both. */
import { describe, expect, it } from 'vitest'
import { parseQuery, queryObject } from '../../src/request/query'
import { addField, createForm } from '../../src/body/form'
import { addRepeated } from '../../src/request/query'

describe('repeated keys', () => {
  it('a key becomes an array from its second occurrence on', () => {
    const out: Record<string, string | string[]> = Object.create(null)
    addRepeated(out, 'a', '1')
    expect(out.a).toBe('1')
    addRepeated(out, 'a', '2')
    addRepeated(out, 'a', '3')
    expect(out.a).toEqual(['1', '2', '3'])
  })

  it('query (fast and URLSearchParams paths) and form drop __proto__ alike', () => {
    const fast = parseQuery('?__proto__=x&a=1&a=2')
    const slow = parseQuery('?__proto__=x&a=%C3%A9&a=2&é=1') // non-ASCII: the URLSearchParams path
    const viaParams = queryObject(new URLSearchParams('__proto__=x&a=1'))
    const form = createForm()
    addField(form, '__proto__', 'x')
    addField(form, 'a', '1')
    for (const value of [fast, slow, viaParams, form]) {
      expect(Object.hasOwn(value, '__proto__')).toBe(false)
      expect(Object.getPrototypeOf(value)).toBe(null)
    }
    expect(fast.a).toEqual(['1', '2'])
    expect(slow.a).toEqual(['é', '2'])
  })
})
