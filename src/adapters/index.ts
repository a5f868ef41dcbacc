/**
 * Progressive integration (docs/integration.md): fw inside Hono, Express, Fastify,
 * Koa, `node:http` and Elysia apps, and those apps (or any fetch handler or
 * Node listener) inside fw. Frameworks are recognised by shape, never
 * imported; Node modules are loaded only when a Node bridge runs. Importing
 * this entry registers the backends with `Fw` (`backend`, `mount()` of an app,
 * `adapt()`); the core leaves them out (SPEC §5.2).
 */
import { BackendLink } from '../service/backend'
import { attachHidden } from '../service/hidden'
import { registerAppMounts, registerBackends } from '../service/host'
import { AppMounts } from '../service/app-mounts'

// an app mounted beside the API: its dispatch comes with this entry (SPEC §5.2)
registerAppMounts(AppMounts)
registerBackends({
  link: (options, declared, fetch) => new BackendLink(options, declared, fetch),
  attachHidden,
})

export { fromNode, isNodeApp, type NodeApp } from './node'
export { toFetchHandler, type MountOptions } from './mount'
export { attach } from './attach'
export { isNestApp, type NestAppLike, type NestCoreLike } from './nest'
export { runBackend, type RunBackendOptions } from './run'
export type { RunningServer } from '../serve/types'
// Internal pieces (createBackendApp, isNestCore, route helpers) are imported from their own modules.
export type { AttachOptions } from './options'
export type { NodeListener } from '../node/io/call'
