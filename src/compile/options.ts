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
  return new Renderer(template, {
    stringify: options.stringify,
    debug: options.debug,
    onError: options.onError,
    where,
    inits: options.inits,
  })
}
