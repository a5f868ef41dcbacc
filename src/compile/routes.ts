import type { Plugin } from '../api/plugin'
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { Template } from '../response/response'
import { compilePath, type PathParamRule, type RouteEntry } from '../router'
import type { PathMatcher } from '../router/match'
import { PATH_PARAM } from '../router/path'
import { under } from '../router/route-path'
import { compileEndpoint, type CompiledEndpoint } from './endpoint'
import type { CompileOptions, ResolvedHook } from '../pipeline/plans'
import { label } from './options'
import { checkHooks, classTemplate, resolveDeclarations } from './hooks'
import { compileMiss, type MissHandler } from './misses'
import type { MarkerSpec } from '../request/markers'
import { isOptional, pathParamKey, planParams, type EndpointPlan } from './params'
import { specsOf } from './specs'
import type { EndpointDef, ClassLevel } from './tree'

/** The routes of a mounted sub-API: a miss under its prefix is its own 404/405 (docs/api.md, path rules). */
export interface Scope {
  /** is this path the prefix or below it (whole segments)? */
  contains(path: string): boolean
  /** answers its 404/405 through its `@api.handle` hooks, then its template (compile/misses.ts) */
  miss: MissHandler
  depth: number
}

/** A root API class (the service's, or one given to `service.mount`): misses under its prefix are its own. */
export interface RootScope {
  prefix: string
  /** is this path the prefix or below it (whole segments)? */
  contains(path: string): boolean
  miss: MissHandler
}

/** A compiled endpoint and the sub-API scopes declared before it that may contain paths it matches. */
export interface RouteTarget {
  endpoint: CompiledEndpoint
  /** a match inside one of these scopes is that scope's miss, not this endpoint */
  shadowedBy: readonly Scope[] | undefined
  /** the class's template (its `static response`, nearest wins): routing answers (405) on this path are its, not a per-endpoint one's (the document reads it) */
  classTemplate: Template
  /** answers a 405 on this path through the class's `@api.handle` hooks, then its template */
  classMiss: MissHandler
  /** the class plugins of its levels, outermost first: they see the preflight (OPTIONS) of its path */
  classPlugins: readonly Plugin[]
  /** names of the path params that may be left out at the end of the URL (optional or defaulted), in path order */
  optionalTail: readonly string[]
}

/** Everything the dispatcher needs, compiled once per service. */
export interface CompiledRoutes {
  entries: RouteEntry<RouteTarget>[]
  scopes: Scope[]
  /** root API classes, longest prefix first */
  roots: RootScope[]
}

function ruleFor(def: EndpointDef): (name: string) => PathParamRule {
  return (name) => {
    const key = pathParamKey(def.params, name)
    const spec =
      (key === undefined ? undefined : def.params[key]) ??
      def.common.find((param) => param.field === name)?.spec
    return {
      match: spec?.match ?? 'segment',
      optional: spec ? isOptional(spec) : false,
      restMatcher: spec?.restPaths?.matcher,
    }
  }
}

/** Whether a path is `prefix` or below it (whole segments; a prefix's params match one segment each). */
function scopeMatcher(prefix: string): (candidate: string) => boolean {
  const path = compilePath(prefix, () => ({ match: 'segment', optional: false }))
  const literal = path.literal
  if (literal !== undefined) return (candidate) => under(literal, candidate)
  const match = path.match as PathMatcher
  const count = path.template.split('/').length - 1
  // the candidate's first `count` segments, matched as the prefix's whole path
  return (candidate) => {
    let end = 0
    for (let segment = 0; segment < count && end >= 0; segment++)
      end = candidate.indexOf('/', end + 1)
    return match(end < 0 ? candidate : candidate.slice(0, end)) !== undefined
  }
}

/** Could a path matched by `template` lie under `prefix`? Literal segments that differ say no. */
function mayOverlap(template: string, prefix: string, rest: boolean): boolean {
  // both start with '' (the leading '/'): segment i of each at index i
  const a = template.split('/')
  const b = prefix.split('/')
  if (!rest && a.length < b.length) return false
  for (let i = 1; i < a.length && i < b.length; i++) {
    const segment = a[i] as string
    if (segment.includes('{')) {
      if (rest) return true
    } else if (!(b[i] as string).includes('{') && segment !== b[i]) return false
  }
  return true
}

