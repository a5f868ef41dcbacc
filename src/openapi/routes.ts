/**
 * What the OpenAPI document needs about each route, read from the compiled
 * route table (`collectEndpoints` + `planEndpoint` + the router's compiled
 * path). This is the ONLY module of src/openapi/ that reads the core's
 * internals: when the core's plans change, only this file follows.
 */
import { isAPIClass, isMountEntry, type APIClass } from '../api/api'
import { routeOf } from '../api/decorators'
import { collectEndpoints, planEndpoint, type EndpointDef } from '../compile'
import { isOptional, unwrap } from '../compile/params'
import { kebabCase } from '../compile/sources'
import { fileSchemaInfo } from '../file/info'
import type { MarkerSpec } from '../request/markers'
import { envelopeOf, isResponseClass } from '../response/response'
import { compilePath } from '../router'
import { joinPath } from '../router/path'
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
  /** `static status` of the response template (default 200) */
  status: number
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
  template?: unknown
}

/** Walk the static-field tree as `collectEndpoints` does, recording field names and the nearest template. */
function places(root: APIClass, prefix: string, tree: string[], template: unknown, out: ClassPlace[]): void {
  if (out.some((place) => place.cls === root && place.classPath === prefix)) return
  const own = (root as unknown as { response?: unknown }).response
  const nearest = isResponseClass(own) ? own : template
  out.push({ cls: root, classPath: prefix, tree, template: nearest })
  for (let ancestor: unknown = root; isAPIClass(ancestor); ancestor = Object.getPrototypeOf(ancestor)) {
    for (const name of Object.getOwnPropertyNames(ancestor)) {
      if (name === 'prototype') continue
      const value = (ancestor as unknown as Record<string, unknown>)[name]
      if (isMountEntry(value)) places(value.api, joinPath(prefix, value.route), [...tree, name], nearest, out)
      else if (isAPIClass(value)) places(value, joinPath(prefix, routeOf(value) ?? name), [...tree, name], nearest, out)
    }
  }
}

function templateInfo(template: unknown): { envelope?: RouteEnvelope; result?: AnySchema; status: number } {
  if (!isResponseClass(template)) return { status: 200 }
  const statics = template as unknown as { stateKey?: string; countKey?: string; result?: AnySchema; status?: number }
  const keys = envelopeOf(template)
  const envelope = keys ? { ...keys, stateKey: statics.stateKey, countKey: statics.countKey } : undefined
  return { envelope, result: statics.result, status: typeof statics.status === 'number' ? statics.status : 200 }
}

const OBJECT_KINDS = { 'query-object': 'query', 'header-object': 'header', 'cookie-object': 'cookie' } as const

function specFor(def: EndpointDef, key: string, target: 'input' | 'instance'): MarkerSpec {
  const spec = target === 'input' ? def.params[key] : def.common.find((param) => param.field === key)?.spec
  return spec ?? { kind: 'path', hasDefault: false }
}

/** Expand an object param (`request.Query/Headers/Cookies`) into one wire param per entry. */
function objectParams(spec: MarkerSpec, at: 'query' | 'header' | 'cookie', key: string, target: 'input' | 'instance'): RouteParam[] {
  const schema = unwrap(spec.schema ?? shapeless)
  const entries = shapeOf(schema).entries ?? {}
  return objectEntries(schema).map((entry) => {
    const entrySchema = entries[entry.key] as AnySchema
    const name = at === 'header' && entry.wire === entry.key ? kebabCase(entry.key) : entry.wire
    const optional = isOptional({ kind: 'auto', schema: entrySchema, hasDefault: false })
    return { in: at, name, key, field: entry.key, target, schema: entrySchema, required: !optional, hasDefault: false }
  })
}

const shapeless = { kind: 'schema', type: 'object', entries: {} } as unknown as AnySchema

function bodyOf(def: EndpointDef, plan: ReturnType<typeof planEndpoint>): RouteBody | undefined {
  if (!plan.body) return undefined
  const bodyPlans = plan.params.filter((param) => param.in === 'body')
  const whole = bodyPlans.find((param) => specFor(def, param.key, param.target).kind === 'body')
  const bodyPlan = plan.body as { accept: string; contentType?: string; maxLength?: number }
  if (whole) {
    const spec = specFor(def, whole.key, whole.target)
    const schema = spec.schema
    const inner = schema ? unwrap(schema) : undefined
    const accept = inner && fileSchemaInfo(inner) ? 'binary' : inner && shapeOf(inner).type === 'string' ? 'text' : (spec.accept ?? 'any')
    return { shape: 'whole', accept, key: whole.key, target: whole.target, schema, contentType: bodyPlan.contentType, maxLength: bodyPlan.maxLength, required: !isOptional(spec) }
  }
  const fields: BodyField[] = bodyPlans.map((param) => {
    const spec = specFor(def, param.key, param.target)
    return { key: param.key, wire: param.name, schema: spec.schema, required: !isOptional(spec) && spec.required !== false, hasDefault: spec.hasDefault, default: spec.default }
  })
  return { shape: 'fields', accept: 'any', fields, maxLength: bodyPlan.maxLength, required: fields.some((field) => field.required) }
}

function describe(def: EndpointDef, place: ClassPlace | undefined): RouteInfo {
  const ruleOf = (name: string) => {
    const spec = def.params[name] ?? def.common.find((param) => param.field === name)?.spec
    return { match: spec?.match ?? 'segment', optional: spec ? isOptional(spec) : false } as const
  }
  const path = compilePath(def.template, ruleOf)
  const ownNames = new Set(compilePath(def.ownPath, () => ({ match: 'segment', optional: false })).names)
  const plan = planEndpoint(def, path.names, ownNames)
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
  return {
    method: def.method,
    template: path.template,
    optionalTail,
    className: def.cls.name,
    classPath,
    tree: place?.tree ?? [],
    methodName: def.methodName,
    params,
    body: bodyOf(def, plan),
    ...templateInfo(place?.template),
  }
}

function stripSuffix(template: string, own: string): string {
  const full = joinPath(template)
  if (own === '/') return full
  return full.endsWith(own) ? joinPath(full.slice(0, full.length - own.length)) : full
}

/**
 * Every route a service serves, in matching order, described for the document.
 *
 * @example
 * describeRoutes({ api: RootAPI, route: '/api', apiMounts: [] })
 */
export function describeRoutes(source: RouteSource): RouteInfo[] {
  const roots = [...source.apiMounts.map((mount) => ({ ...mount, tree: mount.route.split('/').filter(Boolean) })), ...(source.api ? [{ api: source.api, route: source.route, tree: [] as string[] }] : [])]
  const out: RouteInfo[] = []
  for (const root of roots) {
    const rootPath = joinPath(root.route, routeOf(root.api))
    const found: ClassPlace[] = []
    places(root.api, rootPath, root.tree, undefined, found)
    for (const def of collectEndpoints(root.api, root.route)) {
      const info = describe(def, undefined)
      const place = found.find((candidate) => candidate.cls === def.cls && candidate.classPath === info.classPath)
      out.push(place ? { ...info, tree: place.tree, ...templateInfo(place.template) } : info)
    }
  }
  return out
}
