import type { RequestContext } from '../request/context'
import { INSTALL, type ServiceHooks } from './install'

/**
 * fw's own step of a plugin that must run the rest of the request inside a scope of its own
 * (`orm.DatabaseConnections`: the request made current by `AsyncLocalStorage.run`): called with
 * the request's context and the rest of the chain, it returns what the rest answers. Not public.
 */
export const AROUND: unique symbol = Symbol('fw.plugin.around') as never

/** What a plugin step may return: nothing (carry on), or a `Response` (short-circuit / replace). */
export type PluginResult = void | undefined | Response | Promise<void | undefined | Response>

/**
 * A status a plugin answers on the routes it runs on, for the OpenAPI document
 * (fw-api/plugins/conditional's 304 and 412, fw-api/plugins/rate-limit's 429).
 *
 * @example
 * const answer: api.PluginAnswer = { status: 429, description: 'Too Many Requests', by: 'rateLimit' }
 */
export interface PluginAnswer {
  status: number
  /** what the status means here */
  description: string
  /** the methods of the routes it is answered on (default: every method) */
  methods?: readonly string[]
  /** headers it carries: name → description */
  headers?: Readonly<Record<string, string>>
  /** sent without a body (a 304); otherwise rendered as the route's errors are */
  empty?: boolean
  /** who answers it, e.g. `fw-api/plugins/conditional` */
  by: string
  /**
   * the exception the plugin throws for it (`TooManyRequests`): listed with the route's declared
   * errors (`@api.doc({ errors })`), by its name and `by`, as an endpoint's own would be
   */
  error?: Function
  /** headers the plugin puts on every answer of the routes, the success too (a rate limit's `RateLimit`): name → description */
  everyAnswerHeaders?: Readonly<Record<string, string>>
}

/**
 * A plugin: code around every request of a service (`service.use(plugin)`) or
 * of an API class and its sub-APIs (`@api.plugin(plugin)`). Implement any of
 * the three steps; each may be async.
 *
 * @example
 * class Auth extends api.Plugin {
 *   processRequest(request: Request) {
 *     if (!request.headers.get('authorization')) return new Response('no', { status: 401 })
 *   }
 * }
 * service.use(new Auth())
 */
export class Plugin {
  /** declared by a guard (`auth.Require`) or a plugin every answer needs (`secureHeaders()`): used on the service, it also runs around mounted apps and handlers (`service.mount`), which other service plugins leave alone */
  declare readonly guardsMounts?: boolean
  /** before routing (service) or before params are parsed (class); a `Response` short-circuits */
  processRequest?(request: Request, ctx: RequestContext): PluginResult
  /** after the response is made; a returned `Response` replaces it */
  processResponse?(response: Response, ctx: RequestContext): PluginResult
  /** an error no `@api.handle` hook caught; a returned `Response` answers instead of the default rendering */
  handleError?(error: unknown, ctx: RequestContext): PluginResult
  /** fw's own scope around the rest of the request (AROUND); runs before `processRequest` */
  declare [AROUND]?: (
    ctx: RequestContext,
    next: () => Response | Promise<Response>,
  ) => Response | Promise<Response>
  /** declared by a plugin that reports server errors itself (`plugins.Logger`): the service then prints none to the console */
  declare readonly reportsErrors?: boolean
  /**
   * Request headers the plugin reads (e.g. `['authorization']`): a CORS preflight to a route it
   * runs on allows them, as it allows the headers the route's params declare.
   */
  declare readonly requestHeaders?: readonly string[]
  /** statuses the plugin answers on the routes it runs on (a service's or a class's), listed in their OpenAPI operations */
  declare readonly answers?: readonly PluginAnswer[];

  /** Called by `service.use(plugin)`: the plugin runs around every request of the service. */
  [INSTALL](service: ServiceHooks<Plugin>): void {
    service.addPlugin(this)
  }
}

/** Is this value a plugin instance? */
export function isPlugin(value: unknown): value is Plugin {
  return value instanceof Plugin
}
