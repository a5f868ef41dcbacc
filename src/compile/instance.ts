/**
 * The class lineage the tree walk reads declarations along, and the instance
 * made at build to read field endpoints from (the per-request instances are
 * made by compile/exchange.ts, `instanceClass`).
 */
import { isAPIClass, type APIClass } from '../api/api'
import { ImproperlyConfigured } from '../exceptions'

/** Classes from the topmost API subclass down to `cls`. */
export function lineage(cls: Function): Function[] {
  const chain: Function[] = []
  for (let current: unknown = cls; isAPIClass(current); current = Object.getPrototypeOf(current))
    chain.unshift(current)
  return chain
}

/**
 * One instance made at build (field endpoints are read from it); `undefined` when its constructor
 * throws without a request. A declaration refused while it runs (`ImproperlyConfigured`, e.g. a
 * field endpoint's `{ doc: { status: 404 } }`) is the build's error, not a missing instance.
 */
export function probe(cls: APIClass): object | undefined {
  try {
    return new (cls as unknown as new () => object)()
  } catch (error) {
    if (error instanceof ImproperlyConfigured) throw error
    return undefined // a constructor that needs a request cannot declare field endpoints
  }
}
