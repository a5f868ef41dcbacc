/**
 * The class lineage the tree walk reads declarations along, the instance
 * made at build to read field endpoints from, and what the per-request
 * instances are made with (`instanceClass`; made per request by pipeline/exchange.ts).
 */
import { isAPIClass, type APIClass, type BaseAPI } from '../api/api'
import { ImproperlyConfigured } from '../exceptions'
import { bareInstanceClass } from '../pipeline/exchange'

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

// Private members (`#x`, or as TypeScript, esbuild and Babel lower them) live outside the
// instance's keys and need the constructor to have run: any trace of them in a class's source.
const PRIVATE = /#|__private|PrivateField|WeakMap/
// The constructor esbuild (and Bun, its helper named `__runInitializers_<suffix>`) writes for a class
// with decorators and none of its own (blanks removed).
const LOWERED =
  /constructor\(\)\{super\(\.\.\.arguments\);?__runInitializers[\w$]*\([\w$]+,5,this\);?\}/g

/** Does `cls`'s own source declare private members or a constructor (other than esbuild's lowering)? */
function writtenInit(cls: Function): boolean {
  const source = Function.prototype.toString.call(cls)
  return (
    PRIVATE.test(source) || /constructor\(/.test(source.replace(/\s+/g, '').replace(LOWERED, ''))
  )
}

/**
 * What a class's per-request instance is made with (by `new`), decided at build: a class with
 * nothing to initialise (none of its classes declares a constructor, a field
 * or a private member, and the probe instance has no own key: what most API
 * classes are) gets it from its prototype, without running the constructor
 * chain (for a class with decorators, esbuild's lowering puts
 * `super(...arguments)` and its initializer call there); any other runs it.
 */
export function instanceClass(cls: APIClass, probed: object | undefined): new () => BaseAPI {
  const proto = cls.prototype as BaseAPI
  const bare =
    probed !== undefined &&
    Object.getPrototypeOf(probed) === proto &&
    Reflect.ownKeys(probed).length === 0 &&
    !lineage(cls).some(writtenInit)
  return bare ? bareInstanceClass(proto) : (cls as unknown as new () => BaseAPI)
}
