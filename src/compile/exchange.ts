import type { API } from '../api/api'
import type { RequestContext } from '../request/context'

/** One API class on the route: how its per-request instance is made (compile/instance.ts, `instanceMaker`). */
export interface LevelMaker {
  cls: Function
  make: () => API
}

/** One request through one endpoint: the state its steps share (compile/compose.ts). */
export class Exchange {
  /** the method's input (its own params) */
  readonly input: Record<string, unknown> = {}
  /** common params land here; with one class on the route it is the endpoint's instance itself */
  readonly common: Record<string, unknown>
  readonly #made: (API | undefined)[] | undefined
  readonly #levels: readonly LevelMaker[]

  /** `single`: one class instance on the route, made up front (the common params land on it directly). */
  constructor(
    readonly rc: RequestContext,
    levels: readonly LevelMaker[],
    single: boolean,
  ) {
    this.#levels = levels
    if (single) {
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

/** The request's context in an endpoint's chain state (what plugin steps read). */
export function contextOfExchange(exchange: Exchange): RequestContext {
  return exchange.rc
}
