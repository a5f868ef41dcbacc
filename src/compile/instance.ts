/**
 * The instance made at build to read field endpoints from (the per-request
 * instances are made by pipeline/exchange.ts, `instanceClass`).
 */
import type { APIClass } from '../api/api'
import { ImproperlyConfigured } from '../exceptions'

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
