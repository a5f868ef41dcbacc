/**
 * Serve a Workers module in workerd, the way Cloudflare would run it
 * (bench/worker-bundle.mjs): bundle `entry` with esbuild into one ES module,
 * then run it with miniflare with wrangler.toml's compatibility date and NO
 * compatibility flags (no nodejs_compat), so any `node:*` import fails the
 * bundle or the load.
 *
 *   npx tsx tests/runtimes/workerd.ts examples/worker.ts
 *
 * Prints `fw example listening on http://127.0.0.1:PORT/api (workerd)`, like
 * examples/server.ts. PORT (default 8787; 0 = any free port) and HOST apply.
 * A fixture that needs more than plain Workers says so in the environment:
 * `WORKERD_FLAGS=nodejs_compat` (compatibility flags, comma-separated; with
 * nodejs_compat `node:*` imports stay for workerd) and `WORKERD_BINDINGS` (a
 * JSON object of plain-text bindings, the Worker's `env`); `WORKERD_KV` names
 * Workers KV namespace bindings (comma-separated; miniflare keeps them in memory);
 * `WORKERD_DO` a JSON object of Durable Object namespace bindings (binding → the class the
 * entry exports); `WORKERD_RATELIMITS` a JSON object of Workers rate-limiting bindings
 * (binding → `{ limit, period }`, period 10 or 60 s).
 * `WORKERD_PLATFORM=browser` bundles for esbuild's browser platform, wrangler's default (a
 * package's `browser` field honoured: the OpenTelemetry JS SDK 2.x line's Worker build).
 * `WORKERD_EXTERNAL` names packages left out of the bundle (comma-separated; a module that
 * throws stands for each): a fixture that never calls their lazy `import()` runs without them (postgres.js on plain Workers).
 */
import { mkdirSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import type { PluginBuild } from 'esbuild'
import { Miniflare } from 'miniflare'
import { bundleWorker, compatibilityDate, workerModules } from '../../bench/worker-bundle.mjs'

const root = resolve(import.meta.dirname, '../..')
const entry = process.argv[2] ?? 'examples/worker.ts'

const outdir = resolve(root, 'tests/.tmp/workerd')
mkdirSync(outdir, { recursive: true })
const outfile = resolve(outdir, `${basename(entry, '.ts')}.mjs`)

const compatibilityFlags = (process.env.WORKERD_FLAGS ?? '').split(',').map((flag) => flag.trim()).filter(Boolean)
const bindings = JSON.parse(process.env.WORKERD_BINDINGS ?? '{}') as Record<string, string>
const kvNamespaces = (process.env.WORKERD_KV ?? '').split(',').map((name) => name.trim()).filter(Boolean)
const durableObjects = JSON.parse(process.env.WORKERD_DO ?? '{}') as Record<string, string>
const ratelimits = Object.fromEntries(
  Object.entries(JSON.parse(process.env.WORKERD_RATELIMITS ?? '{}') as Record<string, { limit: number; period: 10 | 60 }>).map(([name, simple]) => [name, { simple }]),
)

const externals = (process.env.WORKERD_EXTERNAL ?? '').split(',').map((name) => name.trim()).filter(Boolean)
// each stands for a module that throws when loaded (workerd resolves every import() specifier at load)
const leftOut = {
  name: 'left-out',
  setup(build: Pick<PluginBuild, 'onResolve' | 'onLoad'>) {
    build.onResolve({ filter: /.*/ }, (args) => (externals.includes(args.path) ? { path: args.path, namespace: 'left-out' } : undefined))
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({ contents: `throw new Error(${JSON.stringify(`${args.path}: left out of this bundle (WORKERD_EXTERNAL)`)})` }))
  },
}

await bundleWorker(resolve(root, entry), outfile, {
  nodeBuiltins: compatibilityFlags.includes('nodejs_compat'),
  platform: process.env.WORKERD_PLATFORM === 'browser' ? 'browser' : 'neutral',
  plugins: externals.length ? [leftOut] : [],
})

const mf = new Miniflare({
  modules: workerModules(outfile),
  compatibilityDate: compatibilityDate(),
  compatibilityFlags,
  bindings,
  kvNamespaces,
  durableObjects,
  ratelimits,
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 8787),
})
const url = await mf.ready
const label = entry === 'examples/worker.ts' ? 'fw example' : `fw ${entry}`
console.log(`${label} listening on ${url.origin}/api (workerd)`)

// workerd is miniflare's child: dispose it on the way out so no orphan keeps the port.
let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    void mf.dispose().finally(() => process.exit(0))
  })
}
