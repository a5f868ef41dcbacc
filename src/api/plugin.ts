import type { RequestContext } from '../request/context'
import { outgoingResponse } from '../response/framing'
import type { Renderer } from '../response/render'
import { INSTALL, type ServiceHooks } from './install'

/** What a plugin step may return: nothing (carry on), or a `Response` (short-circuit / replace). */
export type PluginResult = void | undefined | Response | Promise<void | undefined | Response>

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
  /** before routing (service) or before params are parsed (class); a `Response` short-circuits */
  processRequest?(request: Request, ctx: RequestContext): PluginResult
  /** after the response is made; a returned `Response` replaces it */
  processResponse?(response: Response, ctx: RequestContext): PluginResult
  /** an error no `@api.handle` hook caught; a returned `Response` answers instead of the default rendering */
  handleError?(error: unknown, ctx: RequestContext): PluginResult
  /** declared by a plugin that reports server errors itself (`plugins.Logger`): the service then prints none to the console */
  readonly reportsErrors?: boolean

  /** Called by `service.use(plugin)`: the plugin runs around every request of the service. */
  [INSTALL](service: ServiceHooks<Plugin>): void {
    service.addPlugin(this)
  }
}

/** Is this value a plugin instance? */
export function isPlugin(value: unknown): value is Plugin {
  return value instanceof Plugin
}

/**
 * @internal Await a plugin step: its `Response` (of any realm, framed by its
 * bytes: response/framing.ts; `passed`, the one it was given, as it is), or
 * undefined to carry on.
 */
export async function settle(result: PluginResult, passed?: Response): Promise<Response | undefined> {
  const value = await result
  return value === passed ? passed : outgoingResponse(value)
}

/**
 * @internal Plugins around `next()` (a service's around routing, a class's
 * around its endpoints): `processRequest` outermost first (a `Response`
 * short-circuits `next()`), then `processResponse` innermost first (a
 * `Response` replaces). A plugin that throws is answered by `fallback`'s
 * error rendering, never by a crash.
 *
 * @example
 * runPlugins([plugins.RequestId()], rc, () => route(rc), rootRenderer)
 */
export async function runPlugins(plugins: readonly Plugin[], rc: RequestContext, next: () => Response | Promise<Response>, fallback: Renderer): Promise<Response> {
  let response: Response | undefined
  let entered = 0
  try {
    for (const plugin of plugins) {
      entered++
      response = plugin.processRequest ? await settle(plugin.processRequest(rc.raw, rc)) : undefined
      if (response) break
    }
    response ??= await next()
  } catch (error) {
    response = fallback.error(error)
  }
  for (let i = entered - 1; i >= 0; i--) {
    const plugin = plugins[i] as Plugin
    if (!plugin.processResponse) continue
    try {
      response = (await settle(plugin.processResponse(response, rc), response)) ?? response
    } catch (error) {
      response = fallback.error(error)
    }
  }
  return response
}
