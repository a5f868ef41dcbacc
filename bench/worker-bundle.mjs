/**
 * A Workers module as Cloudflare would run it, for bench/workerd.mjs and
 * tests/runtimes/workerd.ts (one home for both): bundled by esbuild (the engine
 * of the project's tsup build, same target and platform: no Node built-ins
 * assumed, so an import of one fails the bundle) into one ES module, and run
 * by miniflare with wrangler.toml's compatibility date and no compatibility flags.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Bundle `entry` (a path) into the ES module `outfile`; `fw-api` resolves to
 * src through tsconfig.json's `paths`. `cloudflare:*` modules are workerd's
 * own (left to it, as wrangler does); `node:*` ones too when the Worker runs
 * with the `nodejs_compat` flag (`nodeBuiltins`), else an import of one fails here.
 * `platform: 'browser'` bundles as wrangler does by default (esbuild's browser platform: a
 * package's `browser` field is honoured, as the OpenTelemetry JS SDK 2.x line needs to leave its
 * Node build out); the default `'neutral'` assumes nothing of the platform.
 *
 * @param {string} entry
 * @param {string} outfile
 * @param {{ nodeBuiltins?: boolean, platform?: 'neutral' | 'browser', plugins?: import('esbuild').Plugin[] }} [options]
 *   `plugins`: esbuild plugins resolving names first (bench/compare.mjs points `fw-api` at a commit's build)
 * @returns {Promise<void>}
 */
export async function bundleWorker(entry, outfile, options = {}) {
  const browser = options.platform === 'browser'
  await build({
    external: options.nodeBuiltins ? ['cloudflare:*', 'node:*'] : ['cloudflare:*'],
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    // Like tsup.config.ts: no Node built-ins assumed; an import of one fails here.
    // wrangler's default, the browser platform, reads `browser` first (esbuild's own default order)
    platform: browser ? 'browser' : 'neutral',
    mainFields: browser ? ['browser', 'module', 'main'] : ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    absWorkingDir: root,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: options.plugins ?? [],
  })
}

/**
 * `compatibility_date` from wrangler.toml, so tests, the bench and `wrangler dev` agree.
 *
 * @returns {string}
 */
export function compatibilityDate() {
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
  if (/^\s*compatibility_flags\s*=/m.test(toml)) throw new Error('wrangler.toml must not set compatibility_flags: fw runs on plain Workers')
  const date = /^\s*compatibility_date\s*=\s*"([\d-]+)"/m.exec(toml)?.[1]
  if (!date) throw new Error('wrangler.toml has no compatibility_date')
  return date
}

/**
 * The bundle as miniflare's `modules`: one explicit module, as wrangler gives
 * it (miniflare's `modules: true` discovery rejects a computed `import()`; fw has none: the
 * Node server is left out of bundles by living in the `fw-api/serve` entry, SPEC §5.2).
 *
 * @param {string} outfile
 * @returns {{ type: 'ESModule'; path: string; contents: string }[]}
 */
export function workerModules(outfile) {
  return [{ type: 'ESModule', path: outfile, contents: readFileSync(outfile, 'utf8') }]
}
