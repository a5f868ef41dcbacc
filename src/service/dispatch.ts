import type { APIClass } from '../api/api'
import { runPlugins, type Plugin } from '../api/plugin'
import type { Limits } from '../body/limits'
import { compileRoutes, type Routed, type Scope } from '../compile/routes'
import { rendererFor, type CompileOptions } from '../compile/options'
import { collectEndpoints, type EndpointDef } from '../compile/tree'
import { AllowTable } from './allow'
import { containHandler } from './contain'
import { BadRequest, MethodNotAllowed, NotFound } from '../exceptions'
import { RequestContext } from '../request/context'
import { ResponseInits } from '../response/inits'
import type { Renderer, Stringify } from '../response/render'
import { declaredTemplate } from '../response/response'
import { Router, type PathMatch, type RouteEntry } from '../router'
import { under } from '../router/route-path'
import { BACKSLASH, hostless, rawPath, splitTarget, stripPrefix } from '../router/url'
import type { RuntimeTraits } from '../serve/traits'
import type { FetchHandler } from '../types'

/** A non-API mount: requests under `prefix` go to `handler` with the prefix stripped. */
export interface AppMount {
  prefix: string
  handler: FetchHandler
  /** run the service's plugins around it, as around an API route (the docs routes) */
  guarded?: boolean
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
  /** service plugins, outermost first */
  plugins: readonly Plugin[]
  /** handler timeout (ms) */
  timeout?: number
  onError?: (error: unknown) => void
  /** the runtime's ways (serve/traits.ts), found once at build */
  runtime: RuntimeTraits
}

/** The compiled service: its fetch function and its routes (for docs generators). */
export interface Dispatch {
  fetch: FetchHandler
  routes: readonly RouteEntry<Routed>[]
}

/** A HEAD answer: the GET's status and headers; its body is cancelled (an SSE iterator is closed, not left running). */
function headOnly(response: Response): Response {
  response.body?.cancel().catch(() => {})
  return new Response(null, response)
}

const BAD_TARGET = 'the request URL or Host header is unusable'

/**
 * Compile a service into one fetch function: mounts by prefix, then the
 * router, then the endpoint's own compiled handler (service plugins around it all).
 */
