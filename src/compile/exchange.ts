import type { API } from '../api/api'
import type { RequestContext } from '../request/context'

/** One API class on the route: how its per-request instance is made (compile/tree.ts, `instanceMaker`). */
export interface LevelMaker {
  cls: Function
  make: () => API
}

/** One request through one endpoint: what its steps share. */
export class Exchange {
  readonly input: Record<string, unknown> = {}
  response: Response | undefined = undefined
  /** class plugins whose `processRequest` ran (their `processResponse` runs, innermost first) */
  entered = 0
  /** a class plugin answered (or failed) before the endpoint: its hooks do not run */
  bypassed = false
  readonly #made: (API | undefined)[] | undefined
  readonly #levels: readonly LevelMaker[]

  constructor(
    readonly rc: RequestContext,
    levels: readonly LevelMaker[],
    /** common params land here; with one class on the route it is the endpoint's instance itself */
    readonly common: Record<string, unknown>,
    single: boolean,
  ) {
    this.#levels = levels
    this.#made = single ? undefined : new Array<API | undefined>(levels.length)
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
