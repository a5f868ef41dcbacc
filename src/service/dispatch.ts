import type { APIClass } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { Limits } from '../body/limits'
import { compose, type Handler, type Step } from '../compile/compose'
import { pluginSteps } from '../compile/plugin-steps'
import { compileRoutes, type RouteTarget, type Scope } from '../compile/routes'
import { rendererFor, type CompileOptions, type SocketUpgrade } from '../compile/options'
import { collectEndpoints, type EndpointDef } from '../compile/tree'
import { AllowTable } from './allow'
import { containHandler } from './contain'
import { MethodNotAllowed } from '../exceptions'
import type { ClientAddressing, ClientResolver } from '../request/client'
import { RequestContext } from '../request/context'
import { ResponseInits } from '../response/inits'
import type { Renderer, Stringify } from '../response/render'
import { declaredTemplate } from '../response/response'
import { Router, type PathMatch, type RouteEntry } from '../router'
import { under } from '../router/route-path'
import { BACKSLASH, hostless, rawPath, splitTarget, stripPrefix } from '../router/url'
import type { RuntimeTraits } from '../serve/traits'
import type { FetchHandler } from '../types'
import { stackless } from '../utils/stackless'
import { badTarget, FORBIDDEN_METHODS, notFound, notHanded } from './refusals'

/** A non-API mount: requests under `prefix` go to `handler` with the prefix stripped. */
export interface AppMount {
  prefix: string
  handler: FetchHandler
  /** run the service's plugins around it, as around an API route (the docs routes) */
  guarded?: boolean
  /** no plugin or guard runs around it, not even `auth.Require` (the health probes) */
  open?: boolean
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
  /** the compiled `trustProxy` (fw-api/proxy); none: forwarding headers change nothing */
  trustProxy?: ClientResolver
  /** the upgrade of `@ws.socket` endpoints (fw-api/ws) */
  socketUpgrade?: SocketUpgrade
}

/** The compiled service: its fetch function and its routes (for docs generators). */
export interface Dispatch {
  fetch: FetchHandler
  routes: readonly RouteEntry<RouteTarget>[]
}

/** A service plugin's state is the request's context itself. */
const itself = (context: RequestContext): RequestContext => context

/** A HEAD answer: the GET's status and headers; its body is cancelled (an SSE iterator is closed, not left running). */
function headOnly(response: Response): Response {
  if (response.body === null) return response
  response.body.cancel().catch(() => {})
  return new Response(null, response)
}

/**
 * Compile a service into one fetch function: mounts by prefix, then the
 * router, then the endpoint's own compiled handler (service plugins around it all).
 */
