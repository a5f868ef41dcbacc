/**
 * The apps mounted beside a service's API (docs/integration.md): requests under a prefix go to a
 * Fetch handler with the prefix stripped, contained (a throw, a rejection or a non-Response is the
 * root's 500), through the service's guards or plugins where the mount asks for them. Only an
 * opt-in entry mounts an app (`service.mount(app)` with fw-api/adapters, the `docs` page with
 * fw-api/openapi, the `health` probes with fw-api/health), and each registers this class
 * (service/host.ts `registerAppMounts`): a service without one bundles none of it (SPEC §5.2).
 */
import type { Plugin } from '../api/plugin'
import { compose, type Answer, type Handler, type Step } from '../pipeline/compose'
import { itself, pluginSteps } from '../pipeline/plugin-steps'
import type { RequestContext } from '../request/context'
import type { Renderer } from '../response/render'
import { under } from '../router/route-path'
import { stripPrefix } from '../router/url'
import type { FetchHandler } from '../types'
import { containHandler } from './contain'
import { FORBIDDEN_METHODS, notHanded } from './refusals'

/** A non-API mount: requests under `prefix` go to `handler` with the prefix stripped. */
export interface AppMount {
  prefix: string
  handler: FetchHandler
  /** run the service's plugins around it, as around an API route (the docs routes) */
  guarded?: boolean
  /** no plugin or guard runs around it, not even `auth.Require` (the health probes) */
  open?: boolean
}

/**
 * One app mounted under a prefix other than '/', its handler contained; `guarded`: the plugins its
 * requests go through (composed at build, ending in `forward`), none when nothing runs around it.
 *
 * @example
 * const mount = mounts.of('/legacy/users'); mount?.answer(request, env, ctx) ?? mount?.guarded?.(context)
 */
export class PrefixMount {
  readonly prefix: string
  readonly handler: FetchHandler
  readonly guarded: Handler<RequestContext> | undefined
  readonly #root: Renderer

  constructor(mount: AppMount, root: Renderer, steps: readonly Step<RequestContext>[]) {
    this.prefix = mount.prefix
    this.handler = mount.handler
    this.#root = root
    this.guarded = steps.length ? compose(steps, this.forward.bind(this)) : undefined
  }

  /**
   * A request under the prefix, before its context is made: refused for CONNECT, TRACE and TRACK
   * (a mounted app is never handed one), handed to an unguarded app with the prefix stripped;
   * undefined for a guarded one (its plugins answer it, given the request's context).
   */
  answer(request: Request, env: unknown, ctx: unknown): Answer | undefined {
    if (FORBIDDEN_METHODS.has(request.method)) return this.#root.error(notHanded(request.method))
    if (this.guarded) return undefined
    return this.handler(stripPrefix(request, this.prefix), env, ctx)
  }

  /** A guarded mount's request, after its plugins: handed to the app with the prefix stripped. */
  forward(context: RequestContext): Answer {
    return this.handler(stripPrefix(context.raw, this.prefix), context.env, context.ctx)
  }
}

/**
 * A service's mounted apps, built once: the app at '/' (the fallback, handed what no route matches)
 * and the others by prefix, longest first.
 *
 * @example
 * const mounts = new AppMounts(config.appMounts, root, plugins, servicePlugins)
 * mounts.of('/legacy/users') // the mount at '/legacy'
 */
export class AppMounts {
  /** the app mounted at '/': it answers what fw's routes do not match */
  readonly fallback: FetchHandler | undefined
  readonly #mounts: readonly PrefixMount[]

  /**
   * `plugins`: the service's, outermost first; `servicePlugins`: their steps around routing (a
   * guarded mount, the docs routes, runs them too); guards (`auth.Require`, `guardsMounts`) run
   * around every other mount but an open one (the health probes).
   */
  constructor(
    mounts: readonly AppMount[],
    root: Renderer,
    plugins: readonly Plugin[],
    servicePlugins: readonly Step<RequestContext>[],
  ) {
    // Contained: a mounted target's throw, rejection or non-Response becomes the root's 500 (docs/integration.md).
    const contained = mounts.map((mount) => ({
      ...mount,
      handler: containHandler(mount.handler, root, mount.prefix),
    }))
    this.fallback = contained.find((mount) => mount.prefix === '/')?.handler
    const guards = pluginSteps(
      plugins.filter((plugin) => plugin.guardsMounts === true),
      root,
      itself,
    )
    this.#mounts = contained
      .filter((mount) => mount.prefix !== '/')
      .sort((a, b) => b.prefix.length - a.prefix.length)
      .map(
        (mount) =>
          new PrefixMount(mount, root, mount.guarded ? servicePlugins : mount.open ? [] : guards),
      )
  }

  /** The mount `path` falls under (whole segments; the longest prefix), if any. */
  of(path: string): PrefixMount | undefined {
    for (const mount of this.#mounts) if (under(mount.prefix, path)) return mount
    return undefined
  }
}
