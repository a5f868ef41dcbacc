import { RESPONDER, type API } from '../api/api'
import { readBody } from '../body'
import type { Limits } from '../body'
import { BadRequest, type ParamIssue } from '../exceptions'
import { RequestContext } from '../request/context'
import { createRenderer, type Renderer, type Stringify } from '../response/render'
import { chainMessage, ConversionError } from '../schema'
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
  handle(request: Request, pathValues: readonly (string | undefined)[], path: string, search: string, arrived: number): Promise<Response>
}

type Method = (this: API, input: Record<string, unknown>) => unknown

function issueOf(plan: ParamPlan, error: ConversionError): ParamIssue {
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

  const run = async (request: Request, sources: Sources, path: string, arrived: number): Promise<Response> => {
    try {
      if (readsQuery && countPairs(sources.search, limits.queryParams) > limits.queryParams) {
        throw new BadRequest(`too many query parameters (limit ${limits.queryParams})`)
      }
      if (body) sources.body = await readBody(request, body, limits)
      const instance = new Cls()
      const input: Record<string, unknown> = {}
      const issues = extract(params, sources, input, instance as unknown as Record<string, unknown>)
      if (issues) {
        const first = issues[0] as ParamIssue
        throw new BadRequest(chainMessage(first.path, first.message), { errors: issues })
      }
      instance.request = new RequestContext(request, path, arrived)
      instance[RESPONDER] = responder
      return renderer.result(await method.call(instance, input))
    } catch (error) {
      return renderer.error(error)
    }
  }

  return {
    def,
    renderer,
    headerNames: plan.headerNames,
    handle(request, pathValues, path, search, arrived) {
      return run(request, { request, pathValues, search }, path, arrived)
    },
  }
}
