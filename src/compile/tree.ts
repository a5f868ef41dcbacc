import { BaseAPI, isAPIClass, isMountEntry, lineage, type APIClass } from '../api/api'
import { HTTP_METHODS, routeOf } from '../api/decorators'
import type { OperationDoc } from '../api/doc'
import { fieldDeclOf } from '../api/field'
import { pluginsOf } from '../api/hooks'
import type { Plugin } from '../api/plugin'
import { throwImproperlyConfigured } from '../exceptions/configured'
import { ownMeta, type EndpointDecl, type HookDecl } from '../meta'
import type { MarkerSpec } from '../request/markers'
import { joinPath } from '../router/route-path'
import { deadlineMs } from '../utils/duration'
import { isFunction } from '../utils/is'
import { instanceClass } from '../pipeline/exchange'
import { probe } from './instance'
import { label } from './options'
import { specFor, specsOf } from './specs'

/** A common param: a decorated field (or a class-route path param) of some API class. */
export interface CommonParam {
  field: string
  spec: MarkerSpec
}

/** One API class on the way to an endpoint (root first), with what it declares. */
export interface ClassLevel {
  cls: APIClass
  /** what the class's per-request instance is made with, by `new` (see `instanceClass`) */
  Instance: new () => BaseAPI
  /** the full route prefix the class is served under */
  prefix: string
  /** the static field names leading to the class from its root API (`['article']`; a root mounted with `apiMounts` starts with its route's segments) */
  tree: readonly string[]
  /** mounted at a route of its own below its parent: misses under `prefix` are its 404/405 */
  owns: boolean
  hooks: HookDecl[]
  /** `@api.response(...)` per method name */
  templates: Map<string, unknown>
  /** `@api.plugin(...)` of the class (and its base classes), outermost first */
  plugins: Plugin[]
  /** the class's `static response`, if any */
  response: unknown
  /** `static timeout` of the class in ms (`false`: no deadline) */
  timeout: number | false | undefined
  /** `@api.timeout(ms)` per method name (`false`: no deadline) */
  timeouts: Map<string, number | false>
  /** names of the class's endpoint methods (hook targets are checked against them) */
  methods: Set<string>
  /** sub-API classes mounted anywhere below (hook targets) */
  subAPIs: Set<Function>
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
  /** the API classes from the root down to the endpoint's class */
  levels: ClassLevel[]
  /** declared as a field: the handler is each instance's own property */
  field?: boolean | undefined
  /** a field endpoint's `{ doc }` (`@api.doc` options) */
  doc?: OperationDoc | undefined
  /** a WebSocket endpoint's declaration (fw-api/ws's `SocketDecl`): its method is the upgrade (service/host.ts) */
  socket?: object | undefined
}

const HTTP_NAMES = new Set<string>(HTTP_METHODS)

/** Endpoint declarations per method name, in source order (base classes first); fields last. */
function endpointsOf(chain: Function[], probed: object | undefined): Map<string, EndpointDecl[]> {
  const found = new Map<string, EndpointDecl[]>()
  for (const ancestor of chain) {
    const metas = ownMeta(ancestor)
    const prototype = ancestor.prototype as object
    for (const name of Object.getOwnPropertyNames(prototype)) {
      // (`constructor` is BaseAPI.prototype's own too)
      if (
        !isFunction(Object.getOwnPropertyDescriptor(prototype, name)?.value) ||
        Object.hasOwn(BaseAPI.prototype, name)
      )
        continue
      const decls = metas.flatMap((meta) => meta.endpoints.get(name) ?? [])
      if (decls.length) found.set(name, decls)
      else if (
        HTTP_NAMES.has(name) &&
        !metas.some((meta) => meta.hooks.some((hook) => hook.methodName === name))
      )
        found.set(name, [{ method: name.toUpperCase() }])
    }
  }
  // endpoints declared as fields (`add = api.get(params, handler)`), read from the instance made at build
  for (const [name, value] of Object.entries(probed ?? {})) {
    const decl = fieldDeclOf(value)
    if (decl && !found.has(name)) found.set(name, [{ ...decl, field: true }])
  }
  return found
}

/** Sub-APIs declared as static fields, in declaration order: each class, its route, its field name. */
function mountsOf(cls: APIClass, chain: Function[]): [APIClass, string, string][] {
  const mounts: [APIClass, string, string][] = []
  for (const ancestor of chain) {
    for (const name of Object.getOwnPropertyNames(ancestor)) {
      if (name === 'prototype' || name === 'response') continue
      const value = (ancestor as unknown as Record<string, unknown>)[name]
      if (isMountEntry(value)) mounts.push([value.api, value.route, name])
      else if (isAPIClass(value)) mounts.push([value, routeOf(value) ?? name, name])
      else if (isFunction(value) && ownMeta(value).some((meta) => meta.endpoints.size)) {
        const shown = value.name || name
        throwImproperlyConfigured(
          `${cls.name}.${name}: the class ${shown} declares endpoints but does not extend api.API; write \`class ${shown} extends api.API\` to mount it`,
        )
      }
    }
  }
  return mounts
}

