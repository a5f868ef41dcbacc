import { lineage, type APIClass, type BaseAPI } from '../api/api'
import type { RequestContext } from '../request/context'

/** One API class on the route: what its per-request instance is made with (`instanceClass`, below). */
export interface LevelMaker {
  cls: Function
  Instance: new () => BaseAPI
}

/** One request through one endpoint: the state its steps share (pipeline/compose.ts). */
export class Exchange {
  /** the request's context */
  declare readonly context: RequestContext
  /** raw path param values in template order (percent-encoded), as the route matched them */
  declare readonly pathValues: readonly (string | undefined)[]
  /** the method's input (its own params) */
  readonly input: Record<string, unknown> = {}
  /** common params land here; with `endpointInstanceOnly` it is the endpoint's instance itself */
  declare readonly common: Record<string, unknown>
  /** the parsed body, once read (pipeline/chain.ts) */
  body: unknown = undefined
  /** per whole-body param of the endpoint: does the body's content type suit it (pipeline/extract.ts) */
  bodyAccepted: readonly boolean[] | undefined = undefined
  readonly #made: (BaseAPI | undefined)[] | undefined
  readonly #levels: readonly LevelMaker[]

  /**
   * `endpointInstanceOnly`: nothing around the endpoint reads another class's instance, so only the
   * endpoint's is made, up front, and the common params land on it directly.
   */
  constructor(
    context: RequestContext,
    pathValues: readonly (string | undefined)[],
    levels: readonly LevelMaker[],
    endpointInstanceOnly: boolean,
  ) {
    this.context = context
    this.pathValues = pathValues
    this.#levels = levels
    if (endpointInstanceOnly) {
      const instance = new (levels[levels.length - 1] as LevelMaker).Instance()
      instance.request = context
      this.common = instance as unknown as Record<string, unknown>
      this.#made = undefined
    } else {
      this.common = {}
      this.#made = new Array<BaseAPI | undefined>(levels.length)
    }
  }

  /** The instance of the API class at `level` (one per class per request). */
  at(level: number): BaseAPI {
    const made = this.#made
    if (!made) return this.common as unknown as BaseAPI
    let instance = made[level]
    if (!instance) {
      instance = new (this.#levels[level] as LevelMaker).Instance()
      Object.assign(instance, this.common)
      instance.request = this.context
      made[level] = instance
    }
    return instance
  }
}

/** The request's context in an endpoint's chain state (what plugin steps read). */
export function contextOfExchange(exchange: Exchange): RequestContext {
  return exchange.context
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
  if (!bare) return cls as unknown as new () => BaseAPI
  // `new` of a plain function whose prototype is the class's: the same object as `Object.create(proto)`
  // (no own keys, that prototype), made several times faster on Bun (~60 ns less per request).
  const Bare = function bareInstance() {} as unknown as { new (): BaseAPI; prototype: BaseAPI }
  Bare.prototype = proto
  return Bare
}
