import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { compileConverter, ConversionError } from '../../src/schema'

/** The object converter reads each entry once; these pin what it must still tell apart. */
describe('object conversion reads entries as their own values only', () => {
  const Query = v.object({ page: v.number(), toString: v.optional(v.number()) })
  const convert = compileConverter(Query)

  it('converts query strings of a null-prototype object and leaves absent entries out', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { page: '2' })
    expect(convert(query)).toStrictEqual({ page: 2 })
  })

  it('does not take an entry named like an Object.prototype member from the prototype', () => {
    expect(convert({ page: '3' })).toStrictEqual({ page: 3 })
    expect(convert({ page: '3', toString: '4' })).toStrictEqual({ page: 3, toString: 4 })
  })

  it('does not read an entry a class instance only inherits (no getter run)', () => {
    let reads = 0
    class Holder {
      get page(): string {
        reads++
        return '9'
      }
    }
    expect(convert(new Holder())).toStrictEqual({})
    expect(reads).toBe(0)
  })

  it('keeps an own entry whose value is undefined, as before', () => {
    expect(compileConverter(v.object({ page: v.optional(v.string()) }))({ page: undefined })).toStrictEqual({ page: undefined })
  })

  it('names the failing entry by its wire name in the conversion error', () => {
    const failure = (() => {
      try {
        return convert({ page: 'two' })
      } catch (error) {
        return error
      }
    })()
    expect(failure).toBeInstanceOf(ConversionError)
    expect((failure as ConversionError).path).toStrictEqual(['page'])
  })

  it('converts 1–15 digit strings without the regex and longer or signed ones with it, alike', () => {
    const integer = compileConverter(v.pipe(v.number(), v.integer()))
    for (const text of ['0', '7', '007', '123456789012345', '1234567890123456', '+5', '-5', '1e3', '2.5'])
      expect(integer(text)).toBe(Math.trunc(Number(text)))
    expect(() => integer('')).toThrow(ConversionError)
    expect(() => integer('1 ')).toThrow(ConversionError)
    expect(() => integer('٣')).toThrow(ConversionError)
  })
})
