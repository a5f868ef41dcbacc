/**
 * A service's OpenAPI document (`service.openapi()`, the docs page's): its
 * routes described under its route, titled and versioned by its options.
 */
import type { RouteTarget } from '../compile/routes'
import { healthPaths } from '../health/document'
import { DEFAULT_HEALTH_PATH } from '../health/health'
import { buildAsyncAPI, type AsyncAPIDocument } from '../openapi/asyncapi'
import { buildDocument, type DocumentOptions, type OpenAPIDocument } from '../openapi/document'
import { docsSettings } from '../openapi/page'
import { describeRoutes } from '../openapi/routes'
import { packageVersion } from '../openapi/assets'
import type { RouteEntry } from '../router'
import type { SocketDecl } from '../ws/options'
import { joinPath } from '../router/route-path'
import type { Declaration } from './build'
import type { FwOptions } from './options'

/** What the document needs of the service: its options and module URL. */
interface Documented {
  readonly module: string | undefined
  readonly options: Readonly<FwOptions>
}

/**
 * The OpenAPI 3.1 document of `routes`, served under the service's route (after `adapt()`'s prefix);
 * `info` overrides the docs settings, which default to the service's name and package version.
 *
 * @example serviceDocument(service.routes(), service, declared, { version: '1.0.0' })
 */
export function serviceDocument(
  routes: readonly RouteEntry<RouteTarget>[],
  service: Documented,
  declared: Declaration,
  info: DocumentOptions = {},
): OpenAPIDocument {
  const route = joinPath(declared.prefix, service.options.route)
  const document = buildDocument(
    describeRoutes(routes, declared.documentedErrors, declared.plugins),
    route,
    { ...documentDefaults(service), ...info },
  )
  const health = service.options.health
  if (typeof health === 'object' && health.document === true)
    Object.assign(
      document.paths,
      healthPaths(joinPath(declared.prefix, health.path ?? DEFAULT_HEALTH_PATH)),
    )
  return document
}

/** The documents' settings from the `docs` option: title and version default to the service's name and package version. */
function documentDefaults(service: Documented): DocumentOptions {
  const {
    path: _path,
    scriptUrl: _script,
    frameAncestors: _frames,
    ...docs
  } = docsSettings(service.options.docs) ?? {}
  return {
    ...docs,
    title: docs.title ?? service.options.name,
    version: docs.version ?? packageVersion(service.module),
  }
}

/**
 * The AsyncAPI 3.0 document of the service's `@ws.socket` endpoints (`service.asyncapi()`, the
 * docs page's `asyncapi.json`), titled and versioned as its OpenAPI document.
 *
 * @example serviceAsyncAPI(service.routes(), service, declared, { version: '1.0.0' })
 */
export function serviceAsyncAPI(
  routes: readonly RouteEntry<RouteTarget>[],
  service: Documented,
  declared: Declaration,
  info: DocumentOptions = {},
): AsyncAPIDocument {
  const sockets = routes.filter((entry) => entry.data.endpoint.def.socket !== undefined)
  const described = describeRoutes(sockets, declared.documentedErrors, declared.plugins)
  return buildAsyncAPI(
    described.map((route, index) => ({
      route,
      socket: sockets[index]?.data.endpoint.def.socket as SocketDecl,
    })),
    { ...documentDefaults(service), ...info },
  )
}
