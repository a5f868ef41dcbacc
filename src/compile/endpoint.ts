import type { BaseAPI } from '../api/api'
import type { OperationDoc } from '../api/doc'
import type { Renderer } from '../response/render'
import type { Template } from '../response/response'
import { EndpointChain, type PipelinePlan } from '../pipeline/chain'
import type { CompileOptions, ResolvedHook } from '../pipeline/plans'
import { hookStep, type ResolvedDeclarations } from './hooks'
import { errorPluginsOf, label, rendererFor } from './options'
import type { EndpointPlan } from './params'
import type { EndpointDef } from './tree'
import { throwImproperlyConfigured } from '../exceptions/configured'

export type { CompileOptions } from '../pipeline/plans'

/**
 * What the router hands a matched request to: one endpoint compiled once (its request-time
 * `handle` is `EndpointChain`'s, pipeline/chain.ts), with what docs generators read of it.
 */
export class CompiledEndpoint extends EndpointChain {
  /** what the endpoint was built from (class, method, templates, params): read by docs generators */
  declare readonly def: EndpointDef
  /** the endpoint's parsing plan (its params and body plans): read by docs generators */
  declare readonly plan: EndpointPlan
  /** the endpoint's response template, nearest wins (its `cls` and `result` schema describe the result) */
  declare readonly template: Template
  /** its before hooks, outer class first (docs generators read the errors they declare) */
  declare readonly before: readonly ResolvedHook[]
  /** `@api.doc(...)` / `@api.hidden` of the endpoint and its classes, read once at build */
  declare readonly doc: OperationDoc
  declare readonly renderer: Renderer
  /**
   * every request header the route reads, lower case (CORS preflights allow them): its own
   * header params, its before hooks' (a `'*'` hook's auth user reads Authorization), the
   * `resolve` params of both and the `requestHeaders` its class and service plugins declare
   */
  declare readonly headerNames: readonly string[]

  /** `described`: the fields above, set as they are (one object, not a parameter each) */
  constructor(pipeline: PipelinePlan, described: EndpointDescription) {
    super(pipeline)
    Object.assign(this, described)
  }
}

/** What a `CompiledEndpoint` carries for docs generators, beside its chain. */
type EndpointDescription = Pick<
  CompiledEndpoint,
  'def' | 'plan' | 'template' | 'before' | 'doc' | 'renderer' | 'headerNames'
>

type Method = (this: BaseAPI, input: Record<string, unknown>) => unknown

/** A `@ws.socket` endpoint's method: the upgrade fw-api/ws compiles (which declared it, so is imported). */
function socketMethod(def: EndpointDef, options: CompileOptions, where: string): Method {
  if (!options.socketUpgrade)
    throwImproperlyConfigured(`${where} is a WebSocket endpoint: add \`import 'fw-api/ws'\``)
  return options.socketUpgrade(def, options)
}

/** The call of a field endpoint: the handler is the per-request instance's own property. */
function fieldCall(name: string): Method {
  return function (this: BaseAPI, input) {
    return (this as unknown as Record<string, Method>)[name]?.call(this, input)
  }
}

/**
 * Compile one endpoint once: its renderer, the renderers of its hooks, and
 * its chain of steps (pipeline/chain.ts). `hookPlans` are the params plans
 * of its before hooks that declare params of their own.
 */
export function compileEndpoint(
  def: EndpointDef,
  plan: EndpointPlan,
  around: ResolvedDeclarations,
  hookPlans: ReadonlyMap<ResolvedHook, EndpointPlan>,
  options: CompileOptions,
): CompiledEndpoint {
  const { cls, methodName, levels } = def
  const where = label(cls, methodName)
  const renderer = rendererFor(options, around.template, where)
  const step = (hook: ResolvedHook) => hookStep(levels, hook, options, hookPlans.get(hook)?.params)
  // the endpoint's plan and its before hooks': the body read is the endpoint's, else a hook's; a
  // `resolve` param used by both resolves once; every header any reads, each once
  const planned = [plan, ...hookPlans.values()]
  const headerNames = new Set(planned.flatMap((each) => each.headerNames))
  for (const plugin of [...options.plugins, ...around.plugins])
    for (const name of plugin.requestHeaders ?? []) headerNames.add(name.toLowerCase())
  const pipeline: PipelinePlan = {
    levels,
    method: def.socket
      ? socketMethod(def, options, where)
      : def.field
        ? fieldCall(methodName)
        : ((cls.prototype as Record<string, unknown>)[methodName] as Method),
    renderer,
    params: plan.params,
    readsQuery: plan.readsQuery,
    resolvers: [...new Set(planned.flatMap((each) => each.resolvers))],
    resolveAll: planned.find((each) => each.resolveAll)?.resolveAll,
    bodies: planned.find((each) => each.bodies.length)?.bodies,
    before: around.before.map(step),
    after: around.after.map(step),
    errorHooks: around.errorHooks.map(step),
    plugins: around.plugins,
    errorPlugins: errorPluginsOf(around.plugins, options),
    timeout: around.timeout ?? options.timeout,
    label: where,
    options,
  }
  return new CompiledEndpoint(pipeline, {
    def,
    plan,
    template: around.template,
    before: around.before,
    doc: around.doc,
    renderer,
    headerNames: [...headerNames],
  })
}
