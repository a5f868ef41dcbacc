/**
 * src/schema/scalars.ts: the scalar converters of wire values (docs/api.md, conversion) — what
 * each accepts, what it refuses (`invalid <kind>: <value>`), and the throw-free cores.
 */
import { describe, expect, it } from 'vitest'
import { ConversionError } from '../../src/schema/errors'
import {
  booleanOf,
  integerOf,
  matchOption,
  numberOf,
  toBigInt,
  toBoolean,
  toDate,
  toInteger,
  toNumber,
  toStringValue,
  UNCONVERTIBLE,
} from '../../src/schema/scalars'

/** The reason of the ConversionError `run` throws. */
function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof ConversionError) return error.reason
    throw error
  }
  throw new Error('no ConversionError thrown')
}

describe('toStringValue', () => {
  it('writes numbers, booleans and bigints as text and leaves anything else to the schema', () => {
    expect(toStringValue(12)).toBe('12')
    expect(toStringValue(false)).toBe('false')
    expect(toStringValue(9007199254740993n)).toBe('9007199254740993')
    const object = { a: 1 }
    expect(toStringValue(object)).toBe(object)
    expect(toStringValue(undefined)).toBeUndefined()
  })
})

describe('numberOf / toNumber', () => {
  it('reads decimal numbers in every written form', () => {
    expect(toNumber('2')).toBe(2)
    expect(toNumber('-1.5')).toBe(-1.5)
    expect(toNumber('+.5')).toBe(0.5)
    expect(toNumber('1e3')).toBe(1000)
    expect(toNumber('007')).toBe(7)
    expect(toNumber(true)).toBe(1)
    expect(toNumber(3)).toBe(3)
  })

  it('refuses what Number() would take but a wire number is not', () => {
    for (const text of ['', ' 1', '0x10', '1_000', 'Infinity', 'NaN', '1e400', '-1e400', '1.2.3', '٣'])
      expect(numberOf(text), text).toBe(UNCONVERTIBLE)
    expect(numberOf(Number.POSITIVE_INFINITY)).toBe(UNCONVERTIBLE)
    expect(numberOf({})).toBe(UNCONVERTIBLE)
    expect(refusal(() => toNumber('abc'))).toBe("invalid number: 'abc'")
  })

  it('passes an absent value through', () => {
    expect(toNumber(undefined)).toBeUndefined()
    expect(toNumber(null)).toBeNull()
  })
})

describe('integerOf / toInteger', () => {
  it('truncates toward zero', () => {
    expect(toInteger('1.9')).toBe(1)
    expect(toInteger('-1.9')).toBe(-1)
    expect(integerOf('42')).toBe(42)
  })

  it('refuses beyond the safe integer range, and says why', () => {
    expect(integerOf('9007199254740993')).toBe(UNCONVERTIBLE)
    expect(refusal(() => toInteger('9007199254740993'))).toBe(
      "invalid integer: '9007199254740993' is out of the safe integer range",
    )
    expect(refusal(() => toInteger('x'))).toBe("invalid number: 'x'")
  })
})

describe('toBigInt', () => {
  it('reads integer text and integral numbers exactly', () => {
    expect(toBigInt('9007199254740993')).toBe(9007199254740993n)
    expect(toBigInt('-5')).toBe(-5n)
    expect(toBigInt(7)).toBe(7n)
    expect(toBigInt(3n)).toBe(3n)
    expect(toBigInt(undefined)).toBeUndefined()
  })

  it('refuses fractions and non-integer text', () => {
    expect(refusal(() => toBigInt('1.5'))).toBe("invalid integer: '1.5'")
    expect(refusal(() => toBigInt(1.5))).toBe('invalid integer: 1.5')
    expect(refusal(() => toBigInt('1e3'))).toBe("invalid integer: '1e3'")
  })
})

describe('booleanOf / toBoolean', () => {
  it('reads the usual words, case-insensitively, and 0/1', () => {
    for (const text of ['true', 'TRUE', '1', 'yes', 'On', 'y', 't']) expect(toBoolean(text), text).toBe(true)
    for (const text of ['false', '0', 'no', 'OFF', 'n', 'f']) expect(toBoolean(text), text).toBe(false)
    expect(toBoolean(1)).toBe(true)
    expect(toBoolean(0)).toBe(false)
    expect(toBoolean(null)).toBeNull()
  })

  it('refuses anything else', () => {
    expect(booleanOf('2')).toBe(UNCONVERTIBLE)
    expect(booleanOf('')).toBe(UNCONVERTIBLE)
    expect(booleanOf(2)).toBe(UNCONVERTIBLE)
    expect(refusal(() => toBoolean('maybe'))).toBe("invalid boolean: 'maybe'")
  })
})

describe('toDate', () => {
  it('reads ISO text, and epoch numbers as seconds below 1e11, else milliseconds', () => {
    expect((toDate('2024-01-02T03:04:05Z') as Date).toISOString()).toBe('2024-01-02T03:04:05.000Z')
    expect((toDate('1700000000') as Date).toISOString()).toBe('2023-11-14T22:13:20.000Z')
    expect((toDate(1700000000000) as Date).toISOString()).toBe('2023-11-14T22:13:20.000Z')
    const date = new Date(0)
    expect(toDate(date)).toBe(date)
    expect(toDate(undefined)).toBeUndefined()
  })

  it('refuses text that is no date, and non-date values', () => {
    expect(refusal(() => toDate('not a date'))).toBe("invalid date: 'not a date'")
    expect(refusal(() => toDate(true))).toBe('invalid date: true')
    expect(refusal(() => toDate(1e20))).toBe('invalid date: 100000000000000000000')
  })
})

describe('matchOption', () => {
  const match = matchOption([1, 2, true, 'a'])

  it('maps a wire text to the option it spells', () => {
    expect(match('2')).toBe(2)
    expect(match('true')).toBe(true)
    expect(match('a')).toBe('a')
    expect(match(2)).toBe(2)
  })

  it('leaves an unknown value to the schema to refuse (no conversion invented)', () => {
    expect(match('3')).toBe('3')
    const object = { x: 1 }
    expect(match(object)).toBe(object)
  })

  it('prefers the option that is the value itself over one it spells', () => {
    expect(matchOption([1, '1'])('1')).toBe('1')
    expect(matchOption(['1', 1])(1)).toBe(1)
  })
})