export function buildDispatch(config: DispatchConfig): Dispatch {
  const defs: EndpointDef[] = []
  for (const mounted of config.apiMounts) defs.push(...collectEndpoints(mounted.api, mounted.route, mounted.route.split('/').filter(Boolean)))
  if (config.api) defs.push(...collectEndpoints(config.api, config.route))
  const { stringify, debug, onError, plugins } = config
  const { framing, hostInUrl } = config.runtime
  const inits = new ResponseInits(config.runtime.headersObject)
  const options: CompileOptions = { stringify, debug, limits: config.limits, onError, plugins, timeout: config.timeout, inits }
  const { entries, scopes } = compileRoutes(defs, options)
  const router = new Router(entries)
  const root: Renderer = rendererFor(options, declaredTemplate((config.api as { response?: unknown } | undefined)?.response), config.api?.name ?? 'service')
  // Only plugins with a request or response step go around routing (one with just `handleError`
  // is asked by the endpoint pipeline on an error): a service without them answers synchronously.
  const around = plugins.filter((plugin) => plugin.processRequest || plugin.processResponse)
  // Contained: a mounted target's throw, rejection or non-Response becomes the root's 500 (docs/integration.md).
  const appMounts = config.appMounts.map((mount) => ({ ...mount, handler: containHandler(mount.handler, root, mount.prefix) }))
  // Longest prefix first; an app mounted at '/' only gets what fw's routes do not match.
  const prefixed = appMounts.filter((mount) => mount.prefix !== '/').sort((a, b) => b.prefix.length - a.prefix.length)
  const fallback = appMounts.find((mount) => mount.prefix === '/')

  const ownerOf = (path: string): Scope | undefined => scopes.find((scope) => scope.contains(path))
  const shadowed = (routed: Routed, path: string): boolean => routed.shadowedBy !== undefined && routed.shadowedBy.some((scope) => scope.contains(path))
  const anyShadowed = (found: PathMatch<Routed>, path: string): boolean => {
    for (const match of found.byMethod.values()) if (shadowed(match.entry.data, path)) return true
    return false
  }

  // The `Allow` / preflight header values of one set of routes: computed the first time that set
  // answers a 405 or a preflight, then reused (keyed by the routes themselves, in order).
  const allowed = new AllowTable()
  const preflight = (found: PathMatch<Routed>): Response => {
    const { methods, headers } = allowed.of(found)
    return new Response(null, { status: 204, headers: { 'access-control-allow-methods': methods, 'access-control-allow-headers': headers } })
  }

  /** No route for this method: 405 / preflight / 404, by the class that owns the path. */
  const miss = (rc: RequestContext, request: Request, env: unknown, ctx: unknown): Response | Promise<Response> => {
    const path = rc.path
    let found = router.find(path)
    if (found && anyShadowed(found, path)) {
      const byMethod = new Map([...found.byMethod].filter(([, match]) => !shadowed(match.entry.data, path)))
      found = byMethod.size ? { byMethod, allow: [...byMethod.keys()] } : undefined
    }
    const owner = ownerOf(path)
    if (!found) {
      if (owner) return owner.renderer.error(new NotFound(`path not found: ${path}`))
      return fallback ? fallback.handler(request, env, ctx) : root.error(new NotFound(`path not found: ${path}`))
    }
    if (rc.method === 'OPTIONS') {
      // Class plugins (e.g. `@api.plugin(plugins.CORS(...))`) see the preflight of their paths too.
      const classPlugins = found.byMethod.values().next().value?.entry.data.classPlugins ?? []
      const answer = found
      return classPlugins.length ? runPlugins(classPlugins, rc, () => preflight(answer), root) : preflight(found)
    }
    const renderer = owner?.renderer ?? found.byMethod.values().next().value?.entry.data.classRenderer ?? root
    return renderer.error(new MethodNotAllowed(`method not allowed: ${rc.method}`, { headers: { allow: allowed.of(found).methods } }))
  }

  const route = (rc: RequestContext, request: Request, env: unknown, ctx: unknown): Response | Promise<Response> => {
    const method = rc.method
    // Fast path: only this method's routes are tried; 404/405/OPTIONS resolve every method in `miss`.
    const match = router.match(rc.path, method) ?? (method === 'HEAD' ? router.match(rc.path, 'GET') : undefined)
    if (!match || (match.entry.data.shadowedBy && shadowed(match.entry.data, rc.path))) return miss(rc, request, env, ctx)
    rc.pathValues = match.values
    const response = match.entry.data.endpoint.handle(rc)
    if (method !== 'HEAD') return response
    return response instanceof Promise ? response.then(headOnly) : headOnly(response)
  }

  const dispatch = (request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> => {
    const url = request.url
    // Deno builds request.url from the raw Host header: checked there (utils/host.ts). Bun makes the URL relative
    // for a bad Host (refused by `splitTarget`) and for no Host at all (served: `hostless`); Node's servers
    // and Workers refuse a bad Host themselves.
    const target = splitTarget(url, hostInUrl ? request.headers.get('host') : null)
    if (!target) {
      const served = hostless(request) // Bun: no Host at all is served (HTTP/1.0), a bad one is not
      return served ? dispatch(served, env, ctx) : root.error(new BadRequest(BAD_TARGET))
    }
    const path = target.path
    // Deno also leaves the path as sent: a backslash is refused and dot segments resolved, as on Node (`rawPath`).
    if (hostInUrl) {
      const resolved = rawPath(url, path)
      if (resolved === BACKSLASH) return root.error(new BadRequest(BAD_TARGET))
      if (resolved !== undefined) return dispatch(new Request(resolved, request), env, ctx)
    }
    for (const mount of prefixed) {
      if (!under(mount.prefix, path)) continue
      if (!mount.guarded || !around.length) return mount.handler(stripPrefix(request, mount.prefix), env, ctx)
      const rc = new RequestContext(request, path, target.search, Date.now(), env, ctx, framing)
      return runPlugins(around, rc, () => mount.handler(stripPrefix(request, mount.prefix), env, ctx), root)
    }
    const rc = new RequestContext(request, path, target.search, Date.now(), env, ctx, framing)
    if (around.length) return runPlugins(around, rc, () => route(rc, request, env, ctx), root)
    return route(rc, request, env, ctx)
  }
  // Not `async`: a response ready synchronously skips a promise hop. Nothing throws out of it (docs/security.md):
  // the mounts, the plugins and the endpoints contain their own failures, and anything else is the root's 500.
  const fetch = (request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> => {
    try {
      return dispatch(request, env, ctx)
    } catch (error) {
      return root.error(error)
    }
  }
  return { fetch, routes: entries }
}
