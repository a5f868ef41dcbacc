import type { Plugin } from '../api/plugin'
import type { Limits } from '../body'
import type { ResponseInits } from '../response/inits'
import { createRenderer, type Renderer, type Stringify } from '../response/render'
import type { Template } from '../response/response'

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
  return createRenderer(template, {
    stringify: options.stringify,
    debug: options.debug,
    onError: options.onError,
    where,
    inits: options.inits,
  })
}
