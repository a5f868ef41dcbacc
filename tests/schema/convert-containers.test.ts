/**
 * src/schema/convert-containers.ts: the converters of lists, tuples, objects and records, built
 * from their items' converters. Copy on write (a value sent as the schema asks goes on as it is),
 * JSON-encoded containers decoded within the depth limit, the failing item named in the error.
 */
import { describe, expect, it } from 'vitest'
import type { ConversionPlan, PlannedEntry } from '../../src/schema/adapter'
import { arrayOf, type Converter, objectOf, recordOf, tupleOf } from '../../src/schema/convert-containers'
import { ConversionError } from '../../src/schema/errors'
import { toStringValue } from '../../src/schema/scalars'

const same: Converter = (value) => value
/** '1' → 1, a number (or an absent value) as it is; anything else a ConversionError. */
const toNumber: Converter = (value) => {
  if (typeof value === 'number' || value === undefined) return value
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value)
  throw new ConversionError(`not a number: ${String(value)}`)
}
/** The plans below are tags only: `compile` maps each to its converter. */
const NUMBER_PLAN: ConversionPlan = { to: 'number', integer: true }
const SAME_PLAN: ConversionPlan = { to: 'same' }
const compile = (plan: ConversionPlan): Converter => (plan === NUMBER_PLAN ? toNumber : same)
const entry = (key: string, plan: ConversionPlan, wire = key): PlannedEntry => ({ key, wire, plan, schema: undefined })

/** The ConversionError `run` throws (fails the test when it throws none or another). */
function conversionError(run: () => unknown): ConversionError {
  try {
    run()
  } catch (error) {
    if (error instanceof ConversionError) return error
    throw error
  }
  throw new Error('no ConversionError thrown')
}

describe('arrayOf', () => {
  const numbers = arrayOf(toNumber, 10)

  it('hands a list that needs no conversion on as the same array', () => {
    const sent = [1, 2, 3]
    expect(numbers(sent)).toBe(sent)
  })

  it('copies from the first item that converts, leaving the sent list untouched', () => {
    const sent: unknown[] = [1, '2', '3']
    const converted = numbers(sent)
    expect(converted).toEqual([1, 2, 3])
    expect(converted).not.toBe(sent)
    expect(sent).toEqual([1, '2', '3'])
  })

  it('makes a one-element list of a single value, and decodes a JSON-encoded list', () => {
    expect(numbers('7')).toEqual([7])
    expect(numbers(7)).toEqual([7])
    expect(numbers('[1, "2"]')).toEqual([1, 2])
  })

  it('passes undefined and null through (absence is the schema’s to judge)', () => {
    expect(numbers(undefined)).toBeUndefined()
    expect(numbers(null)).toBeNull()
  })

  it('names the failing index in the error path', () => {
    const error = conversionError(() => numbers(['1', 'x']))
    expect(error.path).toEqual([1])
    expect(error.reason).toBe('not a number: x')
  })

  it('refuses JSON nested deeper than its depth before parsing it, and invalid JSON', () => {
    const deep = `${'['.repeat(11)}${']'.repeat(11)}`
    expect(conversionError(() => arrayOf(same, 10)(deep)).reason).toBe('JSON value nested deeper than 10 levels')
    expect(conversionError(() => numbers('[1,')).reason).toBe("invalid JSON: '[1,'")
  })
})

describe('tupleOf', () => {
  const pair = tupleOf([toNumber, same], same, 10)

  it('converts each position with its own converter and the rest with `rest`', () => {
    expect(pair(['1', '1', 'x'])).toEqual([1, '1', 'x'])
    expect(tupleOf([same], toNumber, 10)(['a', '2', '3'])).toEqual(['a', 2, 3])
  })

  it('decodes a JSON-encoded tuple, wraps a lone string, and leaves a non-list to the schema', () => {
    expect(pair('["2", "b"]')).toEqual([2, 'b'])
    expect(pair('3')).toEqual([3])
    expect(pair({ 0: '1' })).toEqual({ 0: '1' })
  })

  it('names the failing position', () => {
    expect(conversionError(() => pair(['no'])).path).toEqual([0])
  })
})

