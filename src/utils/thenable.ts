/**
 * Whether `value` is a promise or any other thenable (what `await` would wait for).
 *
 * @example
 * isThenable(Promise.resolve(1)) // true
 * isThenable({ then: 1 })        // false
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
