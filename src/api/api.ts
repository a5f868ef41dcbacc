import type { ContextTypes, RequestContext, RespondInit, Responded } from '../request/context'
import { isFunction, isObject } from '../utils/is'

export type { RespondInit, Responder, Responded } from '../request/context'

/**
 * Options of `API.__as__`: `asynchornous` (the contract's spelling) or
 * `asynchronous` (accepted as the same option).
 *
 * @example
 * CalcAPI.__as__(express, '/calc', { asynchornous: false } satisfies api.AsOptions)
 */
export interface AsOptions {
  /** `true`: an async handler; `false`: callback-style, where the backend has both */
  asynchornous?: boolean
  /** the same option, spelled the usual way */
  asynchronous?: boolean
}

/**
 * What every API class is: `this.request` and `this.respond`. Users extend `api.API`
 * (service/as.ts), this class with `API.__as__`, which needs the service layer; fw's own
 * modules below that layer know API classes by this one.
 *
 * @example
 * api.isAPIClass(CalcAPI) // CalcAPI extends api.API, which extends BaseAPI
 */
export class BaseAPI<C extends ContextTypes = {}> {
  /** the current request; `env`, `ctx` and `state` typed by the class's `api.API<{ env, ctx, state }>` */
  declare request: RequestContext<C>

  /**
   * Answer with an explicit status, message, state, count or headers, rendered
   * by the nearest response template (never wrapped again by an outer one).
   *
   * @example
   * return this.respond({ id }, { status: 201, message: 'created', headers: { location: `/items/${id}` } })
   */
  respond<T>(value: T, init: RespondInit = {}): Responded<T> {
    return this.request.responder(value, init)
  }
}

/**
 * An API class (the class itself, not an instance).
 *
 * @example
 * const apis: api.APIClass[] = [UserAPI, ArticleAPI]
 */
export type APIClass = abstract new () => BaseAPI

/**
 * Is this value an API class (a subclass of `api.API`; not `api.API` itself, the only class that
 * extends `BaseAPI` directly)?
 *
 * @example
 * api.isAPIClass(UserAPI) // true for a subclass of api.API
 */
export function isAPIClass(value: unknown): value is APIClass {
  return (
    isFunction(value) &&
    value.prototype instanceof BaseAPI &&
    Object.getPrototypeOf(value) !== BaseAPI
  )
}

/**
 * Classes from the topmost API subclass down to `cls` (the lineage declarations are read along);
 * with `within`, the classes up the chain while it holds (`@api.doc` reads any class's).
 *
 * @example
 * lineage(ArticleAPI) // [BaseArticleAPI, ArticleAPI]
 */
export function lineage(
  cls: Function,
  within: (value: unknown) => boolean = isAPIClass,
): Function[] {
  const chain: Function[] = []
  for (let current: unknown = cls; within(current); current = Object.getPrototypeOf(current))
    chain.unshift(current as Function)
  return chain
}

const MOUNT = Symbol.for('fw.mount')

/**
 * `api.mount(OtherAPI, route)`: a sub-API at an explicit route.
 *
 * @example
 * class RootAPI extends api.API { static docs: api.MountEntry = api.mount(DocsAPI, '') }
 */
export interface MountEntry<T extends APIClass = APIClass> {
  readonly [MOUNT]: true
  readonly api: T
  readonly route: string
}

/**
 * Mount an API class at an explicit route (wins over its `@api.route` and the field name).
 *
 * @example
 * class RootAPI extends api.API { static user = api.mount(UserAPI, 'users') }
 */
export function mount<T extends APIClass>(target: T, route: string): MountEntry<T> {
  return { [MOUNT]: true, api: target, route }
}

/**
 * Is this value an `api.mount(...)` entry?
 *
 * @example
 * api.isMountEntry(api.mount(DocsAPI, '')) // true
 */
export function isMountEntry(value: unknown): value is MountEntry {
  return isObject(value) && MOUNT in value
}
