#!/usr/bin/env node
/**
 * Serves one Worker bundle with miniflare on a free 127.0.0.1 port for the workerd loopback rows
 * of `npm run bench:compare` (as tests/runtimes/workerd.ts serves one: wrangler.toml's
 * compatibility date, no flags), then prints `READY <app> <port>` like bench/server.ts.
 *
 *   node bench/compare/serve-workerd.mjs .build/compare/new-serve-worker.mjs fw
 */
import { Miniflare } from 'miniflare'
import { compatibilityDate, workerModules } from '../worker-bundle.mjs'

const [bundle, app = 'fw'] = process.argv.slice(2)
if (!bundle) throw new Error('usage: serve-workerd.mjs <worker bundle> [app]')
const mf = new Miniflare({ modules: workerModules(bundle), compatibilityDate: compatibilityDate(), host: '127.0.0.1', port: 0 })
const url = await mf.ready
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
