/**
 * The one test of each kind of value that options, schemas and decorator arguments are checked
 * against (a bundle carries each once, not `typeof …` at every check).
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

/**
 * Whether `value` is a function (a class too): `typeof value === 'function'`.
 *
 * @example
 * isFunction(class {}) // true
 * isFunction({ call() {} }) // false
 */
export function isFunction(value: unknown): value is Function {
  return typeof value === 'function'
}
