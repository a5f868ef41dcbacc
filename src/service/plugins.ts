import type { Plugin, PluginResult } from '../api/plugin'
import type { RequestContext } from '../request/context'
import type { Renderer } from '../response/render'

async function step(result: PluginResult): Promise<Response | undefined> {
  const value = await result
  return value instanceof Response ? value : undefined
}

/**
 * Service plugins around one request: `processRequest` outermost first (a
 * `Response` short-circuits), then `next()`, then `processResponse`
 * innermost first (a `Response` replaces). A plugin that throws is answered
 * by the root renderer, never by a crash.
 *
 * @example
 * runPlugins([new plugins.RequestId()], rc, () => route(rc), root)
 */
export async function runPlugins(plugins: readonly Plugin[], rc: RequestContext, next: () => Response | Promise<Response>, root: Renderer): Promise<Response> {
  let response: Response | undefined
  let entered = 0
  try {
    for (const plugin of plugins) {
      entered++
      response = plugin.processRequest ? await step(plugin.processRequest(rc.raw, rc)) : undefined
      if (response) break
    }
    response ??= await next()
  } catch (error) {
    response = root.error(error)
  }
  for (let i = entered - 1; i >= 0; i--) {
    const plugin = plugins[i] as Plugin
    if (!plugin.processResponse) continue
    try {
      response = (await step(plugin.processResponse(response, rc))) ?? response
    } catch (error) {
      response = root.error(error)
    }
  }
  return response
}
