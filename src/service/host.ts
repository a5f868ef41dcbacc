/**
 * The seams through which the opt-in entries plug into `Fw` (SPEC §5.2): the core
 * imports no host framework, no Node bridge and no server, so a Worker that only
 * `export default service` does not carry them. `fw-api/adapters` registers the
 * backends (a host app fw is attached to, apps mounted in fw), `fw-api/serve` the
 * serving layer of `service.run()`, `fw-api/openapi` the document builder and docs page
 * (`service.openapi()`, `docs:`); each registers itself when imported.
 */
import type { SocketUpgrade } from '../pipeline/plans'
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { healthMount } from '../health/health'
import type { docsMount } from '../openapi/page'
import type { TrustProxy } from '../proxy/trust'
import type { ClientResolver } from '../request/client'
import type { FetchHandler } from '../types'
import type { SocketServing } from '../serve/types'
import type { APIClass } from '../api/api'
import type { AppMounts } from './app-mounts'
import type { BackendLink } from './backend'
import type { BuildInputs, Declaration } from './build'
import type { serviceAsyncAPI, serviceDocument } from './document'
import type { HealthOptions } from '../health/options'
import type { FwOptions } from './options'
import type { runService } from './run'

/** What `fw-api/adapters` gives `Fw`: the backend link and the recognisers it needs up front. */
export interface BackendLayer {
  /** the link between a service and its backend app (service/backend.ts) */
  link(
    options: Readonly<FwOptions & { backend?: unknown }>,
    declared: Declaration,
    fetch: FetchHandler,
  ): BackendLink
  /** `API.__as__`: the one hidden service of the process (`make`s it), attached at `route` (service/hidden.ts) */
  attachHidden(api: APIClass, route: string, make: () => { adapt(route: string): unknown }): unknown
}

/** What `fw-api/serve` gives `Fw`: `service.run()` on Node, Bun and Deno. */
export type ServingLayer = typeof runService

/** What `fw-api/openapi` gives `Fw`: `service.openapi()` and the `docs:` routes. */
export interface DocumentsLayer {
  serviceDocument: typeof serviceDocument
  serviceAsyncAPI: typeof serviceAsyncAPI
  docsMount: typeof docsMount
}

/** What `fw-api/health` gives `Fw`: the `health` option's routes and the drain `close()` waits. */
export interface HealthLayer {
  healthMount: typeof healthMount
  /** ms `close()` keeps serving (readiness 503) before it stops accepting */
  drainMs(options: HealthOptions | true): number
}

/**
 * What `fw-api/ws` gives: the upgrade a `@ws.socket` endpoint answers (after its params, hooks and
 * plugins), and the WebSocket glue of the servers `fw-api/serve` starts (crossws stays in fw-api/ws).
 */
export interface SocketLayer extends SocketServing {
  /** the method a socket endpoint's pipeline calls: accepts the upgrade (426 without one) */
  upgrade: SocketUpgrade
}

/** What `fw-api/proxy` gives `Fw`: the `trustProxy` option compiled. */
export type ProxyLayer = (option: TrustProxy) => ClientResolver

const layers: {
  backends?: BackendLayer
  serving?: ServingLayer
  documents?: DocumentsLayer
  health?: HealthLayer
  proxy?: ProxyLayer
  sockets?: SocketLayer
  appMounts?: typeof AppMounts
} = {}

/**
 * The layer registered under `key`, or ImproperlyConfigured: `what` needs `thing`, an opt-in
 * entry, named with its import (one wording, once in a bundle).
 */
function layer<K extends keyof typeof layers>(
  key: K,
  what: string,
  thing: string,
  entry: string,
  note = ' (SPEC §5.2: the core carries none)',
): NonNullable<(typeof layers)[K]> {
  return (
    layers[key] ??
    throwImproperlyConfigured(`${what} needs ${thing}: add \`import 'fw-api/${entry}'\`${note}`)
  )
}

/**
 * Register the mounted apps' dispatch (service/app-mounts.ts): every entry that mounts an app
 * (fw-api/adapters, fw-api/openapi, fw-api/health) registers it; `optionLayers` hands it to the build.
 *
 * @example
 * registerAppMounts(AppMounts)
 */
export function registerAppMounts(layer: typeof AppMounts): void {
  layers.appMounts ??= layer
}

/**
 * Register the WebSocket layer (called by the `fw-api/ws` entry when imported).
 *
 * @example registerSockets({ upgrade, attachNode, bun, deno })
 */
export function registerSockets(layer: SocketLayer): void {
  layers.sockets ??= layer
}

/** The WebSocket layer if `fw-api/ws` was imported (servers upgrade only then). */
export function registeredSockets(): SocketLayer | undefined {
  return layers.sockets
}

