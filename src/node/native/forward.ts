/**
 * The stand-ins of the native Node path (request, headers, response) answer
 * what they keep themselves and hand every other member of the Web class
 * they stand in for to the real object, built on first use.
 */

/**
 * Give `proto` every method and getter of `web` it does not define itself,
 * each answering from `real(this)` (the Web object, built once by the
 * stand-in); then chain `proto` onto `web` so `instanceof` holds.
 *
 * @example
 * forwardMembers(NativeHeaders.prototype, Headers.prototype, (self) => self.webHeaders())
 */
export function forwardMembers<T>(proto: T & object, web: object, real: (self: T) => object): void {
  const own = new Set<PropertyKey>(Reflect.ownKeys(proto))
  for (const key of Reflect.ownKeys(web)) {
    if (own.has(key) || key === 'constructor') continue
    const descriptor = Object.getOwnPropertyDescriptor(web, key)
    if (typeof descriptor?.value === 'function') {
      const method = descriptor.value as (...args: unknown[]) => unknown
      Object.defineProperty(proto, key, {
        value(this: T, ...args: unknown[]) {
          return Reflect.apply(method, real(this), args)
        },
      })
    } else if (descriptor?.get) {
      const get = descriptor.get
      Object.defineProperty(proto, key, {
        get(this: T) {
          return Reflect.apply(get, real(this), [])
        },
      })
    }
  }
  Object.setPrototypeOf(proto, web)
}
