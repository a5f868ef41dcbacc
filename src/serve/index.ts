/**
 * `fw-api/serve`: `service.run()` on Node (fw's node:http server), Bun and Deno
 * (docs/runtimes.md). Importing this entry registers the serving layer (and `fw-api/health`, the
 * `health` option a served process answers its load balancer with); the core leaves both out,
 * so a Worker (`export default service`) does not carry a server.
 *
 * @example
 * import 'fw-api/serve'
 * await service.run({ port: 8000 })
 */
import '../health/index'
import { registerServing } from '../service/host'
import { runService } from '../service/run'
import { registerNodeSocketAdapter } from '../ws/node-adapter'

registerServing(runService)
// fw-api/ws's sockets on node:http servers (loaded on the first upgrade; fw-api/ws names no Node module)
registerNodeSocketAdapter(() => import('crossws/adapters/node'))

export type { CloseOptions, RunOptions, RunningServer, Timeouts } from './types'