/**
 * Register the backends (called by the `fw-api/adapters` entry when imported).
 *
 * @example registerBackends({ link, attachHidden })
 */
export function registerBackends(layer: BackendLayer): void {
  layers.backends ??= layer
}

/**
 * Register the serving layer (called by the `fw-api/serve` entry when imported).
 *
 * @example registerServing(runService)
 */
export function registerServing(run: ServingLayer): void {
  layers.serving ??= run
}

/** The backends, or ImproperlyConfigured saying what to import for `what`. */
export function backendLayer(what: string): BackendLayer {
  return layer('backends', what, 'the host framework adapters', 'adapters')
}

/**
 * The serving layer, or ImproperlyConfigured saying what to import. Its servers upgrade to
 * WebSockets when `fw-api/ws` is imported (the service need not know).
 */
export function servingLayer(): ServingLayer {
  const run = layer(
    'serving',
    'service.run()',
    'the serving layer',
    'serve',
    ' (Node, Bun, Deno); on Workers, `export default service` instead',
  )
  return (service, options, settings) =>
    run({ sockets: layers.sockets, ...service }, options, settings)
}

/**
 * Register the OpenAPI document builder and docs page (called by the `fw-api/openapi` entry).
 *
 * @example registerDocuments({ serviceDocument, serviceAsyncAPI, docsMount })
 */
export function registerDocuments(layer: DocumentsLayer): void {
  layers.documents ??= layer
}

/** The document builder, or ImproperlyConfigured saying what to import for `what`. */
export function documentsLayer(what: string): DocumentsLayer {
  return layer('documents', what, 'the OpenAPI builder', 'openapi')
}

/** The document builder if `fw-api/openapi` was imported (the `docs:` routes need it only when set). */
export function registeredDocuments(): DocumentsLayer | undefined {
  return layers.documents
}

/**
 * Register liveness and readiness (called by the `fw-api/health` entry, which `fw-api/serve` imports).
 *
 * @example registerHealth({ healthMount, drainMs })
 */
export function registerHealth(layer: HealthLayer): void {
  layers.health ??= layer
}

/** The health layer, or ImproperlyConfigured saying what to import. */
export function healthLayer(): HealthLayer {
  return layer(
    'health',
    'the `health` option',
    'its entry',
    'health',
    ' (`fw-api/serve` imports it)',
  )
}

/**
 * What a build needs for the `health` option (`undefined` when it is off): the mount maker and
 * whether `close()` started.
 *
 * @example healthInputs(options.health, () => closing)
 */
export function healthInputs(
  health: boolean | HealthOptions | undefined,
  closing: () => boolean,
): { healthMount: HealthLayer['healthMount']; closing: () => boolean } | undefined {
  return health ? { healthMount: healthLayer().healthMount, closing } : undefined
}

/**
 * Wait the `health` option's `drain` (readiness is 503 meanwhile, the servers still accept).
 *
 * @example await healthDrain(service.options.health)
 */
export async function healthDrain(health: boolean | HealthOptions | undefined): Promise<void> {
  const ms = health ? healthLayer().drainMs(health) : 0
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Register the `trustProxy` compiler (called by the `fw-api/proxy` entry when imported).
 *
 * @example registerProxy(compileTrustProxy)
 */
export function registerProxy(layer: ProxyLayer): void {
  layers.proxy ??= layer
}

/** The `trustProxy` compiler, or ImproperlyConfigured saying what to import. */
export function proxyLayer(): ProxyLayer {
  return layer('proxy', '`trustProxy`', 'the forwarding-header reader', 'proxy')
}

/**
 * What a build takes from the opt-in entries for the service's options: the `docs` routes' maker,
 * the `health` routes' (and whether `close()` started), the `trustProxy` option compiled, the
 * upgrade of socket endpoints (when `fw-api/ws` is imported); each
 * `undefined` when its option is off, ImproperlyConfigured naming the import when it is on without it.
 *
 * @example compileService(declared, { ...inputs, ...optionLayers(service.options, () => closing) })
 */
export function optionLayers(
  options: Pick<FwOptions, 'docs' | 'health' | 'trustProxy'>,
  closing: () => boolean,
): Pick<BuildInputs, 'docsMount' | 'health' | 'trustProxy' | 'socketUpgrade' | 'mountedApps'> {
  const { docs, trustProxy } = options
  return {
    docsMount:
      docs === undefined || docs === false ? undefined : documentsLayer('`docs`').docsMount,
    health: healthInputs(options.health, closing),
    trustProxy:
      trustProxy === undefined || trustProxy === false ? undefined : proxyLayer()(trustProxy),
    socketUpgrade: layers.sockets?.upgrade,
    mountedApps: layers.appMounts,
  }
}
