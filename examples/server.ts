/** Starts the example service on Node, Bun or Deno: `npm run example` (PORT, HOST from the environment). */
import 'fw-api/serve'
import { service } from './app'

const server = await service.run()
console.log(`fw example listening on http://${server.hostname}:${server.port}/api (${server.runtime})`)
