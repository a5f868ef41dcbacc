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

/**
 * The actions of a string, number or array pipe folded into bounds checked
 * inline (no call per action), when every action is one of: min/max length,
 * length, min/max value and integer (number requirements), regex / email.
 * valibot stops at the first failing action, and none of these can throw on a
 * value of the right type, so the order does not matter: all must hold.
 */
export interface Bounds {
  minLength: number
  maxLength: number
  /** `length(n)` requirements (all must hold) */
  lengths: number[]
  minValue: number
  maxValue: number
  integer: boolean
  regexes: RegExp[]
}

export type BoundedKind = 'string' | 'number' | 'array'

/** The actions each kind folds (any other, e.g. `minValue` on a string, keeps the generic predicates). */
const FOLDED: Record<BoundedKind, ReadonlySet<string>> = {
  string: new Set(['min_length', 'max_length', 'length', 'regex', 'email']),
  number: new Set(['min_value', 'max_value', 'integer']),
  array: new Set(['min_length', 'max_length', 'length']),
}

/** Bounds that let every value of the right type through (a pipe-less schema). */
export const NO_BOUNDS: Readonly<Bounds> = { minLength: 0, maxLength: Infinity, lengths: [], minValue: -Infinity, maxValue: Infinity, integer: false, regexes: [] }

export function boundsOf(actions: readonly ActionShape[], kind: BoundedKind): Bounds | undefined {
  const bounds: Bounds = { ...NO_BOUNDS, lengths: [], regexes: [] }
  for (const action of actions) {
    if (!FOLDED[kind].has(action.type) || !compileAction(action)) return undefined
    const requirement = action.requirement
    const number = typeof requirement === 'number' && !Number.isNaN(requirement) ? requirement : undefined
    if (action.type === 'min_length' && number !== undefined) bounds.minLength = Math.max(bounds.minLength, number)
    else if (action.type === 'max_length' && number !== undefined) bounds.maxLength = Math.min(bounds.maxLength, number)
    else if (action.type === 'length' && number !== undefined) bounds.lengths.push(number)
    else if (action.type === 'min_value' && number !== undefined) bounds.minValue = Math.max(bounds.minValue, number)
    else if (action.type === 'max_value' && number !== undefined) bounds.maxValue = Math.min(bounds.maxValue, number)
    else if (action.type === 'integer' && requirement === Number.isInteger) bounds.integer = true
    else if ((action.type === 'regex' || action.type === 'email') && statelessRegex(requirement)) bounds.regexes.push(requirement)
    else return undefined
  }
  return bounds
}

/** Is this length within the bounds (string or array)? */
export function lengthFits(bounds: Bounds, length: number): boolean {
  if (length < bounds.minLength || length > bounds.maxLength) return false
  for (const exact of bounds.lengths) if (length !== exact) return false
  return true
}
