import { API, isAPIClass, isMountEntry, type APIClass } from '../api/api'
import { HTTP_METHODS, routeOf } from '../api/decorators'
import { ImproperlyConfigured } from '../exceptions'
import { ownMeta, type EndpointDecl } from '../meta'
import { toSpec, type MarkerSpec } from '../request/markers'
import { envelopeOf, isResponseClass, type Envelope } from '../response/response'
import { joinPath } from '../router/path'

/** A common param: a decorated field (or a class-route path param) of some API class. */
export interface CommonParam {
  field: string
  spec: MarkerSpec
}

/** One endpoint found in an API class tree, with everything it inherits. */
export interface EndpointDef {
  cls: APIClass
  methodName: string
  method: string
  /** full path template from the service root */
  template: string
  /** the endpoint's own path (relative to its class route): its params go to the method */
  ownPath: string
  params: Record<string, MarkerSpec>
  common: CommonParam[]
  envelope: Envelope | undefined
}

interface Inherited {
  common: CommonParam[]
  envelope: Envelope | undefined
}

const HTTP_NAMES = new Set<string>(HTTP_METHODS)

/** Classes from the topmost API subclass down to `cls`. */
function lineage(cls: Function): Function[] {
  const chain: Function[] = []
  for (let current: unknown = cls; isAPIClass(current); current = Object.getPrototypeOf(current)) chain.unshift(current)
  return chain
}

function commonFields(cls: APIClass): CommonParam[] {
  const fields = new Map<string, MarkerSpec>()
  for (const ancestor of lineage(cls)) {
    for (const meta of ownMeta(ancestor)) for (const [name, marker] of meta.fields) fields.set(name, toSpec(marker))
  }
  return [...fields].map(([field, spec]) => ({ field, spec }))
}

function envelopeFor(cls: APIClass, inherited: Envelope | undefined): Envelope | undefined {
  const declared = (cls as unknown as { response?: unknown }).response
  return isResponseClass(declared) ? envelopeOf(declared) : inherited
}

/** Endpoint declarations per method name, in source order (base classes first). */
function endpointsOf(cls: APIClass): [string, EndpointDecl[]][] {
  const found = new Map<string, EndpointDecl[]>()
  for (const ancestor of lineage(cls)) {
    const metas = ownMeta(ancestor)
    const prototype = ancestor.prototype as object
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name)
      if (name === 'constructor' || typeof descriptor?.value !== 'function' || Object.hasOwn(API.prototype, name)) continue
      const decls = metas.flatMap((meta) => meta.endpoints.get(name) ?? [])
      if (decls.length) found.set(name, decls)
      else if (HTTP_NAMES.has(name)) found.set(name, [{ method: name.toUpperCase() }])
    }
  }
  return [...found]
}

/** Sub-APIs declared as static fields, in declaration order, with their routes. */
function mountsOf(cls: APIClass): { api: APIClass; route: string }[] {
  const mounts: { api: APIClass; route: string }[] = []
  for (const ancestor of lineage(cls)) {
    for (const name of Object.getOwnPropertyNames(ancestor)) {
      const value = (ancestor as unknown as Record<string, unknown>)[name]
      if (isMountEntry(value)) mounts.push({ api: value.api, route: value.route })
      else if (isAPIClass(value) && name !== 'prototype') mounts.push({ api: value, route: routeOf(value) ?? name })
    }
  }
  return mounts
}

function specsOf(params: Record<string, unknown> | undefined): Record<string, MarkerSpec> {
  const specs: Record<string, MarkerSpec> = {}
  for (const key of Object.keys(params ?? {})) specs[key] = toSpec((params as Record<string, unknown>)[key])
  return specs
}

function walk(cls: APIClass, prefix: string, inherited: Inherited, seen: Set<Function>, out: EndpointDef[]): void {
  if (seen.has(cls)) throw new ImproperlyConfigured(`API class ${cls.name} mounts itself (directly or through a sub-API)`)
  seen.add(cls)
  const here: Inherited = {
    common: [...inherited.common, ...commonFields(cls)],
    envelope: envelopeFor(cls, inherited.envelope),
  }
  for (const sub of mountsOf(cls)) walk(sub.api, joinPath(prefix, sub.route), here, seen, out)
  for (const [methodName, decls] of endpointsOf(cls)) {
    for (const decl of decls) {
      const namedAfterMethod = HTTP_NAMES.has(methodName)
      if (namedAfterMethod && decl.path !== undefined && joinPath(decl.path) !== '/') {
        throw new ImproperlyConfigured(`${cls.name}.${methodName}(): a method named after an HTTP method is served at the class route; its path cannot be set to '${decl.path}'`)
      }
      out.push({
        cls,
        methodName,
        method: decl.method,
        template: joinPath(prefix, namedAfterMethod ? '' : (decl.path ?? methodName)),
        ownPath: namedAfterMethod ? '' : (decl.path ?? methodName),
        params: specsOf(decl.params),
        common: here.common,
        envelope: here.envelope,
      })
    }
  }
  seen.delete(cls)
}

/**
 * Every endpoint of an API class tree, in matching order: mounted sub-APIs
 * first (declaration order), then the class's own endpoints (source order).
 *
 * @example
 * collectEndpoints(RootAPI, '/api')
 */
export function collectEndpoints(root: APIClass, prefix: string): EndpointDef[] {
  const out: EndpointDef[] = []
  walk(root, joinPath(prefix, routeOf(root)), { common: [], envelope: undefined }, new Set(), out)
  return out
}
