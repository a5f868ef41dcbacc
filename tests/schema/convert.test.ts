import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { compileConversion, compileConverter, ConversionError, Field } from '../../src/schema'
import type { ConversionPlan } from '../../src/schema/adapter'

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

/** Nothing to convert, nothing copied: the value as sent goes on to the library. */
describe('object and list conversion copy only what converts', () => {
  const User = v.object({ name: v.string(), age: v.number(), tags: v.array(v.string()) })
  const convert = compileConverter(User)

  it('hands a JSON object whose entries need no conversion on as it is, its lists too', () => {
    const body = JSON.parse('{"name":"Ada","age":36,"tags":["a","b"],"extra":1}') as object
    expect(convert(body)).toBe(body)
  })

  it('copies from the first entry or item that converts, keeping the earlier ones and dropping unknown keys', () => {
    const body = { name: 'Ada', age: '36', tags: ['a', 'b'], extra: 1 }
    const out = convert(body) as typeof body
    expect(out).toStrictEqual({ name: 'Ada', age: 36, tags: ['a', 'b'] })
    expect(out.tags).toBe(body.tags)
    expect(body.age).toBe('36')
    const list = [1, 'b', 2]
    const converted = compileConverter(v.array(v.string()))(list)
    expect(converted).toStrictEqual(['1', 'b', '2'])
    expect(list).toStrictEqual([1, 'b', 2])
    const absentFirst = compileConverter(v.object({ nick: v.optional(v.string()), age: v.number() }))
    expect(absentFirst({ age: '5' })).toStrictEqual({ age: 5 })
    expect(absentFirst({ nick: undefined, age: '5' })).toStrictEqual({ nick: undefined, age: 5 })
  })

  it('always copies an object read under wire names, one whose unknown keys the library keeps, and a null-prototype one', () => {
    const aliased = compileConverter(v.object({ name: Field(v.string(), { alias: 'user-name' }) }))
    expect(aliased({ 'user-name': 'Ada' })).toStrictEqual({ name: 'Ada' })
    const loose = { name: 'Ada', extra: 1 }
    const kept = compileConverter(v.looseObject({ name: v.string() }))(loose)
    expect(kept).toStrictEqual(loose)
    expect(kept).not.toBe(loose)
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { name: 'Ada', age: 1, tags: [] })
    expect(convert(bare)).not.toBe(bare)
    expect(convert(bare)).toStrictEqual({ name: 'Ada', age: 1, tags: [] })
  })
})

describe('a union of objects tagged by a literal key', () => {
  /** A tagged union of `count` members (`{ kind: 'k<i>', n: number }`), counting how often a member is tried. */
  function tagged(count: number): { convert: (value: unknown) => unknown; tries: () => number } {
    let tries = 0
    const members = Array.from({ length: count }, (_, index) => v.object({ kind: v.literal(`k${index}`), n: v.number() }))
    const plan = {
      to: 'union' as const,
      options: members.map((member) => ({
        plan: { to: 'object' as const, unknownKeys: 'strip' as const, rest: undefined, entries: [
          { key: 'kind', wire: 'kind', plan: { to: 'option' as const, options: [member.entries.kind.literal] }, schema: member.entries.kind },
          { key: 'n', wire: 'n', plan: { to: 'number' as const, integer: false }, schema: member.entries.n },
        ] },
        fits: (value: unknown) => (tries++, v.is(member, value)),
      })),
    }
    return { convert: compileConversion(plan), tries: () => tries }
  }

  it('converts with the member its tag names, trying that one only', () => {
    const { convert, tries } = tagged(300)
    expect(convert({ kind: 'k299', n: '7' })).toEqual({ kind: 'k299', n: 7 })
    expect(tries()).toBe(1)
  })

  it('a tag no member names is tried against every member, as before, and passes on for the library to refuse', () => {
    const { convert, tries } = tagged(3)
    expect(convert({ kind: 'nope', n: '7' })).toEqual({ kind: 'nope', n: '7' })
    expect(tries()).toBe(3)
  })

  it('members a schema library planned (valibot’s `v.union`) take their own conversions', () => {
    const shapes = compileConverter(v.union([v.object({ kind: v.literal('a'), n: v.number() }), v.object({ kind: v.literal('b'), n: v.boolean() })]))
    expect(shapes({ kind: 'b', n: '1' })).toEqual({ kind: 'b', n: true })
    expect(shapes({ kind: 'a', n: '1' })).toEqual({ kind: 'a', n: 1 })
  })
})

/** An optional (`maybe`) value whose converter already hands `undefined` and `null` on needs no wrapper of its own. */
describe('optional conversion', () => {
  it('is the inner converter itself for strings and containers (no per-value wrapper at request time)', () => {
    const inners: ConversionPlan[] = [{ to: 'string' }, { to: 'array', item: { to: 'string' } }, { to: 'object', entries: [], unknownKeys: 'strip', rest: undefined }]
    for (const inner of inners) {
      expect(compileConversion({ to: 'maybe', inner })).toBe(compileConversion(inner))
    }
  })

  it('still hands undefined and null on and converts what is there', () => {
    const tags = compileConverter(v.optional(v.array(v.string())))
    expect(tags(undefined)).toBeUndefined()
    expect(tags(null)).toBeNull()
    expect(tags(['a', 2])).toStrictEqual(['a', '2'])
    expect(compileConverter(v.nullish(v.string()))(null)).toBeNull()
    expect(compileConverter(v.nullish(v.string()))(3)).toBe('3')
  })

  it('keeps its check for a scalar whose converter refuses nullish values (a number)', () => {
    const age = compileConverter(v.optional(v.number()))
    expect(age(undefined)).toBeUndefined()
    expect(age(null)).toBeNull()
    expect(age('4')).toBe(4)
  })
})
