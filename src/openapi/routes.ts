/**
 * What the OpenAPI document needs about each route, read from the compiled
 * route table (`service.routes()`: each entry's compiled path, endpoint
 * definition and resolved response template; params planned as the core
 * plans them). This is the ONLY module of src/openapi/ that reads the core's
 * internals: when the core's plans change, only this file follows.
 */
import { isAPIClass, isMountEntry, type APIClass } from '../api/api'
import { routeOf } from '../api/decorators'
import { classDoc, methodDoc, operationDoc, type OperationDoc } from '../api/doc'
import { surroundings } from '../compile/hooks'
import { planParams, type EndpointDef, type EndpointPlan, type Routed } from '../compile'
import { label } from '../compile/options'
import { isOptional } from '../compile/params'
import { innerOf } from '../schema/walk'
import { fileSchemaInfo } from '../file/info'
import type { MarkerSpec } from '../request/markers'
import { kebabCase } from '../request/parse'
import type { Template } from '../response/response'
import type { CompiledPath, RouteEntry } from '../router'
import { joinPath } from '../router/route-path'
import { objectEntries, shapeOf, type AnySchema } from '../schema'

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
}

/** One declared error: its status, class name, and who declared it. */
export interface DeclaredError {
  status: number
  name: string
  /** `ArticleAPI.loadArticle()` for a before hook; absent for the endpoint itself */
  hook?: string
}

function errorOf(error: Function, hook?: string): DeclaredError {
  const status = (error as unknown as { status?: unknown }).status
  return { status: typeof status === 'number' ? status : 500, name: error.name, ...(hook ? { hook } : {}) }
}

function classTagOf(cls: APIClass): RouteInfo['classTag'] {
  const own = classDoc(cls)
  return own?.description ? { names: own.tags ?? [cls.name], description: own.description } : undefined
}

/** The errors the endpoint and its before hooks declare. */
function declaredErrors(def: EndpointDef, doc: OperationDoc): DeclaredError[] {
  const found = (doc.errors ?? []).map((error) => errorOf(error))
  for (const hook of surroundings(def).before) {
    const cls = def.levels[hook.level]?.cls
    if (!cls) continue
    for (const error of methodDoc(cls, hook.decl.methodName).errors ?? []) found.push(errorOf(error, label(cls, hook.decl.methodName)))
  }
  return found
}

/** The API classes a service serves (what `Fw` compiles). */
export interface RouteSource {
  api?: APIClass
  route: string
  apiMounts: readonly { api: APIClass; route: string }[]
}

interface ClassPlace {
  cls: APIClass
  classPath: string
  tree: string[]
}

/** Walk the static-field tree as `collectEndpoints` does, recording the field names leading to each class. */
function places(root: APIClass, prefix: string, tree: string[], out: ClassPlace[]): void {
  if (out.some((place) => place.cls === root && place.classPath === prefix)) return
  out.push({ cls: root, classPath: prefix, tree })
  for (let ancestor: unknown = root; isAPIClass(ancestor); ancestor = Object.getPrototypeOf(ancestor)) {
    for (const name of Object.getOwnPropertyNames(ancestor)) {
      if (name === 'prototype') continue
      const value = (ancestor as unknown as Record<string, unknown>)[name]
      if (isMountEntry(value)) places(value.api, joinPath(prefix, value.route), [...tree, name], out)
      else if (isAPIClass(value)) places(value, joinPath(prefix, routeOf(value) ?? name), [...tree, name], out)
    }
  }
}

/** The endpoint's resolved template (nearest wins: `@api.response`, the class's, an enclosing one). */
function templateInfo(template: Template): { envelope?: RouteEnvelope; result?: AnySchema; status: number } {
  const { resultKey, messageKey, errorsKey, stateKey, countKey } = template
  const envelope = template.enveloped ? { resultKey, messageKey, errorsKey, stateKey, countKey } : undefined
  return { envelope, result: template.result, status: typeof template.status === 'number' ? template.status : 200 }
}

const OBJECT_KINDS = { 'query-object': 'query', 'header-object': 'header', 'cookie-object': 'cookie' } as const

function specFor(def: EndpointDef, key: string, target: 'input' | 'instance'): MarkerSpec {
  const spec = target === 'input' ? def.params[key] : def.common.find((param) => param.field === key)?.spec
  return spec ?? { kind: 'path', hasDefault: false }
}

/** Expand an object param (`request.Query/Headers/Cookies`) into one wire param per entry. */
function objectParams(spec: MarkerSpec, at: 'query' | 'header' | 'cookie', key: string, target: 'input' | 'instance'): RouteParam[] {
  const schema = innerOf(spec.schema ?? shapeless)
  const entries = shapeOf(schema).entries ?? {}
  return objectEntries(schema).map((entry) => {
    const entrySchema = entries[entry.key] as AnySchema
    const name = at === 'header' && entry.wire === entry.key ? kebabCase(entry.key) : entry.wire
    const optional = isOptional({ kind: 'auto', schema: entrySchema, hasDefault: false })
    return { in: at, name, key, field: entry.key, target, schema: entrySchema, required: !optional, hasDefault: false }
  })
}

