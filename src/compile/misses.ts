/**
 * Routing errors of an API class (SPEC §9.1, "Routing errors are the
 * service's"): a 404 under a class's prefix or a 405 on one of its paths is
 * rendered like any other error of that class: its `@api.handle` hooks
 * (nearest class first), then plugins' `handleError`, then the class's
 * template. Compiled once per class at build.
 */
import type { HttpError } from '../exceptions'
import type { HookDecl } from '../meta'
import type { RequestContext } from '../request/context'
import { rescued, whenAnswered, type Handler, type Recover } from '../pipeline/compose'
import { contextOfExchange, Exchange } from '../pipeline/exchange'
import { errorHookRecover } from '../pipeline/hook-steps'
import type { CompileOptions } from '../pipeline/plans'
import { errorPluginRecover } from '../pipeline/plugin-steps'
import { classTemplate, declaredHooks, hookStep, targets } from './hooks'
import { errorPluginsOf, rendererFor } from './options'
import type { ClassLevel } from './tree'

/** Answers one routing error (`NotFound`, `MethodNotAllowed`) of a class; never throws. */
export type MissHandler = (
  context: RequestContext,
  error: HttpError,
) => Response | Promise<Response>

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
 * Compile how the class at the end of `levels` answers its routing errors: the error steps an
 * endpoint of the class has (pipeline/chain.ts: its error hooks, nearest first, then the error
 * plugins, innermost first), each miss handed to them as the endpoint's error would be, then the
 * class's template. Without error hooks or plugins with `handleError` it answers synchronously
 * with its template.
 *
 * @example
 * const miss = compileMiss(def.levels, options); miss(context, new NotFound('path not found: /a/b'))
 */
export function compileMiss(levels: readonly ClassLevel[], options: CompileOptions): MissHandler {
  const last = levels.length - 1
  const own = levels[last] as ClassLevel
  const renderer = rendererFor(options, classTemplate(levels, last), own.cls.name)
  // what a miss is handed to, innermost first: the hooks (nearest first), then the error plugins
  const recovers: Recover<Exchange>[] = [
    // the `@api.handle` hooks that see routing errors of the class, nearest first
    ...declaredHooks({ levels }).errorHooks.map((hook) =>
      errorHookRecover(hookStep(levels, hook, options)),
    ),
    ...errorPluginsOf(
      levels.flatMap((level) => level.plugins),
      options,
    ).map((plugin) => errorPluginRecover(plugin, contextOfExchange)),
  ]
  if (!recovers.length) return (_rc, error) => renderer.error(error)
  return (context, error) => {
    // each recover rescues what is further in (what one throws goes on to the next), the template last
    let handler: Handler<Exchange> = () => {
      throw error
    }
    for (const recover of recovers) {
      const inner = handler
      handler = (state) => rescued(state, inner, recover)
    }
    const answer = rescued(new Exchange(context, [], levels, false), handler, renderer.error)
    return whenAnswered(answer, (response) => withAllow(response, error))
  }
}
