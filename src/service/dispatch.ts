import type { APIClass } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { Limits } from '../body/limits'
import { cancelBody } from '../pipeline/chain'
import { compose, type Handler } from '../pipeline/compose'
import { itself, pluginSteps } from '../pipeline/plugin-steps'
import { compileRoutes, type RouteTarget } from '../compile/routes'
import { rendererFor } from '../compile/options'
import type { CompileOptions, SocketUpgrade } from '../pipeline/plans'
import type { EndpointDef } from '../compile/tree'
import type { ClientAddressing, ClientResolver } from '../request/client'
import { RequestContext } from '../request/context'
import { ResponseInits } from '../response/inits'
import type { Renderer, Stringify } from '../response/render'
import { declaredTemplate } from '../response/response'
import { Router, type RouteEntry } from '../router'
import { BACKSLASH, hostless, rawPath, splitTarget } from '../router/url'
import type { RuntimeTraits } from '../serve/traits'
import type { FetchHandler } from '../types'
import type { AppMount, AppMounts } from './app-mounts'
import { throwImproperlyConfigured } from '../exceptions/configured'
import { badTarget, FORBIDDEN_METHODS } from './refusals'
import { shadowed, Unmatched } from './unmatched'

export type { AppMount } from './app-mounts'

/** What a service compiles from its options and `mount`/`use` calls. */
export interface DispatchConfig {
  /** the root API class: its template and name render what no API class answers */
  api?: APIClass
  /** the endpoints of every API class served (`collectEndpoints`: the mounted ones', then the root's) */
  defs: readonly EndpointDef[]
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
  /** the mounted apps' dispatch (service/app-mounts.ts): registered by the entries that mount one */
  mountedApps?: typeof AppMounts
}

/** The compiled service: its fetch function and its routes (for docs generators). */
export interface Dispatch {
  fetch: FetchHandler
  routes: readonly RouteEntry<RouteTarget>[]
}

/** A HEAD answer: the GET's status and headers; its body is cancelled (an SSE iterator is closed, not left running). */
function headOnly(response: Response): Response {
  cancelBody(response)
  return response.body === null ? response : new Response(null, response)
}

/**
 * A compiled service's request path (docs/architecture.md, "A request, end to end"): built once
 * from its config (the routes, the router, the root renderer, the mounts, the plugins composed
 * around routing), then every request is `fetch` → `#dispatch` (target, mounts, the context,
 * the service plugins, HEAD) → `#route` (the router; the endpoint's chain), else
 * `Unmatched.answer` (404 / 405 / OPTIONS, service/unmatched.ts). Each step is a method: "go to
 * definition" follows a request; nothing request-time is a closure made at build (the composed
 * plugin steps end in these methods, bound).
 */
export class Dispatcher implements Dispatch {
  declare readonly routes: readonly RouteEntry<RouteTarget>[]
  readonly #router: Router<RouteTarget>
  /** renders what no API class answers: a bad target, a mount's failure */
  readonly #root: Renderer
  /** the mounted apps (service/app-mounts.ts, registered by the entries that mount one); none: no app mounted */
  readonly #mounts: AppMounts | undefined
  /** 404 / 405 / OPTIONS (service/unmatched.ts) */
  readonly #unmatched: Unmatched
  /** the service plugins composed around `route` */
  readonly #answered: Handler<RequestContext>
  /** the runtime (serve/traits.ts) builds request.url from the raw Host header (Deno) */
  readonly #hostInUrl: boolean
  readonly #addressing: ClientAddressing