export function buildDispatch(config: DispatchConfig): Dispatch {
  const defs: EndpointDef[] = []
  for (const mounted of config.apiMounts)
    defs.push(
      ...collectEndpoints(mounted.api, mounted.route, mounted.route.split('/').filter(Boolean)),
    )
  if (config.api) defs.push(...collectEndpoints(config.api, config.route))
  const { stringify, debug, onError, plugins } = config
  const { framing, hostInUrl } = config.runtime
  const addressing: ClientAddressing = { peer: config.runtime.peer, resolve: config.trustProxy }
  const inits = new ResponseInits(config.runtime.headersObject)
  const options: CompileOptions = {
    stringify,
    debug,
    limits: config.limits,
    onError,
    plugins,
    timeout: config.timeout,
    inits,
    socketUpgrade: config.socketUpgrade,
  }
  const { entries, scopes, roots } = compileRoutes(defs, options)
  const router = new Router(entries)
  const root: Renderer = rendererFor(
    options,
    declaredTemplate((config.api as { response?: unknown } | undefined)?.response),
    config.api?.name ?? 'service',
  )
  // Contained: a mounted target's throw, rejection or non-Response becomes the root's 500 (docs/integration.md).
  const appMounts = config.appMounts.map((mount) => ({
    ...mount,
    handler: containHandler(mount.handler, root, mount.prefix),
  }))
  // Longest prefix first; an app mounted at '/' only gets what fw's routes do not match.
  const prefixed = appMounts
    .filter((mount) => mount.prefix !== '/')
    .sort((a, b) => b.prefix.length - a.prefix.length)
  const fallback = appMounts.find((mount) => mount.prefix === '/')

  const ownerOf = (path: string): Scope | undefined => scopes.find((scope) => scope.contains(path))
  const shadowed = (routed: RouteTarget, path: string): boolean =>
    routed.shadowedBy !== undefined && routed.shadowedBy.some((scope) => scope.contains(path))
  const anyShadowed = (found: PathMatch<RouteTarget>, path: string): boolean => {
    for (const match of found.byMethod.values()) if (shadowed(match.entry.data, path)) return true
    return false
  }

  // The `Allow` / preflight header values of one set of routes: computed the first time that set
  // answers a 405 or a preflight, then reused (keyed by the routes themselves, in order).
  const allowed = new AllowTable()
  const preflight = (found: PathMatch<RouteTarget>): Response => {
    const { methods, headers } = allowed.of(found)
    return new Response(null, {
      status: 204,
      headers: { 'access-control-allow-methods': methods, 'access-control-allow-headers': headers },
    })
  }

  /** The routes at `path` (any method), less those a sub-API's scope shadows there. */
  const routesAt = (path: string): PathMatch<RouteTarget> | undefined => {
    const found = router.find(path)
    if (!found || !anyShadowed(found, path)) return found
    const byMethod = new Map(
      [...found.byMethod].filter(([, match]) => !shadowed(match.entry.data, path)),
    )
    return byMethod.size ? { byMethod, allow: [...byMethod.keys()] } : undefined
  }
  /**
   * Plugins around `end`, composed once. A step waits only when the plugin does (a promise from
   * its request or response step): a plugin with synchronous steps (a `MemoryStore` rate limit,
   * a request id) answers synchronously, with no promise per request.
   */
  const withPlugins = (
    steps: readonly Step<RequestContext>[],
    end: Handler<RequestContext>,
  ): Handler<RequestContext> => (steps.length ? compose(steps, end) : end)
  const answerPreflight = (context: RequestContext): Response => {
    const found = routesAt(context.path)
    return found ? preflight(found) : root.error(notFound(context.path))
  }
  // Class plugins (e.g. `@api.plugin(plugins.CORS(...))`) see the preflight (OPTIONS) of their paths too.
  const preflightOf = new Map<RouteTarget, Handler<RequestContext>>()
  for (const entry of entries) {
    const steps = pluginSteps(entry.data.classPlugins, root, itself)
    if (steps.length) preflightOf.set(entry.data, withPlugins(steps, answerPreflight))
  }

  /** No route for this method: 405 / preflight / 404, by the class that owns the path. */
  const miss = (context: RequestContext): Response | Promise<Response> => {
    const path = context.path
    const found = routesAt(path)
    const owner = ownerOf(path)
    if (!found) {
      if (owner) return owner.miss(context, notFound(path))
      if (fallback) return fallback.handler(context.raw, context.env, context.ctx)
      // Under a root API's prefix, the 404 is that class's (its error hooks, its template).
      const rootClass = roots.find((scope) => scope.contains(path))
      return rootClass ? rootClass.miss(context, notFound(path)) : root.error(notFound(path))
    }
    const first = found.byMethod.values().next().value?.entry.data
    if (context.method === 'OPTIONS') {
      const guarded = first && preflightOf.get(first)
      return guarded ? guarded(context) : preflight(found)
    }
    const methods = allowed.of(found).methods
    const notAllowed = stackless(
      () =>
        new MethodNotAllowed(`method not allowed: ${context.method} (allowed: ${methods})`, {
          headers: { allow: methods },
        }),
    )
    const classMiss = owner?.miss ?? first?.classMiss
    return classMiss ? classMiss(context, notAllowed) : root.error(notAllowed)
  }

  /** The matched endpoint's answer (HEAD: the GET's, its body taken off by `routed`), else `miss`. */
  const route = (context: RequestContext): Response | Promise<Response> => {
    const method = context.method
    // Fast path: only this method's routes are tried; 404/405/OPTIONS resolve every method in `miss`.
    const match =
      router.match(context.path, method) ??
      (method === 'HEAD' ? router.match(context.path, 'GET') : undefined)
    if (!match || (match.entry.data.shadowedBy && shadowed(match.entry.data, context.path)))
      return miss(context)
    context.route = match.entry.path.template
    return match.entry.data.endpoint.handle(context, match.values)
  }
  // Service plugins around routing, and around the mounts that ask for them (the docs routes). Only
  // plugins with a request or response step go around (one with just `handleError` is asked by the
  // endpoint's chain on an error): a service without them answers synchronously.
  const servicePlugins = pluginSteps(plugins, root, itself)
  // Plugins that only scope the rest (fw's AROUND: the ORM's request carrier, fw-api/otel's span)
  // answer as the rest does: a synchronous endpoint stays synchronous under them (decided at build).
  const scopesOnly = plugins.every((plugin) => !plugin.processRequest && !plugin.processResponse)
  const answered = scopesOnly ? compose(servicePlugins, route) : withPlugins(servicePlugins, route)
  // A HEAD's body is taken off after the service plugins: they see the GET's answer, as a HEAD's
  // headers must be the GET's (an ETag from its bytes: fw-api/plugins/conditional).
  const routed = (context: RequestContext): Response | Promise<Response> => {
    const response = answered(context)
    if (context.method !== 'HEAD') return response
    return response instanceof Promise ? response.then(headOnly) : headOnly(response)
  }
  // Guards (`auth.Require`) used on the service also run around every mounted app (docs/auth.md).
  const mountGuards = pluginSteps(
    plugins.filter((plugin) => plugin.guardsMounts === true),
    root,
    itself,
  )
  const mounts = prefixed.map((mount) => {
    const steps = mount.guarded ? servicePlugins : mount.open ? [] : mountGuards
    return {
      prefix: mount.prefix,
      guarded: steps.length
        ? withPlugins(steps, (context) =>
            mount.handler(stripPrefix(context.raw, mount.prefix), context.env, context.ctx),
          )
        : undefined,
      handler: mount.handler,
    }
  })

  const dispatch = (
    request: Request,
    env?: unknown,
    ctx?: unknown,
  ): Response | Promise<Response> => {
    const url = request.url
    // Deno builds request.url from the raw Host header: checked there (utils/host.ts). Bun makes the URL relative
    // for a bad Host (refused by `splitTarget`) and for no Host at all (served: `hostless`); Node's servers
    // and Workers refuse a bad Host themselves.
    const target = splitTarget(url, hostInUrl ? request.headers.get('host') : null)
    if (!target) {
      const served = hostless(request) // Bun: no Host at all is served (HTTP/1.0), a bad one is not
      return served ? dispatch(served, env, ctx) : root.error(badTarget())
    }
    let { path, search } = target
    // Deno also leaves the path as sent: a backslash is refused and dot segments resolved, as on Node (`rawPath`).
    if (hostInUrl) {
      const resolved = rawPath(url, path)
      if (resolved === BACKSLASH) return root.error(badTarget())
      if (resolved !== undefined) {
        if (!FORBIDDEN_METHODS.has(request.method))
          return dispatch(new Request(resolved, request), env, ctx)
        // routed at the resolved path, the request as it came (a URL `new URL` made splits)
        const moved = splitTarget(resolved, null)
        if (!moved) return root.error(badTarget())
        path = moved.path
        search = moved.search
      }
    }
    for (const mount of mounts) {
      if (!under(mount.prefix, path)) continue
      if (FORBIDDEN_METHODS.has(request.method)) return root.error(notHanded(request.method))
      if (!mount.guarded) return mount.handler(stripPrefix(request, mount.prefix), env, ctx)
      return mount.guarded(
        new RequestContext(request, path, search, Date.now(), env, ctx, framing, addressing),
      )
    }
    return routed(
      new RequestContext(request, path, search, Date.now(), env, ctx, framing, addressing),
    )
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
