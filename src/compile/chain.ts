import type { API } from '../api/api'
import { runPlugins, settle, type Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { InternalServerError } from '../exceptions'
import { createRenderer, type Renderer } from '../response/render'
import type { CompileOptions } from './options'
import { readBody, type BodyPlan } from '../body'
import { badRequest, chooseBody, extract, tooManyQuery } from './extract'
import type { ResolvedHook, Surroundings } from './hooks'
import type { EndpointPlan } from './params'
import type { EndpointDef } from './tree'

/** Everything the hooked path of one endpoint needs, built once. */
export interface ChainPlan {
  def: EndpointDef
  plan: EndpointPlan
  method: (this: API, input: Record<string, unknown>) => unknown
  renderer: Renderer
  around: Surroundings
  options: CompileOptions
  /** the params plan of each before hook (its own params, on the endpoint's template) */
  hookPlans: Map<ResolvedHook, EndpointPlan>
  /** the body plans read for the chain (chosen at compile time): the endpoint's, else the first before hook's that reads a body */
  bodies: readonly BodyPlan[] | undefined
}

const renderers = new WeakMap<ResolvedHook, Renderer>()

/** `Class.method()` of a hook, as errors name it. */
function hookName(hook: ResolvedHook, chain: ChainPlan): string {
  return `${(chain.def.levels[hook.level] as { cls: Function }).cls.name}.${hook.decl.methodName}()`
}

function rendererOf(hook: ResolvedHook, chain: ChainPlan): Renderer {
  let renderer = renderers.get(hook)
  if (!renderer) {
    const { stringify, debug, onError } = chain.options
    renderers.set(hook, (renderer = createRenderer(hook.template, { stringify, debug, onError, where: hookName(hook, chain) })))
  }
  return renderer
}

/** An after hook that read (or locked) the body and returned nothing would send a `Response` nobody can read. */
function consumedBody(hook: ResolvedHook, chain: ChainPlan): InternalServerError {
  return new InternalServerError(`${hookName(hook, chain)}: the @api.after hook read the response body and returned nothing; return the Response (or a new one, or a value) to answer with`)
}

/** Per request: one instance per API class on the route, made when a hook or the endpoint of that class runs. */
class Instances {
  readonly #made: (API | undefined)[]
  constructor(
    readonly chain: ChainPlan,
    readonly rc: RequestContext,
    readonly common: Record<string, unknown>,
  ) {
    this.#made = new Array<API | undefined>(chain.def.levels.length)
  }

  at(level: number): API {
    let instance = this.#made[level]
    if (!instance) {
      const Cls = (this.chain.def.levels[level] as { cls: Function }).cls as unknown as new () => API
      instance = new Cls()
      Object.assign(instance, this.common)
      instance.request = this.rc
      this.#made[level] = instance
    }
    return instance
  }
}

/** Error hooks nearest first, then plugins' `handleError` (class, then service), then the default rendering. */
async function recover(error: unknown, chain: ChainPlan, rc: RequestContext, instances: Instances): Promise<Response> {
  let current = error
  for (const hook of chain.around.handle) {
    const errors = hook.decl.errors ?? []
    if (errors.length && !errors.some((cls) => current instanceof cls)) continue
    const renderer = rendererOf(hook, chain)
    try {
      rc.responder = renderer.result
      return renderer.result(await hook.method.call(instances.at(hook.level), current))
    } catch (next) {
      current = next // a failing error hook hands its error on to the outer ones
    }
  }
  const plugins: Plugin[] = [...chain.around.plugins].reverse().concat([...chain.options.plugins].reverse())
  for (const plugin of plugins) {
    if (!plugin.handleError) continue
    try {
      const replaced = await settle(plugin.handleError(current, rc))
      if (replaced) return replaced
    } catch (next) {
      current = next
    }
  }
  return chain.renderer.error(current)
}

/**
 * The endpoint with its hooks, inside its class plugins: plugins'
 * `processRequest` (outer class first; a `Response` short-circuits), params,
 * before hooks (outer class first), the method, its template; errors through
 * `@api.handle` hooks (nearest first) and plugins' `handleError`; after hooks
 * (nearest first), each given the Response as the target's template rendered
 * it; plugins' `processResponse` (innermost first).
 */
export function runChain(chain: ChainPlan, rc: RequestContext): Promise<Response> {
  const plugins = chain.around.plugins
  return plugins.length ? runPlugins(plugins, rc, () => core(chain, rc), chain.renderer) : core(chain, rc)
}

async function core(chain: ChainPlan, rc: RequestContext): Promise<Response> {
  const { around, plan, renderer, options } = chain
  const common: Record<string, unknown> = {}
  const instances = new Instances(chain, rc, common)
  const last = chain.def.levels.length - 1
  let response: Response
  try {
    const tooMany = plan.readsQuery ? tooManyQuery(rc, options.limits) : undefined
    if (tooMany) throw tooMany
    const bodies = chain.bodies
    if (bodies) rc.body = await readBody(rc.raw, chooseBody(rc, bodies), options.limits, rc.env)
    const input: Record<string, unknown> = {}
    const failures = extract(plan.params, rc, input, common)
    if (failures) throw badRequest(failures)
    for (const hook of around.before) {
      const own = chain.hookPlans.get(hook)
      const hookInput: Record<string, unknown> = { ...input }
      if (own?.params.length) {
        const hookFailures = extract(own.params, rc, hookInput, common)
        if (hookFailures) throw badRequest(hookFailures)
      }
      rc.responder = rendererOf(hook, chain).result
      await hook.method.call(instances.at(hook.level), hookInput)
    }
    rc.responder = renderer.result
    response = renderer.result(await chain.method.call(instances.at(last), input))
  } catch (error) {
    response = await recover(error, chain, rc, instances)
  }
  for (const hook of around.after) {
    const hookRenderer = rendererOf(hook, chain)
    try {
      rc.responder = hookRenderer.result
      const replaced = await hook.method.call(instances.at(hook.level), response)
      if (replaced !== undefined) response = hookRenderer.result(replaced)
      else if (response.bodyUsed || response.body?.locked) throw consumedBody(hook, chain)
    } catch (error) {
      response = renderer.error(error)
    }
  }
  return response
}
