import type { API } from '../api/api'
import { GatewayTimeout } from '../exceptions'
import type { RequestContext } from '../request/context'
import { createRenderer, type Renderer } from '../response/render'
import type { Template } from '../response/response'
import { runChain, type ChainPlan } from './chain'
import { readBody } from '../body'
import { chooseBody, extract, tooManyQuery } from './extract'
import type { Surroundings } from './hooks'
import type { CompileOptions } from './options'
import type { EndpointPlan } from './params'
import type { EndpointDef } from './tree'
import { isThenable } from '../utils/thenable'

export type { CompileOptions } from './options'

/** What the router hands a matched request to. */
export interface CompiledEndpoint {
  /** what the endpoint was built from (class, method, templates, params): read by docs generators */
  def: EndpointDef
  /** the endpoint's response template, nearest wins (its `cls` and `result` schema describe the result) */
  template: Template
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
 * Compile one endpoint: its parsing plan, renderer and the call of its method.
 * The returned `handle` does only what the endpoint declared: an endpoint
 * without hooks or plugins runs the direct path below, with no await hop.
 */
export function compileEndpoint(def: EndpointDef, plan: EndpointPlan, around: Surroundings, chain: Omit<ChainPlan, 'plan' | 'method' | 'renderer' | 'around' | 'options' | 'bodies'>, options: CompileOptions): CompiledEndpoint {
  const where = `${def.cls.name}.${def.methodName}()`
  const renderer = createRenderer(around.template, { stringify: options.stringify, debug: options.debug, onError: options.onError, where })
  const responder = renderer.result
  const name = def.methodName
  const method = def.field ? fieldCall(name) : ((def.cls.prototype as Record<string, unknown>)[name] as Method)
  const Cls = def.cls as unknown as new () => API
  const { params, bodies, readsQuery } = plan
  const limits = options.limits
  const timeout = around.timeout ?? options.timeout
  const hooked = around.before.length + around.after.length + around.handle.length + around.plugins.length > 0 || options.plugins.some((plugin) => plugin.handleError)
  const render = (value: unknown): Response => renderer.result(value)
  const fail = (error: unknown): Response => renderer.error(error)

  /** Parse, call, render: synchronous unless the method returns a promise. */
  const finish = (rc: RequestContext): Response | Promise<Response> => {
    try {
      const instance = new Cls()
      const input: Record<string, unknown> = {}
      const failures = extract(params, rc, input, instance as unknown as Record<string, unknown>)
      if (failures) return renderer.invalid(failures.message, failures.issues)
      instance.request = rc
      rc.responder = responder
      const result = method.call(instance, input)
      if (isThenable(result)) return Promise.resolve(result).then(render, fail)
      return renderer.result(result)
    } catch (error) {
      return renderer.error(error)
    }
  }

  // One promise hop: the body's own (`finish` never throws; a read failure is rendered by `fail`).
  const withBody = (rc: RequestContext): Response | Promise<Response> => {
    let body: Promise<unknown>
    try {
      const tooMany = readsQuery ? tooManyQuery(rc, limits) : undefined
      if (tooMany) return renderer.error(tooMany)
      body = readBody(rc.raw, chooseBody(rc, bodies), limits, rc.env)
    } catch (error) {
      return renderer.error(error)
    }
    return body.then((value) => {
      rc.body = value
      return finish(rc)
    }, fail)
  }

  const direct = (rc: RequestContext): Response | Promise<Response> => {
    if (bodies.length) return withBody(rc)
    const tooMany = readsQuery ? tooManyQuery(rc, limits) : undefined
    if (tooMany) return renderer.error(tooMany)
    return finish(rc)
  }
  const hookBodies = [...chain.hookPlans.values()].find((hookPlan) => hookPlan.bodies.length)?.bodies
  const full: ChainPlan = { ...chain, plan, method, renderer, around, options, bodies: bodies.length ? bodies : hookBodies }
  const run = hooked ? (rc: RequestContext) => runChain(full, rc) : direct
  const handle = timeout
    ? (rc: RequestContext) => {
        const response = run(rc)
        return response instanceof Promise ? withTimeout(response, timeout, renderer, where) : response
      }
    : run
  return { def, template: around.template, renderer, headerNames: plan.headerNames, handle }
}
