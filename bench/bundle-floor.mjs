/**
 * How far SPEC §5.2's 2× is from the core the SPEC asks for: the one-GET Worker of
 * bench/bundle-size.mjs built again with parts of the core left out, each part's modules replaced
 * by empty exports (the bundle no longer works; only its size is read). Shows what a core without
 * the `api` namespace's other members, the Standard Schema adapter, the CORS plugin, the hooks
 * and the doc settings would weigh, against Hono + @hono/valibot-validator's bundle of the same
 * endpoint. `node bench/bundle-floor.mjs`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleEntries, measureBundle } from './bundle-size.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const namespaceEntry = path.join(root, 'bench/bundle/fw-one-namespace.ts')

/** The parts left out, by name: the src/ modules each one is. */
const parts = {
  standard: ['schema/standard/plan', 'schema/standard/json', 'schema/standard/zod-async', 'schema/standard/adapter'],
  cors: ['plugins/cors'],
  hooksAndDocs: ['api/doc', 'api/handle-doc', 'compile/hooks', 'pipeline/hook-steps'],
}

/**
 * An esbuild plugin that loads each of `modules` (paths under src/, no extension) as empty
 * functions under the names it exports.
 *
 * @param {string[]} modules
 * @returns {import('esbuild').Plugin}
 */
function leaveOut(modules) {
  const filter = new RegExp(`/src/(${modules.join('|')})\\.ts$`)
  return {
    name: 'leave-out',
    setup(builder) {
      builder.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8')
        const declared = [...source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|class|let)\s+([\w$]+)/g)]
        const listed = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
          (match[1] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/).pop() ?? ''),
        )
        const names = new Set([...declared.map((match) => match[1]), ...listed])
        const exports = [...names].filter((name) => name && !name.startsWith('type '))
        return { contents: exports.map((name) => `export const ${name} = () => {}`).join('\n'), loader: 'ts' }
      })
    },
  }
}

/**
 * The minified size of `entry` built as bench/bundle-size.mjs builds it, `modules` left out.
 *
 * @param {string} entry
 * @param {string[]} modules
 * @returns {Promise<number>}
 */
async function bytesWithout(entry, modules) {
  return (await measureBundle(entry, modules.length > 0 ? [leaveOut(modules)] : [])).bytes
}

const hono = (await measureBundle(bundleEntries.hono)).bytes
const rows = [
  ['the core as it is', bundleEntries.fw, []],
  ['`api` as a module namespace', namespaceEntry, []],
  ['no Standard Schema adapter', bundleEntries.fw, parts.standard],
  ['no CORS plugin', bundleEntries.fw, parts.cors],
  ['namespace, no Standard adapter, no CORS', namespaceEntry, [...parts.standard, ...parts.cors]],
  [
    'namespace, no Standard adapter, no CORS, no hooks, no doc settings',
    namespaceEntry,
    [...parts.standard, ...parts.cors, ...parts.hooksAndDocs],
  ],
]
console.log(`Hono + @hono/valibot-validator ${hono.toLocaleString('en')} B; 2× is ${(2 * hono).toLocaleString('en')} B`)
for (const [name, entry, modules] of rows) {
  const bytes = await bytesWithout(entry, modules)
  console.log(`${bytes.toLocaleString('en').padStart(8)} B  ${(bytes / hono).toFixed(2)}×  ${name}`)
}
