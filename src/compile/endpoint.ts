import { RESPONDER, type API } from '../api/api'
import { readBody } from '../body'
import type { BodyPlan, Limits } from '../body'
import { BadRequest, type ParamIssue } from '../exceptions'
import { RequestContext } from '../request/context'
import { createRenderer, type Renderer, type Stringify } from '../response/render'
import { chainMessage, ConversionError } from '../schema'
import { Invalid } from '../schema/parse'
import type { EndpointPlan, ParamPlan } from './params'
import type { Sources } from './sources'
import type { EndpointDef } from './tree'

/** Service-wide settings an endpoint is compiled with. */
export interface CompileOptions {
  stringify: Stringify
  debug: boolean
  limits: Limits
  onError?: (error: unknown) => void
}

/** What the router hands a matched request to. */
export interface CompiledEndpoint {
  def: EndpointDef
  renderer: Renderer
  headerNames: readonly string[]
  /** Never throws; synchronous when the endpoint reads no body and its method returns no promise. */
  handle(request: Request, pathValues: readonly (string | undefined)[], path: string, search: string, arrived: number, env?: unknown, ctx?: unknown): Response | Promise<Response>
}

type Method = (this: API, input: Record<string, unknown>) => unknown

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

function issueOf(plan: ParamPlan, error: { path: readonly (string | number)[]; reason: string }): ParamIssue {
  return { in: plan.in, name: plan.name, path: [plan.name, ...error.path], message: error.reason }
}

/** Count `&`-separated pairs, stopping just past `limit` so a huge query costs no more than needed. */
function countPairs(search: string, limit: number): number {
  if (!search) return 0
  let count = 1
  for (let index = search.indexOf('&'); index >= 0 && count <= limit; index = search.indexOf('&', index + 1)) count++
  return count
}

/** Run every plan; collect all failures so the 400 lists each bad item. */
function extract(plans: readonly ParamPlan[], sources: Sources, input: Record<string, unknown>, instance: Record<string, unknown>): ParamIssue[] | undefined {
  let issues: ParamIssue[] | undefined
  for (const plan of plans) {
    let value: unknown
    try {
      const raw = plan.read(sources)
      if (raw === undefined && plan.hasDefault) value = plan.default
      else if (raw === undefined && plan.mayBeAbsent) value = undefined
      else value = plan.parse(raw)
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error
      ;(issues ??= []).push(issueOf(plan, error))
      continue
    }
    if (value instanceof Invalid) {
      ;(issues ??= []).push(issueOf(plan, value))
      continue
    }
    if (plan.target === 'input') input[plan.key] = value
    else instance[plan.key] = value
  }
  return issues
}

/**
 * Compile one endpoint: its parsing plan, renderer and the call of its method.
 * The returned `handle` does only what the endpoint declared.
 */
export function compileEndpoint(def: EndpointDef, plan: EndpointPlan, options: CompileOptions): CompiledEndpoint {
  const renderer = createRenderer(def.envelope, options.stringify, options.debug, options.onError)
  const responder = renderer.result
  const method = (def.cls.prototype as Record<string, unknown>)[def.methodName] as Method
  const Cls = def.cls as unknown as new () => API
  const { params, body } = plan
  const limits = options.limits
  const readsQuery = params.some((param) => param.in === 'query')

  const tooManyQuery = (search: string): boolean => readsQuery && countPairs(search, limits.queryParams) > limits.queryParams
  const queryError = (): BadRequest => new BadRequest(`too many query parameters (limit ${limits.queryParams})`)
  const render = (value: unknown): Response => {
    try {
      return renderer.result(value)
    } catch (error) {
      return renderer.error(error)
    }
  }

  /** Parse, call, render: synchronous unless the method returns a promise (no await hop otherwise). */
  const finish = (request: Request, sources: Sources, path: string, arrived: number): Response | Promise<Response> => {
    try {
      const instance = new Cls()
      const input: Record<string, unknown> = {}
      const issues = extract(params, sources, input, instance as unknown as Record<string, unknown>)
      if (issues) {
        const first = issues[0] as ParamIssue
        return renderer.invalid(chainMessage(first.path, first.message), issues)
      }
      instance.request = new RequestContext(request, path, arrived, sources.env, sources.ctx)
      instance[RESPONDER] = responder
      const result = method.call(instance, input)
      if (isThenable(result)) return Promise.resolve(result).then(render, (error: unknown) => renderer.error(error))
      return renderer.result(result)
    } catch (error) {
      return renderer.error(error)
    }
  }

  const withBody = async (request: Request, sources: Sources, path: string, arrived: number, plan: BodyPlan): Promise<Response> => {
    try {
      if (tooManyQuery(sources.search)) throw queryError()
      sources.body = await readBody(request, plan, limits)
    } catch (error) {
      return renderer.error(error)
    }
    return finish(request, sources, path, arrived)
  }

  return {
    def,
    renderer,
    headerNames: plan.headerNames,
    handle(request, pathValues, path, search, arrived, env, ctx) {
      const sources: Sources = { request, pathValues, search, env, ctx }
      if (body) return withBody(request, sources, path, arrived, body)
      if (tooManyQuery(search)) return renderer.error(queryError())
      return finish(request, sources, path, arrived)
    },
  }
}
