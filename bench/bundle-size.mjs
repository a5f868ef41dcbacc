/**
 * The one-endpoint Worker bundle of SPEC §5.2, fw against Hono + @hono/valibot-validator:
 * both entries in bench/bundle/ built by esbuild as wrangler builds a Worker (bundle, minify,
 * ESM, platform neutral, conditions workerd/worker/browser, wrangler's mainFields), their
 * sizes raw and gzipped, the ratio, and fw's biggest inputs from the metafile.
 * `node bench/bundle-size.mjs [--top n] [--write file]` (`--write`: fw's minified bundle, to read
 * what it holds); tests/package/bundle-size.test.ts holds the budget.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The entries measured, by name. */
export const bundleEntries = {
  fw: path.join(root, 'bench/bundle/fw-one.ts'),
  hono: path.join(root, 'bench/bundle/hono-one.ts'),
}

/**
 * Build `entry` as wrangler builds a Worker, in memory; `fw-api` resolves to src through
 * tsconfig.json's `paths`, so the measure is the source under test, not a stale dist/.
 *
 * @param {string} entry
 * @param {import('esbuild').Plugin[]} [plugins] more esbuild plugins (bench/bundle-floor.mjs leaves modules out by one)
 * @returns {Promise<{ bytes: number, gzipBytes: number, metafile: import('esbuild').Metafile, code: string }>}
 */
export async function measureBundle(entry, plugins = []) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    // wrangler's: the workerd/worker/browser conditions and browser-first main fields.
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    // `node:*` left as imports (not a failed build), so the metafile shows any the core pulls in.
    external: ['cloudflare:*', 'node:*'],
    absWorkingDir: root,
    tsconfig: path.join(root, 'tsconfig.json'),
    write: false,
    metafile: true,
    plugins,
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`)
  return {
    bytes: output.contents.byteLength,
    gzipBytes: gzipSync(output.contents, { level: 9 }).byteLength,
    metafile: result.metafile,
    code: output.text,
  }
}

/**
 * The inputs that contribute most bytes to the bundle, largest first.
 *
 * @param {import('esbuild').Metafile} metafile
 * @param {number} count
 * @returns {{ path: string, bytes: number }[]}
 */
export function biggestInputs(metafile, count) {
  const [output] = Object.values(metafile.outputs)
  if (!output) return []
  return Object.entries(output.inputs)
    .map(([input, { bytesInOutput }]) => ({ path: input, bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
}

/**
 * Every module the bundle imports from outside it (`node:*`, `cloudflare:*`), and every package
 * whose code it holds, by name: what tests/package/bundle-size.test.ts checks the core against.
 *
 * @param {import('esbuild').Metafile} metafile
 * @returns {{ external: string[], packages: string[] }}
 */
export function bundledModules(metafile) {
  const external = new Set()
  const packages = new Set()
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
    if (inPackage?.[1]) packages.add(inPackage[1])
    for (const imported of imports) if (imported.external) external.add(imported.path)
  }
  return { external: [...external].sort(), packages: [...packages].sort() }
}

/**
 * The bytes per package (or per top folder of src/) in the bundle, largest first.
 *
 * @param {import('esbuild').Metafile} metafile
 * @returns {{ group: string, bytes: number }[]}
 */
export function bytesByGroup(metafile) {
  const [output] = Object.values(metafile.outputs)
  const groups = new Map()
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
    const group = inPackage ? inPackage[1] : (/^src\/([^/]+)/.exec(input)?.[0] ?? input)
    groups.set(group, (groups.get(group) ?? 0) + bytesInOutput)
  }
  return [...groups].map(([group, bytes]) => ({ group, bytes })).sort((a, b) => b.bytes - a.bytes)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const topIndex = process.argv.indexOf('--top')
  const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25
  const fw = await measureBundle(bundleEntries.fw)
  const hono = await measureBundle(bundleEntries.hono)
  const writeIndex = process.argv.indexOf('--write')
  const written = writeIndex > 0 ? process.argv[writeIndex + 1] : undefined
  if (written) writeFileSync(written, fw.code)
  const kb = (bytes) => `${bytes.toLocaleString('en')} B`
  console.log(`fw   ${kb(fw.bytes).padStart(12)}  gzip ${kb(fw.gzipBytes).padStart(10)}`)
  console.log(`hono ${kb(hono.bytes).padStart(12)}  gzip ${kb(hono.gzipBytes).padStart(10)}`)
  console.log(
    `ratio ${(fw.bytes / hono.bytes).toFixed(2)}× raw, ${(fw.gzipBytes / hono.gzipBytes).toFixed(2)}× gzip`,
  )
  console.log('\nfw by package / src folder:')
  for (const { group, bytes } of bytesByGroup(fw.metafile)) console.log(`${kb(bytes).padStart(10)}  ${group}`)
  console.log(`\nfw's ${top} biggest inputs:`)
  for (const { path: input, bytes } of biggestInputs(fw.metafile, top)) console.log(`${kb(bytes).padStart(10)}  ${input}`)
}