  constructor(config: DispatchConfig) {
    const { plugins, runtime } = config
    this.#hostInUrl = runtime.hostInUrl
    this.#addressing = { peer: runtime.peer, resolve: config.trustProxy }
    // the config carries the compile options (stringify, debug, limits, onError, plugins, timeout, socketUpgrade)
    const options: CompileOptions = { ...config, inits: new ResponseInits(runtime.headersObject) }
    const { entries, scopes, roots } = compileRoutes(config.defs, options)
    this.routes = entries
    const router = new Router(entries)
    this.#router = router
    const root: Renderer = rendererFor(
      options,
      declaredTemplate((config.api as { response?: unknown } | undefined)?.response),
      config.api?.name ?? 'service',
    )
    this.#root = root
    // Service plugins around routing (composed once: a step waits only when its plugin does, so
    // synchronous ones answer synchronously), and around the mounts that ask for them (the docs
    // routes). Only plugins with a request or response step go around (one with just
    // `handleError` is asked by the endpoint's chain on an error), and plugins that only scope
    // the rest (fw's AROUND: the ORM's request carrier, fw-api/otel's span) answer as it does.
    const servicePlugins = pluginSteps(plugins, root, itself)
    this.#answered = compose(servicePlugins, this.#route.bind(this))
    // Apps mounted beside the API (an app at '/' only gets what fw's routes do not match), by the
    // dispatch the entry that mounted one registered.
    const Mounts = config.appMounts.length
      ? (config.mountedApps ??
        throwImproperlyConfigured('an app is mounted, but no entry that mounts one was imported'))
      : undefined
    const mounts = Mounts && new Mounts(config.appMounts, root, plugins, servicePlugins)
    this.#mounts = mounts
    this.#unmatched = new Unmatched({
      router,
      entries,
      scopes,
      roots,
      root,
      fallback: mounts?.fallback,
    })
    this.fetch = this.fetch.bind(this)
  }

  /**
   * The service's fetch function (bound). Not `async`: a response ready synchronously skips a
   * promise hop. Nothing throws out of it (docs/security.md): the mounts, the plugins and the
   * endpoints contain their own failures, and anything else is the root's 500.
   */
  fetch(request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> {
    try {
      return this.#dispatch(request, env, ctx)
    } catch (error) {
      return this.#root.error(error)
    }
  }

  /** The request's target (a bad one is a 400), then the mounts by prefix, else fw's routes. */
  #dispatch(request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> {
    const url = request.url
    const hostInUrl = this.#hostInUrl
    // Deno builds request.url from the raw Host header: checked there (utils/host.ts). Bun makes the URL relative
    // for a bad Host (refused by `splitTarget`) and for no Host at all (served: `hostless`); Node's servers
    // and Workers refuse a bad Host themselves.
    const target = splitTarget(url, hostInUrl ? request.headers.get('host') : null)
    if (!target) {
      const served = hostless(request) // Bun: no Host at all is served (HTTP/1.0), a bad one is not
      return served ? this.#dispatch(served, env, ctx) : this.#root.error(badTarget())
    }
    let { path, search } = target
    // Deno also leaves the path as sent: a backslash is refused and dot segments resolved, as on Node (`rawPath`).
    if (hostInUrl) {
      const resolved = rawPath(url, path)
      if (resolved === BACKSLASH) return this.#root.error(badTarget())
      if (resolved !== undefined) {
        if (!FORBIDDEN_METHODS.has(request.method))
          return this.#dispatch(new Request(resolved, request), env, ctx)
        // routed at the resolved path, the request as it came (a URL `new URL` made splits)
        const moved = splitTarget(resolved, null)
        if (!moved) return this.#root.error(badTarget())
        path = moved.path
        search = moved.search
      }
    }
    // A mounted app answers what is under its prefix; a guarded one (the docs routes, mounts
    // under `auth.Require`) gets a context as routes do.
    const mount = this.#mounts?.of(path)
    const mounted = mount?.answer(request, env, ctx)
    if (mounted) return mounted
    // The request's context, made before routing: service plugins and misses read it too.
    const context = new RequestContext(
      request,
      path,
      search,
      Date.now(),
      env,
      ctx,
      this.#addressing,
    )
    if (mount?.guarded) return mount.guarded(context)
    // The service plugins around routing. A HEAD's body is taken off after them: they see the
    // GET's answer, as a HEAD's headers must be the GET's (an ETag from its bytes: conditional()).
    const response = this.#answered(context)
    if (context.method !== 'HEAD') return response
    return response instanceof Promise ? response.then(headOnly) : headOnly(response)
  }

  /** The matched endpoint's answer (HEAD: the GET's, its body taken off by `#dispatch`), else `miss`. */
  #route(context: RequestContext): Response | Promise<Response> {
    const method = context.method
    const router = this.#router
    // Fast path: only this method's routes are tried; 404/405/OPTIONS resolve every method in `miss`.
    const match =
      router.match(context.path, method) ??
      (method === 'HEAD' ? router.match(context.path, 'GET') : undefined)
    if (!match || (match.entry.data.shadowedBy && shadowed(match.entry.data, context.path)))
      return this.#unmatched.answer(context)
    context.route = match.entry.path.template
    return match.entry.data.endpoint.handle(context, match.values)
  }
}

/**
 * Compile a service into one fetch function: mounts by prefix, then the
 * router, then the endpoint's own compiled handler (service plugins around it all).
 *
 * @example
 * const { fetch, routes } = buildDispatch(config)
 */
export function buildDispatch(config: DispatchConfig): Dispatch {
  return new Dispatcher(config)
}
