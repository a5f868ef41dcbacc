import type { API } from '../api/api'
import type { OperationDoc } from '../api/doc'
import type { BodyPlan } from '../body'
import { GatewayTimeout } from '../exceptions'
import type { RequestContext } from '../request/context'
import type { Renderer } from '../response/render'
import type { Template } from '../response/response'
import type { ResolvedHook, Surroundings } from './hooks'
import { label, rendererFor, type CompileOptions } from './options'
import type { EndpointPlan } from './params'
import { compilePipeline, type HookStep } from './pipeline'
import type { EndpointDef } from './tree'

export type { CompileOptions } from './options'

/** What the router hands a matched request to. */
export interface CompiledEndpoint {
  /** what the endpoint was built from (class, method, templates, params): read by docs generators */
  def: EndpointDef
  /** the endpoint's parsing plan (its params and body plans): read by docs generators */
  plan: EndpointPlan
  /** the endpoint's response template, nearest wins (its `cls` and `result` schema describe the result) */
  template: Template
  /** its before hooks, outer class first (docs generators read the errors they declare) */
  before: readonly ResolvedHook[]
  /** `@api.doc(...)` / `@api.hidden` of the endpoint and its classes, read once at build */
  doc: OperationDoc
  renderer: Renderer
  headerNames: readonly string[]
  /** Never throws; synchronous when nothing asynchronous is declared and the method returns no promise. */
  handle(rc: RequestContext): Response | Promise<Response>
}

type Method = (this: API, input: Record<string, unknown>) => unknown

/** The call of a field endpoint: the handler is the per-request instance's own property. */
function fieldCall(name: string): Method {
  return function (this: API, input) {
    return (this as unknown as Record<string, Method>)[name]?.call(this, input)
  }
}

/** Answer 504 if `pending` has not settled within `ms`. */
function withTimeout(pending: Promise<Response>, ms: number, renderer: Renderer, where: string): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(renderer.error(new GatewayTimeout(`${where} did not answer within ${ms} ms`))), ms)
  })
  return Promise.race([pending, late]).finally(() => clearTimeout(timer))
}

/**
 * Compile one endpoint once: its renderer, the renderers of its hooks, and
 * its pipeline (compile/pipeline.ts). `hookPlans` are the params plans of its
 * before hooks that declare params of their own.
 */
export function compileEndpoint(def: EndpointDef, plan: EndpointPlan, around: Surroundings, hookPlans: ReadonlyMap<ResolvedHook, EndpointPlan>, options: CompileOptions): CompiledEndpoint {
  const where = label(def.cls, def.methodName)
  const renderer = rendererFor(options, around.template, where)
  const step = (hook: ResolvedHook): HookStep => {
    const hookLabel = label((def.levels[hook.level] as { cls: Function }).cls, hook.decl.methodName)
    return { hook, renderer: rendererFor(options, hook.template, hookLabel), params: hookPlans.get(hook)?.params ?? [], label: hookLabel }
  }
  const hookBodies = [...hookPlans.values()].find((hookPlan) => hookPlan.bodies.length)?.bodies
  const bodies: readonly BodyPlan[] | undefined = plan.bodies.length ? plan.bodies : hookBodies
  const run = compilePipeline({
    levels: def.levels,
    method: def.field ? fieldCall(def.methodName) : ((def.cls.prototype as Record<string, unknown>)[def.methodName] as Method),
    renderer,
    params: plan.params,
    readsQuery: plan.readsQuery,
    // the endpoint's and its before hooks' (one user config used by both resolves once)
    resolvers: [...new Set([...plan.resolvers, ...[...hookPlans.values()].flatMap((hookPlan) => hookPlan.resolvers)])],
    bodies,
    before: around.before.map(step),
    after: around.after.map(step),
    handle: around.handle.map(step),
    plugins: around.plugins,
    errorPlugins: [...around.plugins].reverse().concat([...options.plugins].reverse()).filter((plugin) => plugin.handleError),
    options,
  })
  const timeout = around.timeout ?? options.timeout
  const handle = timeout
    ? (rc: RequestContext) => {
        const response = run(rc)
        return response instanceof Promise ? withTimeout(response, timeout, renderer, where) : response
      }
    : run
  return { def, plan, template: around.template, before: around.before, doc: around.doc, renderer, headerNames: plan.headerNames, handle }
}
