/**
 * What the OpenAPI document needs about each route, read from the compiled
 * route table (`service.routes()`): each entry's compiled path and optional
 * tail, its endpoint's definition and class levels (prefix, field names),
 * param plans (locations, wire and header names, object entries), body plan,
 * resolved response template and before hooks. Nothing is planned again here.
 * The route descriptions' types are in route-info.ts. This is the ONLY
 * module of src/openapi/ that reads the core's internals: when the core's
 * plans change, only this file follows.
 */
import type { APIClass } from '../api/api'
import { classDoc, methodDoc, type OperationDoc } from '../api/doc'
import type { DocumentedError } from '../api/install'
import type { Plugin, PluginAnswer } from '../api/plugin'
import type { CompiledEndpoint, EndpointPlan, RouteTarget } from '../compile'
import { classTemplate, targets } from '../compile/hooks'
import { catchesMisses } from '../compile/misses'
import { label } from '../compile/options'
import { isOptional, type ParamPlan } from '../compile/params'
import type { ClassLevel } from '../compile/tree'
import { declaredTemplate, type Template } from '../response/response'
import { MARKER, type SecurityDoc } from '../request/markers'
import type { RouteEntry } from '../router'
import { joinPath } from '../router/route-path'
import { caughtStatuses } from './caught'
import { mayBeAbsent, type StandardSchemaV1 } from '../schema'
import type {
  BodyField,
  DeclaredError,
  HandledStatus,
  RouteBody,
  RouteEnvelope,
  RouteInfo,
  RouteParam,
} from './route-info'

function errorOf(error: Function, hook?: string, by?: string): DeclaredError {
  const status = (error as unknown as { status?: unknown }).status
  return {
    status: typeof status === 'number' ? status : 500,
    name: error.name,
    ...(hook ? { hook } : {}),
    ...(by ? { by } : {}),
  }
}

function classTagOf(cls: APIClass): RouteInfo['classTag'] {
  const own = classDoc(cls)
  return own?.description
    ? { names: own.tags ?? [cls.name], description: own.description }
    : undefined
}

/** The errors the endpoint and its before hooks declare. */
function declaredErrors(endpoint: CompiledEndpoint, doc: OperationDoc): DeclaredError[] {
  const found = (doc.errors ?? []).map((error) => errorOf(error))
  for (const hook of endpoint.before) {
    const cls = endpoint.def.levels[hook.level]?.cls
    if (!cls) continue
    for (const error of methodDoc(cls, hook.decl.methodName).errors ?? [])
      found.push(errorOf(error, label(cls, hook.decl.methodName)))
    for (const error of hook.decl.raises ?? []) found.push(errorOf(error, hook.decl.methodName))
  }
  return found
}

/** The endpoint's resolved template (nearest wins: `@api.response`, the class's, an enclosing one). */
function templateInfo(template: Template): {
  envelope?: RouteEnvelope
  result?: StandardSchemaV1
  status: number
} {
  const { resultKey, messageKey, errorsKey, stateKey, countKey } = template
  const envelope = template.enveloped
    ? { resultKey, messageKey, errorsKey, stateKey, countKey }
    : undefined
  return {
    envelope,
    result: template.result,
    status: typeof template.status === 'number' ? template.status : 200,
  }
}

/** One wire param per planned param; an object param (`request.Query/Headers/Cookies`) gives one per entry. */
function paramsOf(param: ParamPlan): RouteParam[] {
  const at = param.in
  if (at === 'body' || at === 'resolved') return []
  const { spec } = param
  if (param.entries) {
    return param.entries.map((entry) => ({
      in: at,
      name: entry.name,
      key: param.key,
      field: entry.key,
      target: param.target,
      schema: entry.schema,
      required: !(entry.schema && mayBeAbsent(entry.schema)),
      hasDefault: false,
    }))
  }
  const optional = isOptional(spec) || spec.required === false
  return [
    {
      in: at,
      name: param.name,
      key: param.key,
      target: param.target,
      schema: spec.schema,
      required: at === 'path' || !optional,
      hasDefault: spec.hasDefault,
      default: spec.default,
      regex: spec.regex,
      match: at === 'path' ? (spec.match ?? 'segment') : undefined,
    },
  ]
}

function bodyOf(plan: EndpointPlan): RouteBody | undefined {
  const bodyPlan = plan.bodies[0]
  if (!bodyPlan) return undefined
  const bodyPlans = plan.params.filter((param) => param.in === 'body')
  const whole = bodyPlans.find((param) => param.spec.kind === 'body')
  if (whole) {
    const { spec } = whole
    return {
      shape: 'whole',
      accept: bodyPlan.accept,
      key: whole.key,
      target: whole.target,
      schema: spec.schema,
      contentType: bodyPlan.contentType,
      maxLength: bodyPlan.maxLength,
      required: !isOptional(spec),
    }
  }
  const fields: BodyField[] = bodyPlans.map(({ key, name, spec }) => ({
    key,
    wire: name,
    schema: spec.schema,
    required: !isOptional(spec) && spec.required !== false,
    hasDefault: spec.hasDefault,
    default: spec.default,
  }))
  return {
    shape: 'fields',
    accept: 'any',
    fields,
    maxLength: bodyPlan.maxLength,
    required: fields.some((field) => field.required),
  }
}

