/** src/body/form.ts: the object a form body becomes — null-prototype, arrays only for repeated keys, bounded. */
import { describe, expect, it } from 'vitest'
import { addField, createForm, parseUrlencoded, tooManyFields } from '../../src/body/form'
import { BadRequest } from '../../src/exceptions'

describe('createForm / addField', () => {
  it('keeps one value per key, and an array once a key repeats', () => {
    const form = createForm()
    addField(form, 'a', '1')
    addField(form, 'b', '2')
    addField(form, 'b', '3')
    addField(form, 'b', '4')
    expect({ ...form }).toEqual({ a: '1', b: ['2', '3', '4'] })
    expect(Object.getPrototypeOf(form)).toBeNull()
  })

  it('drops `__proto__` and keeps prototype names as plain fields', () => {
    const form = createForm()
    addField(form, '__proto__', 'x')
    addField(form, 'constructor', 'y')
    expect(Object.keys(form)).toEqual(['constructor'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('parseUrlencoded', () => {
  it('decodes the body’s fields', () => {
    expect({ ...parseUrlencoded('a=1&b=x+y&b=%C3%A9&c=', 10) }).toEqual({ a: '1', b: ['x y', 'é'], c: '' })
  })

  it('is undefined for an empty body', () => {
    expect(parseUrlencoded('', 10)).toBeUndefined()
  })

  it('answers 400 past the field limit', () => {
    expect(() => parseUrlencoded('a=1&b=2&c=3', 2)).toThrow(BadRequest)
    expect(() => parseUrlencoded('a=1&b=2&c=3', 2)).toThrow('too many form fields (limit 2)')
    expect(parseUrlencoded('a=1&b=2', 2)).toBeDefined()
  })

  it('makes the 400 of a form with too many fields or parts', () => {
    const error = tooManyFields(5) as BadRequest
    expect(error.status).toBe(400)
    expect(error.message).toBe('too many form fields (limit 5)')
  })
})
