/**
 * crossws's Node adapter (the `ws` library, `node:*` modules), loaded on the first upgrade of a
 * node:http server. `fw-api/serve` registers the loader; `fw-api/ws` never names the module, so a
 * Worker importing `fw-api/ws` (fw-api/ws/cloudflare's rooms) bundles without `nodejs_compat`.
 */
import type nodeAdapter from 'crossws/adapters/node'

/** The module `crossws/adapters/node`, as its loader resolves it. */
export interface NodeAdapterModule {
  default: typeof nodeAdapter
}

const registered: { load?: () => Promise<NodeAdapterModule> } = {}

/**
 * Register how crossws's Node adapter loads (called by the `fw-api/serve` entry when imported).
 *
 * @example registerNodeSocketAdapter(() => import('crossws/adapters/node'))
 */
export function registerNodeSocketAdapter(load: () => Promise<NodeAdapterModule>): void {
  registered.load ??= load
}

/**
 * The loader of crossws's Node adapter; throws, saying what to import, while `fw-api/serve` is not.
 *
 * @example const adapter = (await nodeSocketAdapter()()).default({ hooks })
 */
export function nodeSocketAdapter(): () => Promise<NodeAdapterModule> {
  if (registered.load) return registered.load
  throw new Error(
    "WebSockets on a node:http server need `import 'fw-api/serve'` (it loads crossws's Node adapter; fw-api/ws alone stays Workers-safe)",
  )
}
