/** The file fixture (./runtimes.fixture.ts) on Node, Bun or Deno, or under @hono/node-server. */
import { serveFixture } from '../runtimes/fixtures/serve'
import { service } from './runtimes.fixture'

const server = await serveFixture(service)
console.log(`fw file fixture listening on http://${server.hostname}:${server.port} (${server.runtime})`)
