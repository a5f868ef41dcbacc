/**
 * The socket endpoints of a service, described for whoever documents or calls them (the AsyncAPI
 * document, the docs page, the typed client): `socketRoutes` gives fw's own builders everything
 * (param specs, the compiled endpoint); `ws.routes` the public summary.
 */
import type { CompiledEndpoint } from '../compile/endpoint'
import type { RouteTarget } from '../compile/routes'
import type { CommonParam, EndpointDef } from '../compile/tree'
import type { RouteEntry } from '../router'
import type { StandardSchemaV1 } from '../types'
import type { SocketDecl, SocketLimits, SocketOrigins } from './options'

/**
 * One `@ws.socket` endpoint: where it is (`path`, a template with `{params}` from the service
 * root), what the upgrade request carries (`params`, `common`: the same specs as HTTP endpoints,
 * auth params included; `endpoint`: its compiled plan, hooks and plugins, as the OpenAPI builder
 * reads them), the message schemas both ways and the limits.
 *
 * @example
 * for (const route of ws.routes(service)) console.log(route.path, route.receive?.['~standard'].vendor)
 */
export interface SocketRoute {
  /** the URL path template, e.g. `/api/chat/{room}` */
  path: string
  /** the API class and method that serve it */
  cls: Function
  methodName: string
  /** the endpoint's own params (path, query, header, cookie, auth …), by name */
  params: EndpointDef['params']
  /** the params its classes declare for every endpoint */
  common: readonly CommonParam[]
  /** what a client sends (checked on every message) */
  receive: StandardSchemaV1 | undefined
  /** what the server sends (checked in `debug`) */
  send: StandardSchemaV1 | undefined
  /** the browser origins allowed, when declared */
  origins: SocketOrigins | undefined
  /** the subprotocols spoken, preferred first */
  protocols: readonly string[] | undefined
  limits: Readonly<Required<SocketLimits>>
  /** the compiled endpoint (its parsing plan, before hooks, doc): what the upgrade request goes through */
  endpoint: CompiledEndpoint
}

/**
 * The socket endpoints of a service (anything with `routes()`: an `Fw`), in routing order, with
 * what fw's document builders and client read (internal types: not part of `fw-api/ws`'s surface).
 *
 * @example
 * const [chat] = socketRoutes(service) // { path: '/api/chat/{room}', receive: ChatIn, endpoint, … }
 */
export function socketRoutes(service: {
  routes(): readonly RouteEntry<RouteTarget>[]
}): SocketRoute[] {
  const found: SocketRoute[] = []
  for (const entry of service.routes()) {
    const endpoint = entry.data.endpoint
    const def = endpoint.def
    const decl = def.socket as SocketDecl | undefined
    if (!decl) continue
    found.push({
      path: def.template,
      cls: def.cls,
      methodName: def.methodName,
      params: def.params,
      common: def.common,
      receive: decl.receive,
      send: decl.send,
      origins: decl.origins,
      protocols: decl.protocols,
      limits: decl.limits,
      endpoint,
    })
  }
  return found
}

/**
 * A socket endpoint as `ws.routes(service)` lists it: its path template, where it is declared,
 * the names of its params, its message schemas, origins and limits.
 *
 * @example
 * const endpoint: ws.SocketEndpoint = ws.routes(service)[0]
 */
export interface SocketEndpoint {
  /** the URL path template from the service root, e.g. `/api/chat/{room}` */
  path: string
  /** `ChatAPI.room()` */
  label: string
  /** the names of the params its upgrade request carries (its own and its classes' common ones) */
  params: string[]
  receive: StandardSchemaV1 | undefined
  send: StandardSchemaV1 | undefined
  origins: SocketOrigins | undefined
  protocols: readonly string[] | undefined
  limits: Readonly<Required<SocketLimits>>
}

/**
 * The socket endpoints of a service (`Fw`), in routing order.
 *
 * @example
 * const [chat] = ws.routes(service) // { path: '/api/chat/{room}', label: 'ChatAPI.room()', params: ['room'], … }
 */
export function routes(service: { routes(): readonly object[] }): SocketEndpoint[] {
  const entries = service.routes() as readonly RouteEntry<RouteTarget>[]
  return socketRoutes({ routes: () => entries }).map((route) => ({
    path: route.path,
    label: `${route.cls.name}.${route.methodName}()`,
    params: [...Object.keys(route.params), ...route.common.map((param) => param.field)],
    receive: route.receive,
    send: route.send,
    origins: route.origins,
    protocols: route.protocols,
    limits: route.limits,
  }))
}
