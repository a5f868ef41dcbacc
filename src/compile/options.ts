import type { Plugin } from '../api/plugin'
import type { CompileOptions } from '../pipeline/plans'
import { Renderer } from '../response/render'
import type { Template } from '../response/response'

/** `Class.method()`: how messages name an endpoint or a hook. */
export function label(cls: Function, method: string): string {
  return `${cls.name}.${method}()`
}

/** The renderer of `template` (none: the bare one) with the service's settings; `where` names who renders in 500s. */
export function rendererFor(
  options: CompileOptions,
  template: Template | undefined,
  where: string,
): Renderer {
  // the service's options carry the renderer's (stringify, debug, onError, inits)
  return new Renderer(template, { ...options, where })
}

/**
 * The plugins with a `handleError` that see an error of an endpoint (or a routing miss) whose
 * classes hold `classPlugins`: innermost first, the class plugins before the service's.
 *
 * @example
 * errorPluginsOf(def.levels.flatMap((level) => level.plugins), options) // [ClassPlugin, ServicePlugin]
 */
export function errorPluginsOf(classPlugins: readonly Plugin[], options: CompileOptions): Plugin[] {
  return [...options.plugins, ...classPlugins].reverse().filter((plugin) => plugin.handleError)
}
