import * as v from 'valibot'
import type { BodyPlan } from '../body'
import { ImproperlyConfigured } from '../exceptions'
import { fileFieldsOf, fileSchemaInfo } from '../file/info'
import { unsafeFilePath } from '../file/path'
import type { MarkerSpec } from '../request/markers'
import { ConversionError, objectEntries, shapeOf, type AnySchema } from '../schema'
import { compileChecker, Invalid, type Checker } from '../schema/parse'
import { kebabCase, parseCookies, parseQuery, type QueryValues, type Sources } from './sources'
import type { CommonParam, EndpointDef } from './tree'

/** Where a parsed value goes: the method's input object or the API instance (common params). */
export type Target = 'input' | 'instance'

/** How one param is read, converted and validated; built once per endpoint. */
export interface ParamPlan {
  in: 'path' | 'query' | 'header' | 'cookie' | 'body'
  /** the item name used in messages (the wire name) */
  name: string
  target: Target
  key: string
  read: (sources: Sources) => unknown
  /** the value, or `Invalid` when it fails its rule (a value that cannot convert throws `ConversionError`) */
  parse: Checker
  hasDefault: boolean
  default: unknown
  /** absent is fine and gives `undefined` (`required: false`) */
  mayBeAbsent: boolean
}

const OPTIONAL_TYPES = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable'])
const WRAPPERS = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable', 'nullable', 'non_nullable', 'non_nullish', 'non_optional'])
const stringSchema = v.string()

/** The schema under optional/nullable wrappers. */
export function unwrap(schema: AnySchema): AnySchema {
  let current = schema
  while (WRAPPERS.has(shapeOf(current).type) && shapeOf(current).wrapped) current = shapeOf(current).wrapped as AnySchema
  return current
}

/** May this param be absent (a default, or an optional schema)? */
export function isOptional(spec: MarkerSpec): boolean {
  return spec.hasDefault || (spec.schema !== undefined && OPTIONAL_TYPES.has(shapeOf(spec.schema).type))
}

function wantsList(schema: AnySchema): boolean {
  const type = shapeOf(unwrap(schema)).type
  return type === 'array' || type.includes('tuple')
}

// Every plan is built by this one literal, so all plans share one object shape (monomorphic reads per request).
function plan(
  spec: MarkerSpec,
  at: ParamPlan['in'],
  name: string,
  target: Target,
  key: string,
  read: ParamPlan['read'],
  schema: AnySchema = spec.schema ?? stringSchema,
  parse: Checker = compileChecker(schema),
): ParamPlan {
  return { in: at, name, target, key, read, parse, hasDefault: spec.hasDefault, default: spec.default, mayBeAbsent: spec.required === false }
}

function pathPlan(spec: MarkerSpec, name: string, index: number, target: Target, key: string): ParamPlan {
  const schema = spec.schema ?? stringSchema
  const check = compileChecker(schema)
  const pattern = spec.regex ? new RegExp(`^(?:${spec.regex})$`) : undefined
  const parse: Checker = pattern
    ? (value) => {
        if (typeof value === 'string' && !pattern.test(value)) return new Invalid(`invalid value: '${value}' does not match '${spec.regex}'`)
        return check(value)
      }
    : check
  // A rest (file path) param never hands a way out of a directory to the handler.
  const safe: Checker = spec.match === 'rest' ? (value) => (typeof value === 'string' && unsafeFilePath(value) ? new Invalid(`unsafe file path: ${unsafeFilePath(value)}`) : parse(value)) : parse
  return plan(spec, 'path', name, target, key, (sources) => decodePathValue(sources.pathValues[index]), schema, safe)
}

function decodePathValue(raw: string | undefined): string | undefined {
  if (raw === undefined || !raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new ConversionError(`invalid percent-encoding: '${raw}'`)
  }
}

const query = (sources: Sources): QueryValues => (sources.query ??= parseQuery(sources.search))
const cookies = (sources: Sources): Record<string, string> => (sources.cookies ??= parseCookies(sources.request.headers.get('cookie')))

function queryPlan(spec: MarkerSpec, key: string, target: Target): ParamPlan {
  const wire = spec.alias ?? key
  const schema = spec.schema ?? stringSchema
  // Same values as URLSearchParams' getAll(wire) / get(wire); arrays are copies.
  const read = wantsList(schema)
    ? (sources: Sources) => {
        const all = query(sources)[wire]
        return all === undefined ? undefined : typeof all === 'string' ? [all] : all.slice()
      }
    : (sources: Sources) => {
        const value = query(sources)[wire]
        return value === undefined || typeof value === 'string' ? value : value[0]
      }
  return plan(spec, 'query', wire, target, key, read)
}

function headerPlan(spec: MarkerSpec, key: string, target: Target): ParamPlan {
  const wire = (spec.alias ?? kebabCase(key)).toLowerCase()
  return plan(spec, 'header', spec.alias ?? kebabCase(key), target, key, (sources) => sources.request.headers.get(wire) ?? undefined)
}

function cookiePlan(spec: MarkerSpec, key: string, target: Target): ParamPlan {
  const wire = spec.alias ?? key
  return plan(spec, 'cookie', wire, target, key, (sources) => cookies(sources)[wire])
}

/** The header an object entry reads: its alias, else its key in kebab-case (lower-cased). */
function headerSource(entry: { key: string; wire: string }): string {
  return (entry.wire === entry.key ? kebabCase(entry.key) : entry.wire).toLowerCase()
}

