import type { BaseAPI } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { Limits } from '../body'
import type { ResponseInits } from '../response/inits'
import { Renderer, type Stringify } from '../response/render'
import type { Template } from '../response/response'

/** What the upgrade of a socket endpoint reads of it (compile/tree.ts's `EndpointDef` is one). */
export interface SocketTarget {
  cls: Function
  methodName: string
  /** fw-api/ws's `SocketDecl` */
  socket?: object
  /** its classes, root first, with their plugins (`@api.plugin`) */
  levels: readonly { plugins: readonly Plugin[] }[]
  /** its params' specs: an auth param's names the security scheme it accepts */
  params: Readonly<Record<string, { security?: object }>>
}

/**
 * What compiles a `@ws.socket` endpoint's method (fw-api/ws registers it; the core carries none):
 * run by the endpoint's pipeline after its params, hooks and plugins, it accepts the upgrade.
 */
export type SocketUpgrade = (
  def: SocketTarget,
  options: CompileOptions,
) => (this: BaseAPI, input: Record<string, unknown>) => unknown

/** Service-wide settings an endpoint is compiled with. */
export interface CompileOptions {
  stringify: Stringify
  debug: boolean
  limits: Limits
  onError?: (error: unknown) => void
  /** service plugins: their `handleError` sees errors no hook handled */
  plugins: readonly Plugin[]
  /** the service's default deadline (ms; none: no deadline); a class's `static timeout` wins */
  timeout?: number
  /** the service's shared response inits (response/inits.ts), made for its runtime */
  inits?: ResponseInits
  /** the upgrade of `@ws.socket` endpoints, when `fw-api/ws` is imported */
  socketUpgrade?: SocketUpgrade
}

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
