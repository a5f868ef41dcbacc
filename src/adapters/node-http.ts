/**
 * The `node:http` module as a backend: `adapt()` gives a request listener
 * for `http.createServer`, and `run()` serves fw through it.
 */
import { toNodeListener } from '../node/native/listener'
import { startListener } from '../serve/node'
import { backend } from './backend'
import { isNodeHttpModule, type NodeHttpModuleLike } from './detect'
import { lightResponsesOnNode } from './light'
import { isAsync } from './options'

/** `node:http`: a `(req, res)` listener to attach; served by `http.createServer(listener)`; both on the native path (../node/native/attach). */
export const nodeHttpBackend = backend<NodeHttpModuleLike>({
  name: 'node:http',
  is: isNodeHttpModule,
  attach: (_http, fetch, _route, options) => {
    lightResponsesOnNode()
    return toNodeListener(fetch, isAsync(options, false))
  },
  run: (_http, fetch, where) => {
    lightResponsesOnNode()
    return startListener(toNodeListener(fetch, false), where, fetch)
  },
})