/** Runs of other characters around `{name}`s: every brace paired, none nested. */
const BALANCED_BRACES = /^[^{}]*(?:\{[^{}]*\}[^{}]*)*$/

function checkBraces(template: string, where: string): void {
  if (!BALANCED_BRACES.test(template))
    throwImproperlyConfigured(
      `${where}: route '${template}' has an unbalanced '{' or '}'; write params as {name}`,
    )
}

function walk(
  cls: APIClass,
  prefix: string,
  tree: readonly string[],
  owns: boolean,
  /** the common params and the levels of the classes above */
  aboveCommon: readonly CommonParam[],
  above: readonly ClassLevel[],
  out: EndpointDef[],
): void {
  if (above.some((level) => level.cls === cls))
    throwImproperlyConfigured(`API class ${cls.name} mounts itself (directly or through a sub-API)`)
  const chain = lineage(cls)
  // decorators recorded in the wrong place (`@api.get` on a field, `@api.route` on a method): the first one, named
  for (const ancestor of chain) {
    for (const {
      misplaced: [first],
    } of ownMeta(ancestor))
      if (first)
        throwImproperlyConfigured(
          `${ancestor.name}${first.member ? `.${first.member}` : ''}: ${first.message}`,
        )
  }
  const probed = probe(cls)
  const endpoints = endpointsOf(chain, probed)
  const metas = chain.flatMap((ancestor) => ownMeta(ancestor))
  const level: ClassLevel = {
    cls,
    Instance: instanceClass(cls, probed),
    prefix,
    tree,
    owns,
    hooks: metas.flatMap((meta) => meta.hooks),
    templates: new Map(metas.flatMap((meta) => [...meta.templates])),
    plugins: chain.flatMap((ancestor) => [...pluginsOf(ancestor)]),
    response: (cls as { response?: unknown }).response,
    timeout: deadlineMs((cls as { timeout?: unknown }).timeout, `${cls.name}.timeout`),
    timeouts: new Map(metas.flatMap((meta) => [...meta.timeouts])),
    methods: new Set(endpoints.keys()),
    subAPIs: new Set(),
  }
  for (const upper of above) upper.subAPIs.add(cls)
  const common = new Map<string, MarkerSpec>()
  for (const meta of metas)
    for (const [name, marker] of meta.fields)
      common.set(name, specFor(marker, `${cls.name}.${name}`, name))
  const commonHere = [...aboveCommon, ...[...common].map(([field, spec]) => ({ field, spec }))]
  const levels = [...above, level]
  for (const [sub, route, name] of mountsOf(cls, chain)) {
    checkBraces(route, `${cls.name} (mount of ${sub.name})`)
    walk(
      sub,
      joinPath(prefix, route),
      [...tree, name],
      joinPath(route) !== '/',
      commonHere,
      levels,
      out,
    )
  }
  for (const [methodName, decls] of endpoints) {
    const where = label(cls, methodName)
    const namedAfterMethod = HTTP_NAMES.has(methodName)
    for (const decl of decls) {
      if (namedAfterMethod && decl.path !== undefined && joinPath(decl.path) !== '/') {
        throwImproperlyConfigured(
          `${where}: a method named after an HTTP method is served at the class route; its path cannot be set to '${decl.path}'`,
        )
      }
      const ownPath = namedAfterMethod ? '' : (decl.path ?? methodName)
      checkBraces(ownPath, where)
      out.push({
        cls,
        methodName,
        method: decl.method,
        template: joinPath(prefix, ownPath),
        ownPath,
        params: specsOf(decl.params, where),
        common: commonHere,
        levels,
        field: decl.field,
        doc: decl.doc as OperationDoc | undefined,
        socket: decl.socket,
      })
    }
  }
}

/**
 * Every endpoint of an API class tree, in matching order: mounted sub-APIs
 * first (declaration order), then the class's own endpoints (source order).
 * `tree` starts the field names each level records (`ClassLevel.tree`).
 *
 * @example
 * collectEndpoints(RootAPI, '/api')
 */
export function collectEndpoints(
  root: APIClass,
  prefix: string,
  tree: readonly string[] = [],
): EndpointDef[] {
  const out: EndpointDef[] = []
  const route = routeOf(root)
  checkBraces(route ?? '', root.name)
  walk(root, joinPath(prefix, route), tree, false, [], [], out)
  return out
}