/** A whole-object source (Query, Headers, Cookies): read every declared entry by its wire name. */
function objectPlan(spec: MarkerSpec, key: string, target: Target, at: 'query' | 'header' | 'cookie'): ParamPlan {
  const schema = spec.schema ?? v.object({})
  // A fresh object per read (as before), not the shared parse.
  if (at === 'query') return plan(spec, at, key, target, key, (sources) => parseQuery(sources.search), schema)
  const entries = objectEntries(unwrap(schema)).map((entry) => ({
    wire: entry.wire,
    source: at === 'header' ? headerSource(entry) : entry.wire,
  }))
  const read = (sources: Sources): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const entry of entries) {
      const value = at === 'header' ? sources.request.headers.get(entry.source) : cookies(sources)[entry.source]
      if (value !== null && value !== undefined) out[entry.wire] = value
    }
    return out
  }
  return plan(spec, at, key, target, key, read, schema)
}

function bodyFieldPlan(spec: MarkerSpec, key: string, target: Target): ParamPlan {
  const wire = spec.alias ?? key
  const read = (sources: Sources): unknown => {
    const body = sources.body
    return typeof body === 'object' && body !== null && Object.hasOwn(body, wire) ? (body as Record<string, unknown>)[wire] : undefined
  }
  return plan(spec, 'body', wire, target, key, read)
}

/** Which wire forms a body param accepts, from its marker and its schema. */
function bodyPlanOf(spec: MarkerSpec): BodyPlan {
  const schema = unwrap(spec.schema ?? stringSchema)
  const shape = shapeOf(schema)
  const fileInfo = fileSchemaInfo(schema)
  if (spec.kind === 'body' && fileInfo) {
    // The file's maxSize becomes the byte limit, so an oversized upload is a 413 before it is buffered.
    return { accept: 'binary', contentType: spec.contentType ?? fileInfo.mime, maxLength: spec.maxLength ?? fileInfo.maxSize }
  }
  if (spec.kind === 'body' && shape.type === 'string') return { accept: 'text', contentType: spec.contentType, maxLength: spec.maxLength }
  return { accept: spec.accept ?? 'any', contentType: spec.contentType, maxLength: spec.maxLength, fileFields: spec.kind === 'body' ? fileFieldsOf(schema) : undefined }
}

/** Everything an endpoint reads, in source order (path, query, header, cookie, body). */
export interface EndpointPlan {
  params: ParamPlan[]
  body?: BodyPlan
  /** header names the endpoint declares (for CORS preflight) */
  headerNames: string[]
}

const ORDER = { path: 0, query: 1, header: 2, cookie: 3, body: 4 } as const

/**
 * Build the parsing plan of one endpoint: which sources it reads and how each
 * param is converted, so a request only does the work its endpoint declares.
 */
export function planEndpoint(def: EndpointDef, pathNames: readonly string[], ownPathNames: ReadonlySet<string>): EndpointPlan {
  const plans: ParamPlan[] = []
  let body: BodyPlan | undefined
  let wholeBody = false
  const headerNames: string[] = []
  const where = `${def.cls.name}.${def.methodName}()`
  const commonByName = new Map<string, CommonParam>(def.common.map((param) => [param.field, param]))

  pathNames.forEach((name, index) => {
    const own = def.params[name]
    if (own) {
      if (own.kind !== 'auto' && own.kind !== 'path' && own.kind !== 'query') {
        throw new ImproperlyConfigured(`${where}: '${name}' is in the path template but declared as a ${own.kind} param`)
      }
      plans.push(pathPlan(own, name, index, 'input', name))
      return
    }
    const common = commonByName.get(name)
    const spec = common?.spec ?? { kind: 'path', hasDefault: false }
    plans.push(pathPlan(spec, name, index, ownPathNames.has(name) && !common ? 'input' : 'instance', name))
  })

  const add = (spec: MarkerSpec, key: string, target: Target): void => {
    switch (spec.kind) {
      case 'path':
        throw new ImproperlyConfigured(`${where}: path param '${key}' is not in the route '${def.template}'`)
      case 'auto':
      case 'query':
        return void plans.push(queryPlan(spec, key, target))
      case 'query-object':
        return void plans.push(objectPlan(spec, key, target, 'query'))
      case 'header':
        headerNames.push((spec.alias ?? kebabCase(key)).toLowerCase())
        return void plans.push(headerPlan(spec, key, target))
      case 'header-object':
        for (const entry of objectEntries(unwrap(spec.schema ?? v.object({})))) headerNames.push(headerSource(entry))
        return void plans.push(objectPlan(spec, key, target, 'header'))
      case 'cookie':
        return void plans.push(cookiePlan(spec, key, target))
      case 'cookie-object':
        return void plans.push(objectPlan(spec, key, target, 'cookie'))
      case 'body':
        if (wholeBody) throw new ImproperlyConfigured(`${where}: only one whole-body param is allowed`)
        wholeBody = true
        body = bodyPlanOf(spec)
        return void plans.push(plan(spec, 'body', key, target, key, (sources) => sources.body))
      case 'body-field':
        body ??= { accept: 'any', maxLength: spec.maxLength }
        return void plans.push(bodyFieldPlan(spec, key, target))
    }
  }

  for (const { field, spec } of def.common) if (!pathNames.includes(field)) add(spec, field, 'instance')
  for (const key of Object.keys(def.params)) if (!pathNames.includes(key)) add(def.params[key] as MarkerSpec, key, 'input')
  plans.sort((a, b) => ORDER[a.in] - ORDER[b.in])
  return { params: plans, body, headerNames: [...new Set(headerNames)] }
}
