/**
 * Serve a Workers module in workerd, the way Cloudflare would run it:
 * bundle `entry` with esbuild (the engine of the project's tsup build, same
 * target and platform) into one ES module, then run it with miniflare with
 * wrangler.toml's compatibility date and NO compatibility flags (no
 * nodejs_compat), so any `node:*` import fails the bundle or the load.
 *
 *   npx tsx tests/runtimes/workerd.ts examples/worker.ts
 *
 * Prints `fw example listening on http://127.0.0.1:PORT/api (workerd)`, like
 * examples/server.ts. PORT (default 8787; 0 = any free port) and HOST apply.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'

const root = resolve(import.meta.dirname, '../..')
const entry = process.argv[2] ?? 'examples/worker.ts'

/** `compatibility_date` from wrangler.toml, so tests and `wrangler dev` agree. */
function compatibilityDate(): string {
  const toml = readFileSync(resolve(root, 'wrangler.toml'), 'utf8')
  if (/^\s*compatibility_flags\s*=/m.test(toml)) throw new Error('wrangler.toml must not set compatibility_flags: fw runs on plain Workers')
  const date = /^\s*compatibility_date\s*=\s*"([\d-]+)"/m.exec(toml)?.[1]
  if (!date) throw new Error('wrangler.toml has no compatibility_date')
  return date
}

const outdir = resolve(root, 'tests/.tmp/workerd')
mkdirSync(outdir, { recursive: true })
const outfile = resolve(outdir, `${basename(entry, '.ts')}.mjs`)

await build({
  entryPoints: [resolve(root, entry)],
  outfile,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  // Like tsup.config.ts: no Node built-ins assumed; an import of one fails here.
  platform: 'neutral',
  mainFields: ['module', 'main'],
  conditions: ['workerd', 'worker', 'browser'],
  tsconfig: resolve(root, 'tsconfig.json'), // `fw` → src via `paths`
  logLevel: 'warning',
})

const mf = new Miniflare({
  // The bundle is given as one explicit module (as wrangler does): miniflare's
  // `modules: true` discovery rejects the computed `import()` in
  // src/service/run.ts, which exists precisely so bundles leave the Node server out.
  modules: [{ type: 'ESModule', path: outfile, contents: readFileSync(outfile, 'utf8') }],
  compatibilityDate: compatibilityDate(),
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