const shapeless = { kind: 'schema', type: 'object', entries: {} } as unknown as AnySchema

function bodyOf(def: EndpointDef, plan: EndpointPlan): RouteBody | undefined {
  const bodyPlan = plan.bodies[0]
  if (!bodyPlan) return undefined
  const bodyPlans = plan.params.filter((param) => param.in === 'body')
  const whole = bodyPlans.find((param) => specFor(def, param.key, param.target).kind === 'body')
  if (whole) {
    const spec = specFor(def, whole.key, whole.target)
    const schema = spec.schema
    const inner = schema ? innerOf(schema) : undefined
    const accept = inner && fileSchemaInfo(inner) ? 'binary' : inner && shapeOf(inner).type === 'string' ? 'text' : (spec.accept ?? 'any')
    return { shape: 'whole', accept, key: whole.key, target: whole.target, schema, contentType: bodyPlan.contentType, maxLength: bodyPlan.maxLength, required: !isOptional(spec) }
  }
  const fields: BodyField[] = bodyPlans.map((param) => {
    const spec = specFor(def, param.key, param.target)
    return { key: param.key, wire: param.name, schema: spec.schema, required: !isOptional(spec) && spec.required !== false, hasDefault: spec.hasDefault, default: spec.default }
  })
  return { shape: 'fields', accept: 'any', fields, maxLength: bodyPlan.maxLength, required: fields.some((field) => field.required) }
}

const PARAM_NAMES = /\{([^{}]+)\}/g

function describe(def: EndpointDef, path: CompiledPath, template: Template): RouteInfo {
  const ruleOf = (name: string) => {
    const spec = def.params[name] ?? Object.values(def.params).find((own) => own.alias === name) ?? def.common.find((param) => param.field === name)?.spec
    return { match: spec?.match ?? 'segment', optional: spec ? isOptional(spec) : false } as const
  }
  const ownNames = new Set([...def.ownPath.matchAll(PARAM_NAMES)].map((found) => (found[1] ?? '').trim()))
  const plan = planParams({ where: label(def.cls, def.methodName), template: def.template, params: def.params, common: def.common }, path.names, ownNames)
  const params: RouteParam[] = []
  for (const param of plan.params) {
    if (param.in === 'body') continue
    const spec = specFor(def, param.key, param.target)
    if (spec.kind in OBJECT_KINDS) {
      params.push(...objectParams(spec, OBJECT_KINDS[spec.kind as keyof typeof OBJECT_KINDS], param.key, param.target))
      continue
    }
    const optional = isOptional(spec) || spec.required === false
    params.push({
      in: param.in,
      name: param.name,
      key: param.key,
      target: param.target,
      schema: spec.schema,
      required: param.in === 'path' || !optional,
      hasDefault: spec.hasDefault,
      default: spec.default,
      regex: spec.regex,
      match: param.in === 'path' ? (spec.match ?? 'segment') : undefined,
    })
  }
  const optionalTail: string[] = []
  const segments = path.template.split('/')
  for (let index = segments.length - 1; index > 0; index--) {
    const name = /^\{([^{}]+)\}$/.exec(segments[index] as string)?.[1]?.trim()
    if (name === undefined || !ruleOf(name).optional) break
    optionalTail.unshift(name)
  }
  const classPath = stripSuffix(def.template, joinPath(def.ownPath))
  const doc = operationDoc(def.levels.map((level) => level.cls), def.methodName)
  return {
    method: def.method,
    template: path.template,
    optionalTail,
    className: def.cls.name,
    classPath,
    tree: [],
    methodName: def.methodName,
    params,
    body: bodyOf(def, plan),
    ...templateInfo(template),
    doc,
    errors: declaredErrors(def, doc),
    classTag: classTagOf(def.cls),
  }
}

function stripSuffix(template: string, own: string): string {
  const full = joinPath(template)
  if (own === '/') return full
  return full.endsWith(own) ? joinPath(full.slice(0, full.length - own.length)) : full
}

/**
 * Every API route a service serves, in matching order, described for the
 * document: `routes` is the compiled route table (`service.routes()`),
 * `source` the API classes it was compiled from (for the client's tree names).
 *
 * @example
 * describeRoutes({ api: RootAPI, route: '/api', apiMounts: [] }, service.routes())
 */
export function describeRoutes(source: RouteSource, routes: readonly RouteEntry<Routed>[]): RouteInfo[] {
  const roots = [...source.apiMounts.map((mount) => ({ ...mount, tree: mount.route.split('/').filter(Boolean) })), ...(source.api ? [{ api: source.api, route: source.route, tree: [] as string[] }] : [])]
  const found: ClassPlace[] = []
  for (const root of roots) places(root.api, joinPath(root.route, routeOf(root.api)), root.tree, found)
  return routes.map((entry) => {
    const { def, template } = entry.data.endpoint
    const info = describe(def, entry.path, template)
    const place = found.find((candidate) => candidate.cls === def.cls && candidate.classPath === info.classPath)
    return place ? { ...info, tree: place.tree } : info
  })
}
