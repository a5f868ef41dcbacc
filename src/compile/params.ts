import type { BodyPlan } from '../body'
import type { BodyParams } from '../body/plan'
import { bodySupport } from '../body/support'
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { MarkerSpec } from '../request/markers'
import { DEFAULT_JSON_DEPTH, mayBeAbsent } from '../schema'
import type { ParamPlan, ResolveAll, Target } from '../pipeline/plans'
import { pathPlan, plan, plannerOf, queryPlan, type PlanReads } from './param-plan'
import type { CommonParam } from './tree'

export type { ParamPlan, Target, WireEntry } from '../pipeline/plans'

/** The own param a template's `{name}` binds: the one named so, or one whose alias names it (`Param(v.number(), { alias: 'y' })`). */
export function pathParamKey(params: Record<string, MarkerSpec>, name: string): string | undefined {
  return name in params
    ? name
    : Object.keys(params).find((candidate) => params[candidate]?.alias === name)
}

/** May this param be absent (a default, or an optional schema)? */
export function isOptional(spec: MarkerSpec): boolean {
  return spec.hasDefault || (spec.schema !== undefined && mayBeAbsent(spec.schema))
}

/** Everything an endpoint (or a before hook) reads, in source order (path, query, header, cookie, body). */
export interface EndpointPlan {
  params: ParamPlan[]
  /** the body plans: one per whole-body param (several kinds may share an endpoint), or one for body fields */
  bodies: BodyPlan[]
  /** header names the endpoint declares (for CORS preflight) */
  headerNames: string[]
  readsQuery: boolean
  /** the `resolve` params' specs (each resolved once per request, before the body is read) */
  resolvers: MarkerSpec[]
  /** the step that resolves them, brought by their planner (none without one) */
  resolveAll: ResolveAll | undefined
}

const ORDER = { resolved: 0, path: 1, query: 2, header: 3, cookie: 4, body: 5 } as const

/** What a plan is built from: an endpoint, or a before hook on a target endpoint's template. */
export interface PlanSource {
  where: string
  template: string
  params: Record<string, MarkerSpec>
  common: readonly CommonParam[]
  /** before hooks: bind only the path params they declare */
  declaredOnly?: boolean
  /** nesting depth allowed in JSON-encoded params (the service's `limits.depth`); default 100 */
  depth?: number
}

/**
 * Build the parsing plan of one endpoint: which sources it reads and how each
 * param is converted, so a request only does the work its endpoint declares.
 */
export function planParams(
  source: PlanSource,
  pathNames: readonly string[],
  ownPathNames: ReadonlySet<string>,
): EndpointPlan {
  const plans: ParamPlan[] = []
  /** the body params (body/plan.ts, through the body seam the body markers installed) */
  let bodyParams: BodyParams | undefined
  const reads: PlanReads = { headerNames: [], resolvers: [] }
  const { where } = source
  const depth = source.depth ?? DEFAULT_JSON_DEPTH
  const bound = new Set<string>()

  pathNames.forEach((name, index) => {
    const key = pathParamKey(source.params, name)
    const own = key === undefined ? undefined : source.params[key]
    if (own && key !== undefined) {
      if (!['auto', 'path', 'query'].includes(own.kind)) {
        throwImproperlyConfigured(
          `${where}: '${key}' names the path param {${name}} of '${source.template}' but is declared as a ${own.kind} param`,
        )
      }
      bound.add(key)
      plans.push(pathPlan(depth, own, name, index, 'input', key))
      return
    }
    if (source.declaredOnly) return
    const common = source.common.find((param) => param.field === name)
    const spec = common?.spec ?? { kind: 'path', hasDefault: false }
    plans.push(
      pathPlan(
        depth,
        spec,
        name,
        index,
        ownPathNames.has(name) && !common ? 'input' : 'instance',
        name,
      ),
    )
  })

  const planOf = (spec: MarkerSpec, key: string, target: Target): ParamPlan => {
    switch (spec.kind) {
      case 'path':
        throwImproperlyConfigured(
          `${where}: path param '${key}' is not in the route '${source.template}'`,
        )
      case 'auto':
      case 'query':
        return queryPlan(depth, spec, key, target)
      case 'body':
      case 'body-field':
        bodyParams ??= bodySupport().params(where)
        return bodyParams.add(spec, key, (name, source) =>
          plan(depth, spec, 'body', name, target, key, source),
        )
      default:
        // a kind its marker plans (compile/param-plan.ts), noting on `reads` what it reads
        // besides its value (headers, a resolver)
        return plannerOf(spec.kind)(depth, spec, key, target, reads)
    }
  }

  if (!source.declaredOnly)
    for (const { field, spec } of source.common)
      if (!pathNames.includes(field)) plans.push(planOf(spec, field, 'instance'))
  for (const key of Object.keys(source.params))
    if (!bound.has(key) && !pathNames.includes(key))
      plans.push(planOf(source.params[key] as MarkerSpec, key, 'input'))
  plans.sort((a, b) => ORDER[a.in] - ORDER[b.in])
  return {
    params: plans,
    bodies: bodyParams?.bodies ?? [],
    headerNames: [...new Set(reads.headerNames)],
    readsQuery: plans.some((param) => param.in === 'query'),
    resolvers: reads.resolvers,
    resolveAll: reads.resolveAll,
  }
}
