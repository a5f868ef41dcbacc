import * as v from 'valibot'
import type { ActionShape } from './types'

/** One validation action as a predicate on an already typed value (valibot's own test, same operators). */
type Test = (value: unknown) => boolean

interface Sized {
  readonly length: number
}

/** The valibot action each supported `type` must come from (a look-alike with another reference is refused). */
const REFERENCES: Record<string, unknown> = {
  min_length: v.minLength,
  max_length: v.maxLength,
  length: v.length,
  min_value: v.minValue,
  max_value: v.maxValue,
  integer: v.integer,
  regex: v.regex,
  email: v.email,
}

/**
 * The predicate of a validation action, from its own `requirement`; undefined
 * for any action fw has no fast form of (transformations, checks, …).
 */
export function compileAction(action: ActionShape): Test | undefined {
  if (action.kind !== 'validation' || action.async !== false) return undefined
  if (!Object.hasOwn(REFERENCES, action.type) || REFERENCES[action.type] !== action.reference) return undefined
  const requirement = action.requirement
  switch (action.type) {
    case 'min_length':
      return typeof requirement === 'number' ? (value) => !((value as Sized).length < requirement) : undefined
    case 'max_length':
      return typeof requirement === 'number' ? (value) => !((value as Sized).length > requirement) : undefined
    case 'length':
      return typeof requirement === 'number' ? (value) => (value as Sized).length === requirement : undefined
    case 'min_value':
      // valibot: `!(value >= requirement)` is the failure, whatever the types
      return (value) => (value as number) >= (requirement as number)
    case 'max_value':
      return (value) => (value as number) <= (requirement as number)
    case 'integer':
      return typeof requirement === 'function' ? (value) => !!(requirement as (input: unknown) => unknown)(value) : undefined
    case 'regex':
    case 'email':
      return statelessRegex(requirement) ? (value) => requirement.test(value as string) : undefined
    default:
      return undefined
  }
}

/** A `g` or `y` regex keeps `lastIndex` between calls: testing it twice (fast, then slow) would differ. */
function statelessRegex(requirement: unknown): requirement is RegExp {
  return requirement instanceof RegExp && !requirement.global && !requirement.sticky
}

/** All predicates of a pipe as one (valibot with `abortPipeEarly` stops at the first failing action). */
export function allOf(tests: readonly Test[]): Test | undefined {
  if (tests.length === 0) return undefined
  const [first, second] = tests
  if (tests.length === 1 && first) return first
  if (tests.length === 2 && first && second) return (value) => first(value) && second(value)
  return (value) => {
    for (const test of tests) if (!test(value)) return false
    return true
  }
}
