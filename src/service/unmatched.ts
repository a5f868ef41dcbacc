/**
 * What answers a request no route of its method matches (docs/architecture.md, "A request, end
 * to end"): the 404 of the class that owns the path (else the app mounted at '/', else the
 * root's), the 405 with `Allow`, the preflight (OPTIONS) — under the class plugins of the path's
 * routes when they declare any. Built once per service by the dispatcher (service/dispatch.ts).
 */
import { compose, type Handler } from '../pipeline/compose'
import { itself, pluginSteps } from '../pipeline/plugin-steps'
import type { RootScope, RouteTarget, Scope } from '../compile/routes'
import { MethodNotAllowed } from '../exceptions'
import { ALLOW_HEADERS, ALLOW_METHODS } from '../plugins/cors'
import type { RequestContext } from '../request/context'
import type { Renderer } from '../response/render'
import type { PathMatch, RouteEntry, Router } from '../router'
import type { FetchHandler } from '../types'
import { stackless } from '../utils/stackless'
import { AllowTable } from './allow'
import { notFound } from './refusals'

/** What the misses of one service are answered from. */
export interface UnmatchedPlan {
  router: Router<RouteTarget>
  entries: readonly RouteEntry<RouteTarget>[]
  /** the API classes' scopes: the class that owns a path answers its misses */
  scopes: readonly Scope[]
  /** the root APIs' scopes: a 404 under their prefix is theirs */
  roots: readonly RootScope[]
  /** renders what no API class answers */
  root: Renderer
  /** the app mounted at '/': what fw's routes do not match */
  fallback: FetchHandler | undefined
}

/** The 404 / 405 / preflight answers of one service (`answer`), and the routes at a path. */
export class Unmatched {
  readonly #plan: UnmatchedPlan
  readonly #allowed = new AllowTable()
  /** the preflight of a route whose class declares plugins (they see it, e.g. `plugins.CORS`) */
  readonly #preflightOf = new Map<RouteTarget, Handler<RequestContext>>()

  constructor(plan: UnmatchedPlan) {
    this.#plan = plan
    // Class plugins (e.g. `@api.plugin(plugins.CORS(...))`) see the preflight (OPTIONS) of their paths too.
    const answerPreflight = this.#answerPreflight.bind(this)
    for (const entry of plan.entries) {
      const steps = pluginSteps(entry.data.classPlugins, plan.root, itself)
      if (steps.length) this.#preflightOf.set(entry.data, compose(steps, answerPreflight))
    }
  }

  /** No route for this method: 405 / preflight / 404, by the class that owns the path. */
  answer(context: RequestContext): Response | Promise<Response> {
    const { scopes, roots, root, fallback } = this.#plan
    const path = context.path
    const found = this.#routesAt(path)
    const owner = scopes.find((scope) => scope.contains(path))
    if (!found) {
      if (!owner && fallback) return fallback(context.raw, context.env, context.ctx)
      // Under a root API's prefix, the 404 is that class's (its error hooks, its template).
      const missed = owner ?? roots.find((scope) => scope.contains(path))
      return missed ? missed.miss(context, notFound(path)) : root.error(notFound(path))
    }
    const first = found.byMethod.values().next().value?.entry.data
    if (context.method === 'OPTIONS') {
      const guarded = first && this.#preflightOf.get(first)
      return guarded ? guarded(context) : this.#preflight(found)
    }
    const methods = this.#allowed.of(found).methods
    const notAllowed = stackless(
      () =>
        new MethodNotAllowed(`method not allowed: ${context.method} (allowed: ${methods})`, {
          headers: { allow: methods },
        }),
    )
    const classMiss = owner?.miss ?? first?.classMiss
    return classMiss ? classMiss(context, notAllowed) : root.error(notAllowed)
  }

  /** The routes at `path` (any method), less those a sub-API's scope shadows there. */
  #routesAt(path: string): PathMatch<RouteTarget> | undefined {
    const found = this.#plan.router.find(path)
    if (!found || !anyShadowed(found, path)) return found
    const byMethod = new Map(
      [...found.byMethod].filter(([, match]) => !shadowed(match.entry.data, path)),
    )
    return byMethod.size ? { byMethod, allow: [...byMethod.keys()] } : undefined
  }

  /** A preflight (OPTIONS) after a class's plugins: the routes' 204, else the root's 404. */
  #answerPreflight(context: RequestContext): Response {
    const found = this.#routesAt(context.path)
    return found ? this.#preflight(found) : this.#plan.root.error(notFound(context.path))
  }

  /**
   * The preflight's 204. The `Allow` / preflight header values of one set of routes are computed
   * the first time that set answers a 405 or a preflight, then reused (keyed by the routes
   * themselves, in order).
   */
  #preflight(found: PathMatch<RouteTarget>): Response {
    const { methods, headers } = this.#allowed.of(found)
    return new Response(null, {
      status: 204,
      headers: { [ALLOW_METHODS]: methods, [ALLOW_HEADERS]: headers },
    })
  }
}

/**
 * Is `routed` shadowed at `path` by a sub-API's scope?
 *
 * @example if (match.entry.data.shadowedBy && shadowed(match.entry.data, path)) return miss
 */
export function shadowed(routed: RouteTarget, path: string): boolean {
  return routed.shadowedBy !== undefined && routed.shadowedBy.some((scope) => scope.contains(path))
}

function anyShadowed(found: PathMatch<RouteTarget>, path: string): boolean {
  for (const match of found.byMethod.values()) if (shadowed(match.entry.data, path)) return true
  return false
}
