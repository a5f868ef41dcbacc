import type { API } from '../api/api'
import type { RequestContext } from '../request/context'

/** One request through one endpoint: what its steps share. */
export class Exchange {
  readonly input: Record<string, unknown> = {}
  response: Response | undefined = undefined
  /** class plugins whose `processRequest` ran (their `processResponse` runs, innermost first) */
  entered = 0
  /** a class plugin answered (or failed) before the endpoint: its hooks do not run */
  bypassed = false
  readonly #made: (API | undefined)[] | undefined
  readonly #levels: readonly { cls: Function }[]

  constructor(
    readonly rc: RequestContext,
    levels: readonly { cls: Function }[],
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
      const Cls = (this.#levels[level] as { cls: Function }).cls as unknown as new () => API
      instance = new Cls()
      Object.assign(instance, this.common)
      instance.request = this.rc
      made[level] = instance
    }
    return instance
  }
}