/** The security of an endpoint: its user params (own, common, before hooks') and its classes' plugins that declare one. */
function securityOf(endpoint: CompiledEndpoint): SecurityDoc[] {
  const found = new Map<string, SecurityDoc>()
  const add = (doc: SecurityDoc | undefined): void => {
    if (!doc) return
    const known = found.get(doc.name)
    // one scheme required anywhere on the route makes it required
    found.set(doc.name, known ? { ...doc, optional: known.optional && doc.optional } : doc)
  }
  for (const param of endpoint.plan.params) add(param.spec.security)
  for (const hook of endpoint.before)
    for (const entry of Object.values(hook.decl.params ?? {})) add(specSecurity(entry))
  for (const level of endpoint.def.levels)
    for (const plugin of level.plugins) add((plugin as { security?: SecurityDoc }).security)
  return [...found.values()]
}

/** The security a hook's params entry declares (a marker's spec), if any. */
function specSecurity(entry: unknown): SecurityDoc | undefined {
  if (
    (typeof entry !== 'function' && typeof entry !== 'object') ||
    entry === null ||
    !(MARKER in entry)
  )
    return undefined
  return (entry as { [MARKER]: { security?: SecurityDoc } })[MARKER].security
}

/** What the service's plugins, then the endpoint's classes' plugins, answer on its method. */
function answersOf(endpoint: CompiledEndpoint, servicePlugins: readonly Plugin[]): PluginAnswer[] {
  const { levels, method } = endpoint.def
  return [...servicePlugins, ...levels.flatMap((level) => level.plugins)]
    .flatMap((plugin) => plugin.answers ?? [])
    .filter((answer) => !answer.methods || answer.methods.includes(method))
}

/**
 * What the endpoint's `@api.handle` hooks declare they answer, nearest hook
 * first (the first to see an error): each listed status once (a 405 only
 * from a hook that also sees the path's routing errors, compile/misses.ts);
 * and the client errors (4xx) such a hook catches without listing them — it
 * answers those with one of its own statuses (RealWorld's 400 → 422).
 */
function handledStatuses(endpoint: CompiledEndpoint): Pick<RouteInfo, 'handled' | 'takenOver'> {
  const { def } = endpoint
  const found = new Map<number, HandledStatus>()
  const takenOver: RouteInfo['takenOver'] = []
  for (let level = def.levels.length - 1; level >= 0; level--) {
    const here = def.levels[level] as ClassLevel
    for (const decl of here.hooks) {
      const { answers } = decl
      if (decl.kind !== 'handle' || !answers || !targets(decl, def, level)) continue
      const own = here.templates.has(decl.methodName)
        ? declaredTemplate(here.templates.get(decl.methodName))
        : undefined
      const { envelope } = templateInfo(own ?? classTemplate(def.levels, level))
      const misses = catchesMisses(decl, def.levels, level)
      for (const status of answers.status) {
        if (found.has(status) || (status === 405 && !misses)) continue
        found.set(status, {
          status,
          hook: `${here.cls.name}.${decl.methodName}`,
          ...(answers.result ? { result: answers.result } : {}),
          contentType: answers.contentType ?? 'application/json',
          ...(envelope && !answers.contentType ? { envelope } : {}),
        })
      }
      takenOver.push({ statuses: caughtStatuses(decl.errors), misses, listed: answers.status })
    }
  }
  return { handled: [...found.values()], takenOver }
}

/** One entry of the compiled route table, described for the document. */
function describe(
  entry: RouteEntry<RouteTarget>,
  serviceErrors: readonly DocumentedError[],
  servicePlugins: readonly Plugin[],
): RouteInfo {
  const { endpoint, optionalTail, classTemplate: ownClassTemplate } = entry.data
  const { def, plan, doc } = endpoint
  const level = def.levels[def.levels.length - 1] as ClassLevel
  const answers = answersOf(endpoint, servicePlugins)
  const declared = declaredErrors(endpoint, doc)
  return {
    method: def.method,
    template: entry.path.template,
    optionalTail: [...optionalTail],
    className: def.cls.name,
    classPath: joinPath(level.prefix),
    tree: [...level.tree],
    methodName: def.methodName,
    params: plan.params.flatMap(paramsOf),
    body: bodyOf(plan),
    ...templateInfo(endpoint.template),
    classEnvelope: templateInfo(ownClassTemplate).envelope,
    doc,
    errors: [
      ...declared,
      ...serviceErrors
        .filter((item) => !item.methods || item.methods.includes(def.method))
        .map((item) => errorOf(item.error, undefined, item.by)),
      // A plugin's answer that is an exception it throws: with the route's declared errors.
      ...answers.flatMap(({ error, by }) => (error ? [errorOf(error, undefined, by)] : [])),
    ],
    classTag: classTagOf(def.cls),
    security: securityOf(endpoint),
    ...handledStatuses(endpoint),
    answers,
    rootStatuses: rootStatuses(endpoint, declared, servicePlugins),
    rootEnvelope: templateInfo(classTemplate(def.levels, 0)).envelope,
  }
}

/** The statuses only the service's plugins answer on the endpoint (neither it nor its classes' plugins). */
function rootStatuses(
  endpoint: CompiledEndpoint,
  declared: readonly DeclaredError[],
  servicePlugins: readonly Plugin[],
): Set<number> {
  const own = new Set(answersOf(endpoint, []).map((answer) => answer.status))
  for (const error of declared) own.add(error.status)
  const statuses = answersOf(endpoint, servicePlugins).map((answer) => answer.status)
  return new Set(statuses.filter((status) => !own.has(status)))
}

/**
 * Every API route a service serves, in matching order, described for the
 * document, read from the compiled route table (`service.routes()`): its
 * paths, param and body plans, templates, hooks and class levels.
 *
 * @example
 * describeRoutes(service.routes())
 */
export function describeRoutes(
  routes: readonly RouteEntry<RouteTarget>[],
  serviceErrors: readonly DocumentedError[] = [],
  servicePlugins: readonly Plugin[] = [],
): RouteInfo[] {
  return routes.map((entry) => describe(entry, serviceErrors, servicePlugins))
}