describe('objectOf', () => {
  const strip = objectOf([entry('page', NUMBER_PLAN), entry('name', SAME_PLAN)], 'strip', same, 10, compile)

  it('returns an ordinary object as it is when nothing in it converts (its unknown keys are the library’s to drop)', () => {
    const sent = { page: 2, name: 'a', extra: true }
    expect(strip(sent)).toBe(sent)
  })

  it('copies from the first entry that converts, keeping the entries before it', () => {
    const sent = { name: 'a', page: '2' }
    const converted = strip(sent)
    expect(converted).toStrictEqual({ page: 2, name: 'a' })
    expect(sent.page).toBe('2')
  })

  it('reads an aliased entry under its wire name and writes it under its key', () => {
    const aliased = objectOf([entry('pageSize', NUMBER_PLAN, 'page-size')], 'strip', same, 10, compile)
    expect(aliased({ 'page-size': '20' })).toStrictEqual({ pageSize: 20 })
  })

  it('keeps unknown keys (converted by `rest`) with `keep`, never `__proto__`', () => {
    const keep = objectOf([entry('page', NUMBER_PLAN)], 'keep', toNumber, 10, compile)
    const sent = JSON.parse('{"page":"1","more":"5","__proto__":{"polluted":1}}') as Record<string, unknown>
    const converted = keep(sent) as Record<string, unknown>
    expect(converted).toStrictEqual({ page: 1, more: 5 })
    expect(Object.hasOwn(converted, '__proto__')).toBe(false)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('never takes an entry from the prototype: an inherited name is read only when it is the object’s own', () => {
    const named = objectOf([entry('toString', NUMBER_PLAN)], 'strip', same, 10, compile)
    expect(named({})).toStrictEqual({})
    expect(named({ toString: '4' })).toStrictEqual({ toString: 4 })
  })

  it('decodes a JSON-encoded object and hands a non-object to the schema unchanged', () => {
    expect(strip('{"page":"3"}')).toStrictEqual({ page: 3 })
    expect(strip('page=3')).toBe('page=3')
    expect(strip(['1'])).toEqual(['1'])
    expect(strip(null)).toBeNull()
  })

  it('names the failing entry by its wire name', () => {
    const aliased = objectOf([entry('pageSize', NUMBER_PLAN, 'page-size')], 'strip', same, 10, compile)
    const error = conversionError(() => aliased({ 'page-size': 'ten' }))
    expect(error.path).toEqual(['page-size'])
  })
})

describe('recordOf', () => {
  const counts = recordOf(toNumber, 10)

  it('converts every value of an object into a new object', () => {
    const sent = { a: '1', b: 2 }
    expect(counts(sent)).toStrictEqual({ a: 1, b: 2 })
    expect(counts(sent)).not.toBe(sent)
  })

  it('drops `__proto__`, decodes JSON, and names the failing key', () => {
    expect(counts(JSON.parse('{"__proto__":"1","a":"2"}'))).toStrictEqual({ a: 2 })
    expect(counts('{"x":"3"}')).toStrictEqual({ x: 3 })
    expect(conversionError(() => counts({ ok: '1', bad: 'b' })).path).toEqual(['bad'])
  })

  it('leaves non-objects (a list, a plain string) to the schema', () => {
    expect(counts(['1'])).toEqual(['1'])
    expect(counts('text')).toBe('text')
  })
})

/** A string under the string rule (`toStringValue`) stays as it is: an entry or item of it is not called for one. */
describe('strings kept', () => {
  it('a string item or entry is not handed to the string rule, anything else still is', () => {
    const sent = ['a', 'b']
    expect(arrayOf(toStringValue, 10)(sent)).toBe(sent)
    expect(arrayOf(toStringValue, 10)(['a', 2])).toEqual(['a', '2'])
    const object = objectOf([{ key: 'title', wire: 'title', plan: { to: 'string' }, schema: undefined }], 'strip', same, 10, () => toStringValue)
    const body = { title: 'x' }
    expect(object(body)).toBe(body)
    expect(object({ title: 3 })).toEqual({ title: '3' })
  })

  it('another converter is still called for a string (a number list converts its string items)', () => {
    const calls: unknown[] = []
    const counted: Converter = (value) => {
      calls.push(value)
      return value
    }
    arrayOf(counted, 10)(['a'])
    objectOf([{ key: 'title', wire: 'title', plan: { to: 'same' }, schema: undefined }], 'strip', same, 10, () => counted)({ title: 'x' })
    expect(calls).toEqual(['a', 'x'])
    expect(arrayOf(toNumber, 10)(['4'])).toEqual([4])
  })
})
