/**
 * Fast nodes of scalar schemas: the converter's own function for a wire value
 * (src/schema/scalars.ts), then valibot's type test, with a string or number
 * pipe's bounds folded in (one closure, no call per action).
 */
import { booleanOf, integerOf, matchOption, numberOf, toStringValue } from '../scalars'
import { lengthFits, NO_BOUNDS, type Bounds } from './actions'
import { FAIL, type FastNode } from './types'

/** string: numbers, booleans and bigints become their text (`toStringValue`). */
export function stringNode(bounds: Bounds): FastNode {
  const { regexes } = bounds
  const bare = bounds === NO_BOUNDS
  // A bare `v.string()` (the default of path, query, header and cookie params): the type test alone.
  const check = bare
    ? (value: unknown): unknown => (typeof value === 'string' ? value : FAIL)
    : (value: unknown): unknown => {
        if (typeof value !== 'string' || !lengthFits(bounds, value.length)) return FAIL
        for (const regex of regexes) if (!regex.test(value)) return FAIL
        return value
      }
  return {
    run: (value) => check(typeof value === 'string' ? value : toStringValue(value)),
    check,
  }
}

/**
 * number: wire strings and booleans through `toNumber`, or `toInteger` when the pipe holds `integer`
 * (their cores: a value they cannot convert is `UNCONVERTIBLE`, a symbol, which fails the type test).
 */
export function numberNode(bounds: Bounds, truncate: boolean): FastNode {
  const { minValue, maxValue, integer } = bounds
  const convert = truncate ? integerOf : numberOf
  // NaN fails `>=`: valibot refuses it too
  const check = (value: unknown): unknown =>
    typeof value === 'number' && value >= minValue && value <= maxValue && (!integer || Number.isInteger(value)) ? value : FAIL
  return { run: (value) => check(convert(value)), check }
}

export function booleanNode(): FastNode {
  const check = (value: unknown): unknown => (typeof value === 'boolean' ? value : FAIL)
  return { run: (value) => check(booleanOf(value)), check }
}

/** picklist and literal: the converter matches a wire text to an option; valibot compares with SameValueZero (`includes`). */
export function optionNode(options: readonly unknown[]): FastNode {
  const convert = matchOption(options)
  const check = (value: unknown): unknown => (options.includes(value) ? value : FAIL)
  return { run: (value) => check(convert(value)), check }
}
