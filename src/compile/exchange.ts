import type { API, APIClass } from '../api/api'
import type { RequestContext } from '../request/context'
import type { Answer, Handler } from './compose'
import { lineage } from './instance'

/** One API class on the route: how its per-request instance is made (`instanceMaker`, below). */
export interface LevelMaker {
  cls: Function
  make: () => API
}

/** One request through one endpoint: the state its steps share (compile/compose.ts). */
export class Exchange {
  /** the method's input (its own params) */
  readonly input: Record<string, unknown> = {}
  /** common params land here; with `endpointInstanceOnly` it is the endpoint's instance itself */
  readonly common: Record<string, unknown>
  readonly #made: (API | undefined)[] | undefined
  readonly #levels: readonly LevelMaker[]

  /**
   * `endpointInstanceOnly`: nothing around the endpoint reads another class's instance, so only the
   * endpoint's is made, up front, and the common params land on it directly.
   */
  constructor(
    readonly rc: RequestContext,
    levels: readonly LevelMaker[],
    endpointInstanceOnly: boolean,
  ) {
    this.#levels = levels
    if (endpointInstanceOnly) {
      const instance = (levels[levels.length - 1] as LevelMaker).make()
      instance.request = rc
      this.common = instance as unknown as Record<string, unknown>
      this.#made = undefined
    } else {
      this.common = {}
      this.#made = new Array<API | undefined>(levels.length)
    }
  }

  /** The instance of the API class at `level` (one per class per request). */
  at(level: number): API {
    const made = this.#made
    if (!made) return this.common as unknown as API
    let instance = made[level]
    if (!instance) {
      instance = (this.#levels[level] as LevelMaker).make()
      Object.assign(instance, this.common)
      instance.request = this.rc
      made[level] = instance
    }
    return instance
  }
}

/**
 * The request-time half of a compiled endpoint (compile/endpoint.ts adds what docs generators
 * read): each matched request becomes an `Exchange` handed to the endpoint's composed steps.
 */
export class EndpointChain {
  /** the endpoint's steps, composed once (compile/pipeline.ts) */
  readonly #steps: Handler<Exchange>
  readonly #levels: readonly LevelMaker[]
  /** see `Exchange`'s constructor */
  readonly #endpointInstanceOnly: boolean

  constructor(
    steps: Handler<Exchange>,
    levels: readonly LevelMaker[],
    endpointInstanceOnly: boolean,
  ) {
    this.#steps = steps
    this.#levels = levels
    this.#endpointInstanceOnly = endpointInstanceOnly
  }

  /** Answer a matched request. Never throws; synchronous when nothing asynchronous is declared and the method returns no promise. */
  handle(rc: RequestContext): Answer {
    return this.#steps(new Exchange(rc, this.#levels, this.#endpointInstanceOnly))
  }
}

/** The request's context in an endpoint's chain state (what plugin steps read). */
export function contextOfExchange(exchange: Exchange): RequestContext {
  return exchange.rc
}

// Private members (`#x`, or as TypeScript, esbuild and Babel lower them) live outside the
// instance's keys and need the constructor to have run: any trace of them in a class's source.
const PRIVATE = /#|__private|PrivateField|WeakMap/
// The constructor esbuild writes for a class with decorators and none of its own (blanks removed).
const LOWERED = /constructor\(\)\{super\(\.\.\.arguments\);?__runInitializers\([\w$]+,5,this\);?\}/g

/** Does `cls`'s own source declare private members or a constructor (other than esbuild's lowering)? */
function writtenInit(cls: Function): boolean {
  const source = Function.prototype.toString.call(cls)
  return (
    PRIVATE.test(source) || /constructor\(/.test(source.replace(/\s+/g, '').replace(LOWERED, ''))
  )
}

/**
 * How a class's per-request instance is made, decided at build: a class with
 * nothing to initialise (none of its classes declares a constructor, a field
 * or a private member, and the probe instance has no own key: what most API
 * classes are) gets it from its prototype, without running the constructor
 * chain (for a class with decorators, esbuild's lowering puts
 * `super(...arguments)` and its initializer call there); any other runs it.
 */
export function instanceMaker(cls: APIClass, probed: object | undefined): () => API {
  const Cls = cls as unknown as new () => API
  const proto = cls.prototype as API
  const bare =
    probed !== undefined &&
    Object.getPrototypeOf(probed) === proto &&
    Reflect.ownKeys(probed).length === 0 &&
    !lineage(cls).some(writtenInit)
  if (!bare) return () => new Cls()
  // `new` of a plain function whose prototype is the class's: the same object as `Object.create(proto)`
  // (no own keys, that prototype), made several times faster on Bun (~60 ns less per request).
  const Bare = function () {} as unknown as { new (): API; prototype: API }
  Bare.prototype = proto
  return () => new Bare()
}
