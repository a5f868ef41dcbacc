/**
 * The `node:http` module as a backend: `adapt()` gives a request listener
 * for `http.createServer`, and `run()` serves fw through it.
 */
import { toNodeListener } from '../node/bridge/listener'
import { nodeIO } from './node-io'
import { startListener } from '../serve/node'
import { backend } from './backend'
import { isNodeHttpModule, type NodeHttpModuleLike } from './detect'
import { isAsync } from './options'

/** `node:http`: a `(req, res)` listener to attach; served by `http.createServer(listener)`; both on the native path (`nodeIO()`). */
export const nodeHttpBackend = backend<NodeHttpModuleLike>({
  name: 'node:http',
  is: isNodeHttpModule,
  attach: (_http, fetch, _route, options) =>
    toNodeListener(fetch, isAsync(options, false), nodeIO()),
  run: (_http, fetch, where) => startListener(toNodeListener(fetch, false, nodeIO()), where),
})
