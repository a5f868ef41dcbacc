import type { APIClass } from '../api/api'
import { defaultLimits, type Limits } from '../body/limits'
import { compileEndpoint, type CompiledEndpoint } from '../compile/endpoint'
import { isOptional, planEndpoint } from '../compile/params'
import { collectEndpoints, type EndpointDef } from '../compile/tree'
import { MethodNotAllowed, NotFound } from '../exceptions'
import { createRenderer, type Renderer, type Stringify } from '../response/render'
import { envelopeOf, isResponseClass } from '../response/response'
import { compilePath, Router, type PathParamRule, type RouteEntry } from '../router'
import { withJsonDepth } from '../schema'
import type { FetchHandler } from '../types'
import type { CorsOptions } from './options'

/** A non-API mount: requests under `prefix` go to `handler` with the prefix stripped. */
export interface AppMount {
  prefix: string
  handler: FetchHandler
}

/** What a service compiles from its options and `mount`/`use` calls. */
export interface DispatchConfig {
  api?: APIClass
  route: string
  apiMounts: { api: APIClass; route: string }[]
  appMounts: AppMount[]
  stringify: Stringify
  debug: boolean
  limits: Limits
  cors?: CorsOptions
  onError?: (error: unknown) => void
}

function ruleFor(def: EndpointDef): (name: string) => PathParamRule {
  return (name) => {
    const spec = def.params[name] ?? def.common.find((param) => param.field === name)?.spec
    return { match: spec?.match ?? 'segment', optional: spec ? isOptional(spec) : false }
  }
}

/** The request path from a URL string (`start`: its first `/` after the origin; `query`: its `?`): no query; trailing slash dropped. */
function pathOf(url: string, start: number, query: number): string {
  if (start < 0) return '/'
  const path = query < 0 ? url.slice(start) : url.slice(start, query)
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

function stripPrefix(request: Request, url: string, prefix: string): Request {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const rest = url.slice(start + prefix.length)
  const next = url.slice(0, start) + (rest.startsWith('/') ? rest : `/${rest}`)
  return new Request(next, request)
}

function allowOrigin(cors: CorsOptions | undefined, origin: string | null): string | undefined {
  if (!cors?.origin) return undefined
  if (cors.origin === '*') return '*'
  const allowed = Array.isArray(cors.origin) ? cors.origin : [cors.origin]
  return origin && allowed.includes(origin) ? origin : undefined
}

/**
 * Compile a service into one fetch function: mounts by prefix, then the
 * router, then the endpoint's own compiled handler.
 */
export function buildDispatch(config: DispatchConfig): { fetch: FetchHandler; routes: readonly RouteEntry<CompiledEndpoint>[] } {
  const defs: EndpointDef[] = []
  for (const mounted of config.apiMounts) defs.push(...collectEndpoints(mounted.api, mounted.route))
  if (config.api) defs.push(...collectEndpoints(config.api, config.route))

  const options = { stringify: config.stringify, debug: config.debug, limits: config.limits ?? defaultLimits, onError: config.onError }
  const entries: RouteEntry<CompiledEndpoint>[] = defs.map((def) => {
    const path = compilePath(def.template, ruleFor(def))
    const ownNames = new Set(compilePath(def.ownPath, () => ({ match: 'segment', optional: false })).names)
    return { method: def.method, path, data: compileEndpoint(def, withJsonDepth(options.limits.depth, () => planEndpoint(def, path.names, ownNames)), options) }
  })
  const router = new Router(entries)
  const rootResponse = (config.api as { response?: unknown } | undefined)?.response
  const root: Renderer = createRenderer(isResponseClass(rootResponse) ? envelopeOf(rootResponse) : undefined, config.stringify, config.debug, config.onError)
  // Longest prefix first; an app mounted at '/' only gets what fw's routes do not match.
  const prefixed = config.appMounts.filter((mount) => mount.prefix !== '/').sort((a, b) => b.prefix.length - a.prefix.length)
  const fallback = config.appMounts.find((mount) => mount.prefix === '/')

  const preflight = (request: Request, found: NonNullable<ReturnType<typeof router.find>>): Response => {
    const headerNames = new Set<string>()
    for (const match of found.byMethod.values()) for (const name of match.entry.data.headerNames) headerNames.add(name)
    headerNames.add('content-type')
    const headers = new Headers({
      'access-control-allow-methods': found.allow.join(', '),
      'access-control-allow-headers': [...headerNames].join(', '),
    })
    const origin = allowOrigin(config.cors, request.headers.get('origin'))
    if (origin) {
      headers.set('access-control-allow-origin', origin)
      if (origin !== '*') headers.set('vary', 'Origin')
      if (config.cors?.credentials) headers.set('access-control-allow-credentials', 'true')
    }
    if (config.cors?.maxAge !== undefined) headers.set('access-control-max-age', String(config.cors.maxAge))
    return new Response(null, { status: 204, headers })
  }

  const dispatch = (request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> => {
    const arrived = Date.now()
    const url = request.url
    // Split by index, no URL object and no intermediate object.
    const start = url.indexOf('/', url.indexOf('//') + 2)
    const query = start < 0 ? -1 : url.indexOf('?', start)
    const path = pathOf(url, start, query)
    const search = query < 0 ? '' : url.slice(query + 1)
    for (const mount of prefixed) {
      if (path === mount.prefix || path.startsWith(`${mount.prefix}/`)) return mount.handler(stripPrefix(request, url, mount.prefix), env, ctx)
    }
    const method = request.method
    // Fast path: only this method's routes are tried; 404/405/OPTIONS resolve every method below.
    const match = router.match(path, method) ?? (method === 'HEAD' ? router.match(path, 'GET') : undefined)
    if (!match) {
      const found = router.find(path)
      if (!found) return fallback ? fallback.handler(request, env, ctx) : root.error(new NotFound(`path not found: ${path}`))
      if (method === 'OPTIONS') return preflight(request, found)
      const renderer = found.byMethod.values().next().value?.entry.data.renderer ?? root
      return renderer.error(new MethodNotAllowed(`method not allowed: ${method}`, { headers: { allow: found.allow.join(', ') } }))
    }
    const response = match.entry.data.handle(request, match.values, path, search, arrived, env, ctx)
    return method === 'HEAD' ? Promise.resolve(response).then((done) => new Response(null, done)) : response
  }
  // Not `async`: a response ready synchronously skips a promise hop. A synchronous throw still becomes a rejection.
  const fetch = (request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> => {
    try {
      return dispatch(request, env, ctx)
    } catch (error) {
      return Promise.reject(error)
    }
  }
  return { fetch, routes: entries }
}