/**
 * Compile every endpoint of a service once: path matchers, parsing plans,
 * hooks, templates, and the sub-API scopes that own their prefixes.
 */
export function compileRoutes(
  defs: readonly EndpointDef[],
  options: CompileOptions,
): CompiledRoutes {
  const checked = new Set<ClassLevel>()
  const seen = new Map<string, string>()
  const scopes: (Scope & { level: ClassLevel })[] = []
  const roots: RootScope[] = []
  const routed: RouteEntry<RouteTarget>[] = []
  const misses = new Map<ClassLevel, MissHandler>()
  // One miss handler per class, compiled the first time a route of the class is seen.
  const missOf = (levels: readonly ClassLevel[], depth: number): MissHandler => {
    const level = levels[depth] as ClassLevel
    let miss = misses.get(level)
    if (!miss) misses.set(level, (miss = compileMiss(levels.slice(0, depth + 1), options)))
    return miss
  }

  for (const def of defs) {
    const { levels, method, template, params, common } = def
    const where = label(def.cls, def.methodName)
    levels.forEach((level, depth) => {
      if (checked.has(level)) return
      checked.add(level)
      checkHooks(level)
      // a root API class (the service's, or a mounted one), or a sub-API owning its prefix
      if (depth === 0 || level.owns)
        (depth ? scopes : roots).push({
          prefix: level.prefix,
          contains: scopeMatcher(level.prefix),
          miss: missOf(levels, depth),
          depth,
          level,
        })
    })
    const rule = ruleFor(def)
    const path = compilePath(template, rule)
    const shape = `${method} ${path.template.replace(PATH_PARAM, (_, name: string) => (rule(name.trim()).match === 'rest' ? '{*}' : '{}'))}`
    const previous = seen.get(shape)
    if (previous)
      throwImproperlyConfigured(
        `${where} and ${previous} are both ${method} '${path.template}': the second can never be reached; change one path or method`,
      )
    seen.set(shape, where)
    const ownNames = new Set(
      [...def.ownPath.matchAll(PATH_PARAM)].map((found) => (found[1] ?? '').trim()),
    )
    const planOf = (at: string, params: Record<string, MarkerSpec>, declaredOnly: boolean) =>
      planParams(
        {
          where: at,
          template,
          params,
          common: declaredOnly ? [] : common,
          declaredOnly,
          depth: options.limits.depth,
        },
        path.names,
        ownNames,
      )
    const plan = planOf(where, params, false)
    const around = resolveDeclarations(def)
    const hookPlans = new Map<ResolvedHook, EndpointPlan>()
    for (const hook of around.before) {
      if (!hook.decl.params) continue
      const hookWhere = label((levels[hook.level] as ClassLevel).cls, hook.decl.methodName)
      const hookPlan = planOf(hookWhere, specsOf(hook.decl.params, hookWhere), true)
      if (
        hookPlan.bodies.some((body) => body.accept !== 'any') ||
        (hookPlan.bodies.length && plan.bodies.length)
      ) {
        throwImproperlyConfigured(
          `${hookWhere}: a before hook may read body fields (request.BodyParam) only when its target reads no body itself`,
        )
      }
      hookPlans.set(hook, hookPlan)
    }
    // A sub-API's scope shadows the endpoints declared after it outside it whose paths could fall
    // under its prefix (the scopes found so far: those of earlier endpoints, and this one's own).
    const rest =
      Object.values(params).some((spec) => spec.match === 'rest') ||
      common.some((param) => param.spec.match === 'rest')
    const shadows = scopes.filter(
      (scope) => !levels.includes(scope.level) && mayOverlap(template, scope.level.prefix, rest),
    )
    const last = levels.length - 1
    routed.push({
      method,
      path,
      data: {
        endpoint: compileEndpoint(def, plan, around, hookPlans, options),
        shadowedBy: shadows.length ? shadows : undefined,
        classTemplate: classTemplate(levels, last),
        classMiss: missOf(levels, last),
        classPlugins: around.plugins,
        optionalTail: path.names.slice(path.names.length - (path.optional ?? 0)),
      },
    })
  }
  return {
    entries: routed,
    scopes: scopes.sort((a, b) => b.depth - a.depth),
    roots: roots.sort((a, b) => b.prefix.length - a.prefix.length),
  }
}
