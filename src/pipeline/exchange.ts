import type { BaseAPI } from '../api/api'
import type { RequestContext } from '../request/context'

/** One API class on the route: what its per-request instance is made with (`instanceClass`, compile/instance.ts). */
export interface LevelMaker {
  cls: Function
  Instance: new () => BaseAPI
}

/** One request through one endpoint: the state its steps share (pipeline/compose.ts). */
export class Exchange {
  /** the method's input (its own params) */
  readonly input: Record<string, unknown> = {}
  /** common params land here; with `endpointInstanceOnly` it is the endpoint's instance itself */
  readonly common: Record<string, unknown>
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
    readonly context: RequestContext,
    /** raw path param values in template order (percent-encoded), as the route matched them */
    readonly pathValues: readonly (string | undefined)[],
    levels: readonly LevelMaker[],
    endpointInstanceOnly: boolean,
  ) {
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

/**
 * The per-request instance of a class with nothing to initialise (chosen at build by
 * compile/instance.ts `instanceClass`): `new` of a plain function whose prototype is the class's,
 * the same object as `Object.create(proto)` (no own keys, that prototype), made several times
 * faster on Bun (~60 ns less per request).
 */
export function bareInstanceClass(proto: BaseAPI): new () => BaseAPI {
  const Bare = function bareInstance() {} as unknown as { new (): BaseAPI; prototype: BaseAPI }
  Bare.prototype = proto
  return Bare
}
