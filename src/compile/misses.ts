/**
 * Routing errors of an API class (SPEC §9.1, "Routing errors are the
 * service's"): a 404 under a class's prefix or a 405 on one of its paths is
 * rendered like any other error of that class: its `@api.handle` hooks
 * (nearest class first), then plugins' `handleError`, then the class's
 * template. Compiled once per class at build.
 */
import type { BaseAPI } from '../api/api'
import type { HttpError } from '../exceptions'
import type { HookDecl } from '../meta'
import type { RequestContext } from '../request/context'
import { outgoingResponse } from '../utils/http'
import type { Renderer } from '../response/render'
import { classTemplate, hookTemplate, targets } from './hooks'
import type { CompileOptions } from '../pipeline/plans'
import { errorPluginsOf, label, rendererFor } from './options'
import type { ClassLevel } from './tree'

/** Answers one routing error (`NotFound`, `MethodNotAllowed`) of a class; never throws. */
export type MissHandler = (
  context: RequestContext,
  error: HttpError,
) => Response | Promise<Response>

interface MissHook {
  decl: HookDecl
  level: number
  renderer: Renderer
}

/**
 * Does a hook declared at `level` catch routing errors of the class at `last`?
 * `'*'` does; a parent's hook does when it targets a sub-API on the way. A
 * method-name target is about requests routed to that method, not misses.
 * (Also read by the document: openapi/routes.ts.)
 */
export function catchesMisses(
  hook: HookDecl,
  levels: readonly ClassLevel[],
  level: number,
): boolean {
  return targets(hook, { levels }, level) // no method: only '*' and the sub-APIs on the way
}

/** The `@api.handle` hooks that see routing errors of the class at the end of `levels`, nearest first. */
function missHooks(levels: readonly ClassLevel[], options: CompileOptions): MissHook[] {
  const found: MissHook[] = []
  for (let level = levels.length - 1; level >= 0; level--) {
    const here = levels[level] as ClassLevel
    for (const decl of here.hooks) {
      if (decl.kind !== 'handle' || !catchesMisses(decl, levels, level)) continue
      const where = label(here.cls, decl.methodName)
      found.push({
        decl,
        level,
        renderer: rendererFor(options, hookTemplate(levels, level, decl.methodName), where),
      })
    }
  }
  return found
}

/** A 405 keeps its `Allow` header whoever renders it (RFC 9110 §15.5.6). */
function withAllow(response: Response, error: HttpError): Response {
  const allow = error.headers.allow
  if (response.status !== 405 || allow === undefined || response.headers.has('allow'))
    return response
  const copy = new Response(response.body, response)
  copy.headers.set('allow', allow)
  return copy
}

/**
 * Compile how the class at the end of `levels` answers its routing errors.
 * Without error hooks or plugins with `handleError` it answers synchronously
 * with its template.
 *
 * @example
 * const miss = compileMiss(def.levels, options); miss(context, new NotFound('path not found: /a/b'))
 */
export function compileMiss(levels: readonly ClassLevel[], options: CompileOptions): MissHandler {
  const last = levels.length - 1
  const own = levels[last] as ClassLevel
  const renderer = rendererFor(options, classTemplate(levels, last), own.cls.name)
  const hooks = missHooks(levels, options)
  const errorPlugins = errorPluginsOf(
    levels.flatMap((level) => level.plugins),
    options,
  )
  if (!hooks.length && !errorPlugins.length) return (_rc, error) => renderer.error(error)

  const recover = async (context: RequestContext, error: HttpError): Promise<Response> => {
    let current: unknown = error
    const made = new Map<number, BaseAPI>()
    const instanceAt = (level: number): BaseAPI => {
      let instance = made.get(level)
      if (!instance) {
        instance = new (levels[level] as ClassLevel).Instance()
        instance.request = context
        made.set(level, instance)
      }
      return instance
    }
    for (const { decl, level, renderer: hookRenderer } of hooks) {
      const errors = decl.errors ?? []
      if (errors.length && !errors.some((cls) => current instanceof cls)) continue
      const method = (
        (levels[level] as ClassLevel).cls.prototype as Record<
          string,
          (this: BaseAPI, error: unknown) => unknown
        >
      )[decl.methodName]
      try {
        context.responder = hookRenderer.result
        return hookRenderer.result(await method?.call(instanceAt(level), current))
      } catch (next) {
        current = next // a failing error hook hands its error on to the outer ones
      }
    }
    for (const plugin of errorPlugins) {
      try {
        const replaced = outgoingResponse(await plugin.handleError?.(current, context))
        if (replaced) return replaced
      } catch (next) {
        current = next
      }
    }
    return renderer.error(current)
  }
  return (context, error) => recover(context, error).then((response) => withAllow(response, error))
}
