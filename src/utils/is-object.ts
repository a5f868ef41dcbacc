/**
 * The one test of "an object" as options, schemas and decorator arguments are checked: not null,
 * not a primitive, not a function (a bundle carries it once, not `typeof … && … !== null` at every
 * check).
 */

/**
 * Whether `value` is an object: `typeof value === 'object'` and not `null` (a function is not one).
 *
 * @example
 * isObject({ status: 201 }) // true
 * isObject(null) // false
 * isObject(() => {}) // false
 */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}
