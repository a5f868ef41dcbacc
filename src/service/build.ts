/**
 * What a service declares (`new Fw(options)`, `use`, `mount`, `adapt`) and the
 * compiled service made from it, once (docs/architecture.md, "The service: declared, then built").
 */
import type { APIClass } from '../api/api'
import type { DocumentedError } from '../api/install'
import type { Plugin } from '../api/plugin'
import type { Limits } from '../body/limits'
import type { SocketUpgrade } from '../pipeline/plans'
import type { RouteTarget } from '../compile/routes'
import { collectEndpoints } from '../compile/tree'
import type { ClientResolver } from '../request/client'
import type { OpenAPIDocument } from '../openapi/document'
import type { healthMount } from '../health/health'
import type { AsyncAPIDocument } from '../openapi/asyncapi'
import type { docsMount } from '../openapi/page'
import { corsOption } from '../plugins/cors'
import type { Stringify } from '../response/render'
import type { RouteEntry } from '../router'
import { joinPath } from '../router/route-path'
import type { RuntimeTraits } from '../serve/traits'
import type { FetchHandler } from '../types'
import type { AppMounts } from './app-mounts'
import { Dispatcher, type AppMount } from './dispatch'
import { serviceDeadline, type FwOptions } from './options'

/** What `use`, `mount` and `adapt` declared, before the service is built. */
export interface Declaration {
  readonly plugins: Plugin[]
  readonly documentedErrors: DocumentedError[]
  readonly apiMounts: { api: APIClass; route: string }[]
  readonly appMounts: AppMount[]
  /** set by `conf.Time` (how results are serialised) */
  stringify?: Stringify
  /** set by `adapt(route)`: everything the service serves moves under it */
  prefix: string
}

/** A new, empty declaration. */
export function emptyDeclaration(): Declaration {
  return { plugins: [], documentedErrors: [], apiMounts: [], appMounts: [], prefix: '' }
}

/** The compiled service: its fetch function and its routes (for docs generators). */
export interface CompiledService {
  readonly fetch: FetchHandler
  readonly routes: readonly RouteEntry<RouteTarget>[]
}

/** What a build needs besides the declaration. */
export interface BuildInputs {
  options: Readonly<FwOptions>
  limits: Readonly<Limits>
  runtime: RuntimeTraits
  /** the OpenAPI document of the built service (for the docs mount), made on its first request */
  document: (routes: readonly RouteEntry<RouteTarget>[]) => OpenAPIDocument
  /** the AsyncAPI document of its socket endpoints (for the docs mount), made on its first request */
  asyncapi?: (routes: readonly RouteEntry<RouteTarget>[]) => AsyncAPIDocument
  /** the docs routes' maker (`fw-api/openapi`), given when the `docs` option is set */
  docsMount?: typeof docsMount
  /** the health routes' maker (`fw-api/health`) and whether `close()` started, given when `health` is set */
  health?: { healthMount: typeof healthMount; closing: () => boolean }
  /** the `trustProxy` option compiled (`fw-api/proxy`), given when it is set */
  trustProxy?: ClientResolver
  /** the upgrade of `@ws.socket` endpoints (`fw-api/ws`), given when it is imported */
  socketUpgrade?: SocketUpgrade
  /** the mounted apps' dispatch (service/app-mounts.ts), given when an entry that mounts an app is imported */
  mountedApps?: typeof AppMounts
}

/**
 * Compile `declaration` into one fetch function: the routes of every API class,
 * the app mounts, the docs routes, the plugins around them.
 *
 * @example
 * const compiled = compileService(emptyDeclaration(), { options, limits, runtime: runtimeTraits(), document })
 */
export function compileService(
  declaration: Readonly<Declaration>,
  inputs: BuildInputs,
): CompiledService {
  const { options, asyncapi, health } = inputs
  const prefix = declaration.prefix
  const plugins = [...corsOption(options.cors), ...declaration.plugins]
  const made: { document?: OpenAPIDocument; asyncapi?: AsyncAPIDocument } = {}
  const document = (): OpenAPIDocument => (made.document ??= inputs.document(compiled.routes))
  const sockets =
    asyncapi && ((): AsyncAPIDocument => (made.asyncapi ??= asyncapi(compiled.routes)))
  const docs = inputs.docsMount?.(options, prefix, document, sockets)
  const probes =
    health && options.health && health.healthMount(options.health, prefix, health.closing)
  // the endpoints of the mounted API classes (a mount's route segments lead to its root), then the root's
  const defs = declaration.apiMounts.flatMap(({ api, route }) => {
    const at = joinPath(prefix, route)
    return collectEndpoints(api, at, at.split('/').filter(Boolean))
  })
  if (options.api) defs.push(...collectEndpoints(options.api, joinPath(prefix, options.route)))
  // the inputs carry the dispatcher's limits, runtime, trustProxy, socketUpgrade and mountedApps
  const compiled: CompiledService = new Dispatcher({
    ...inputs,
    api: options.api,
    defs,
    appMounts: [
      probes,
      docs,
      ...declaration.appMounts.map((mount) => ({
        prefix: joinPath(prefix, mount.prefix),
        handler: mount.handler,
      })),
    ].filter((mount): mount is AppMount => !!mount),
    stringify: declaration.stringify ?? JSON.stringify,
    debug: options.debug ?? false,
    plugins,
    timeout: serviceDeadline(options),
    // With plugins.Logger in use, it reports server errors (as JSON lines) instead.
    onError: plugins.some((plugin) => plugin.reportsErrors === true)
      ? undefined
      : (error) => console.error(error),
  })
  return compiled
}
