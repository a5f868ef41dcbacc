/**
 * What the OpenAPI document needs about each route, read from the compiled
 * route table (`service.routes()`): each entry's compiled path and optional
 * tail, its endpoint's definition and class levels (prefix, field names),
 * param plans (locations, wire and header names, object entries), body plan,
 * resolved response template and before hooks. Nothing is planned again here.
 * This is the ONLY module of src/openapi/ that reads the core's internals:
 * when the core's plans change, only this file follows.
 */
import type { APIClass } from '../api/api'
import { classDoc, methodDoc, type OperationDoc } from '../api/doc'
import type { DocumentedError } from '../api/install'
import type { CompiledEndpoint, EndpointPlan, Routed } from '../compile'
import { label } from '../compile/options'
import { isOptional, type ParamPlan } from '../compile/params'
import type { Level } from '../compile/tree'
import type { Template } from '../response/response'
import { MARKER, type SecurityDoc } from '../request/markers'
import type { RouteEntry } from '../router'
import { joinPath } from '../router/route-path'
import { mayBeAbsent, type AnySchema } from '../schema'

/** One non-body param on the wire. */
export interface RouteParam {
  in: 'path' | 'query' | 'header' | 'cookie'
  /** the wire name (query key, header name, cookie name, template name) */
  name: string
  /** the key of the method's input object (or the common param's field) */
  key: string
  /** set when the param is one entry of an object param (`request.Query/Headers/Cookies`): the entry's key */
  field?: string
  /** `input`: a method param; `instance`: a common param of the class */
  target: 'input' | 'instance'
  schema?: AnySchema
  required: boolean
  hasDefault: boolean
  default?: unknown
  /** path: whole-value regex */
  regex?: string
  /** path: `rest` for `FilePathParam` (matches `/`) */
  match?: 'segment' | 'rest'
}

/** One field of a body made of `request.BodyParam`s. */
export interface BodyField {
  key: string
  wire: string
  schema?: AnySchema
  required: boolean
  hasDefault: boolean
  default?: unknown
}

/** The body a route reads. */
export interface RouteBody {
  /** `whole`: one `request.Body/Json/Form` param; `fields`: `request.BodyParam`s */
  shape: 'whole' | 'fields'
  /** what wire forms the core accepts: structured (any/json/form), whole text, whole binary */
  accept: 'any' | 'json' | 'form' | 'text' | 'binary'
  /** whole body: the input key and its schema */
  key?: string
  target?: 'input' | 'instance'
  schema?: AnySchema
  fields?: BodyField[]
  contentType?: string
  maxLength?: number
  required: boolean
}

/** The envelope keys of the route's response template. */
export interface RouteEnvelope {
  resultKey?: string
  messageKey?: string
  errorsKey?: string
  stateKey?: string
  countKey?: string
}

/** Everything the document says about one route. */
export interface RouteInfo {
  method: string
  /** full template from the service root, `{name}` params */
  template: string
  /** names of the path params that may be absent at the end of the URL */
  optionalTail: string[]
  className: string
  /** the class's route from the service root, e.g. `/api/article` */
  classPath: string
  /** the static field names leading to the class from its root API (`['article']`) */
  tree: string[]
  methodName: string
  params: RouteParam[]
  body?: RouteBody
  envelope?: RouteEnvelope
  /** the envelope of the class's own template: a 405 on the route's path renders with it (the endpoint's `@api.response` is not the path's) */
  classEnvelope?: RouteEnvelope
  /** `static result` of the response template, when declared */
  result?: AnySchema
  /** `static status` of the response template, or the endpoint's `@api.doc({ status })` (default 200) */
  status: number
  /** `@api.doc(...)` / `@api.hidden` of the endpoint and its classes */
  doc: OperationDoc
  /** errors declared with `@api.doc({ errors })` on the endpoint or on a before hook that targets it */
  errors: DeclaredError[]
  /** the class's `@api.doc({ description })`: the description of the class's own tags (`tags` on the class, else its name) */
  classTag?: { names: readonly string[]; description: string }
  /** the authentication it accepts (fw-api/auth user params, their before hooks', `auth.Require` on its classes) */
  security: SecurityDoc[]
}

/** One declared error: its status, class name, and who declared it. */
export interface DeclaredError {
  status: number
  name: string
  /** `ArticleAPI.loadArticle()` for a before hook; absent for the endpoint itself */
  hook?: string
  /** what else raises it (an installed item, e.g. the database) */
  by?: string
}

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
  }
  return found
}

/** The endpoint's resolved template (nearest wins: `@api.response`, the class's, an enclosing one). */
function templateInfo(template: Template): {
  envelope?: RouteEnvelope
  result?: AnySchema
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

/** One entry of the compiled route table, described for the document. */
function describe(entry: RouteEntry<Routed>, serviceErrors: readonly DocumentedError[]): RouteInfo {
  const { endpoint, optionalTail, classRenderer } = entry.data
  const { def, plan, doc } = endpoint
  const level = def.levels[def.levels.length - 1] as Level
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
    classEnvelope: templateInfo(classRenderer.template).envelope,
    doc,
    errors: [
      ...declaredErrors(endpoint, doc),
      ...serviceErrors
        .filter((item) => !item.methods || item.methods.includes(def.method))
        .map((item) => errorOf(item.error, undefined, item.by)),
    ],
    classTag: classTagOf(def.cls),
    security: securityOf(endpoint),
  }
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
  routes: readonly RouteEntry<Routed>[],
  serviceErrors: readonly DocumentedError[] = [],
): RouteInfo[] {
  return routes.map((entry) => describe(entry, serviceErrors))
}
