/**
 * src/schema/errors.ts: `ConversionError` (a 400's cause, made without a stack), how a value is
 * shown in a message, and the chained message of a nested item.
 */
import { describe, expect, it } from 'vitest'
import { chainMessage, ConversionError, invalidValue, showValue } from '../../src/schema/errors'

describe('ConversionError', () => {
  it('carries its reason and the item path, prefixed as it travels out', () => {
    const error = new ConversionError('expected a number', [0])
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('expected a number')
    expect(error.reason).toBe('expected a number')
    expect(error.within('ids').within('query')).toBe(error)
    expect(error.path).toEqual(['query', 'ids', 0])
  })

  it('starts with an empty path of its own (never shared between errors)', () => {
    const first = new ConversionError('a')
    const second = new ConversionError('b')
    first.within('x')
    expect(second.path).toEqual([])
  })

  it('captures no stack frames (bad input never pays for, nor shows, a stack)', () => {
    const stack = new ConversionError('bad').stack ?? ''
    expect(stack).not.toMatch(/\n\s+at /)
  })

  it('leaves the stack limit as it was', () => {
    const before = Error.stackTraceLimit
    new ConversionError('bad')
    expect(Error.stackTraceLimit).toBe(before)
  })
})

describe('showValue', () => {
  it('quotes strings and dates, writes numbers as JavaScript does, the rest as JSON', () => {
    expect(showValue('abc')).toBe("'abc'")
    expect(showValue(-Infinity)).toBe('-Infinity')
    expect(showValue(Number.NaN)).toBe('NaN')
    expect(showValue({ a: [1] })).toBe('{"a":[1]}')
    expect(showValue(undefined)).toBe('undefined')
    expect(showValue(new Date(0))).toBe(`'${String(new Date(0))}'`)
  })

  it('shows what JSON cannot (a bigint, a cycle) without throwing', () => {
    expect(showValue(10n)).toBe('10')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(showValue(cyclic)).toBe('[object Object]')
  })

  it('cuts a long value to 80 characters', () => {
    const shown = showValue('x'.repeat(500))
    expect(shown).toHaveLength(80)
    expect(shown.endsWith('...')).toBe(true)
  })
})

describe('invalidValue', () => {
  it('says which kind the value is no valid one of, the value shown, and why when told', () => {
    const error = invalidValue('number', 'x')
    expect(error).toBeInstanceOf(ConversionError)
    expect(error.message).toBe("invalid number: 'x'")
    expect(error.path).toEqual([])
    expect(invalidValue('integer', 1e300, ' is out of the safe integer range').message).toBe(
      'invalid integer: 1e+300 is out of the safe integer range',
    )
  })
})

describe('chainMessage', () => {
  it('names each item from the param down, numbers bare and keys quoted', () => {
    expect(chainMessage(['tags', 0], 'expected a string')).toBe(
      "parse item: ['tags'] failed: parse item: [0] failed: expected a string",
    )
    expect(chainMessage([], 'required item missing')).toBe('required item missing')
  })
})
