#!/usr/bin/env node
/**
 * Serves one Worker bundle in workerd on a free 127.0.0.1 port for the workerd loopback rows of
 * `npm run bench:compare` (wrangler.toml's compatibility date, no flags), then prints
 * `READY <app> <port>` like bench/server.ts.
 *
 *   node bench/compare/serve-workerd.mjs .build/compare/new-serve-worker.mjs fw
 *
 * The port is a direct socket to the Worker (miniflare's `unsafeDirectSockets`): requests reach
 * fw's `fetch` as the platform hands them over, without miniflare's own entry Worker in front,
 * which costs about three quarters of workerd's CPU per request (E0: ~300 µs a request through
 * it, ~80 µs direct, measured with wrk here) and varies by a third from one round to the next on
 * its own. Such a socket takes the platform's `cf` properties from the `MF-CF-Blob` request
 * header (a JSON object), as the platform's front line supplies them: bench/compare.mjs sends it
 * with every workerd request, so bodies are framed as on the platform (body/framing.ts).
 */
import { Miniflare } from 'miniflare'
import { compatibilityDate, workerModules } from '../worker-bundle.mjs'

const [bundle, app = 'fw'] = process.argv.slice(2)
if (!bundle) throw new Error('usage: serve-workerd.mjs <worker bundle> [app]')
const mf = new Miniflare({
  modules: workerModules(bundle),
  compatibilityDate: compatibilityDate(),
  host: '127.0.0.1',
  port: 0,
  unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
})
await mf.ready
const url = await mf.unsafeGetDirectURL()
console.log(`READY ${app} ${url.port}`)

// workerd is miniflare's child: dispose of it on the way out so none outlives the run.
let closing = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    void mf.dispose().finally(() => process.exit(0))
  })
}
