/**
 * The published artefact (SPEC §1): tsup builds every subpath, `exports` points
 * at files that exist, publint is clean, and the root import graph is free of
 * Node built-ins so `export default service` bundles for Workers as is.
 *
 * Uses the run's one build (tests/helpers/dist.ts, in git-ignored tests/.tmp),
 * not dist/, so it never races with a developer's own `npm run build`.
 */
import { copyFile, cp, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { publint } from 'publint'
import { beforeAll, describe, expect, it } from 'vitest'
import { builtDist } from './helpers/dist'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'tests/.tmp/build')

interface PackageJson {
  main: string
  types: string
  exports: Record<string, string | Record<string, string>>
}
let pkg: PackageJson

beforeAll(async () => {
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  // A package directory of its own: package.json + dist, as `npm pack` would publish it.
  await copyFile(join(root, 'package.json'), join(out, 'package.json'))
  await cp(join(root, 'bin'), join(out, 'bin'), { recursive: true }) // the `fw-api` command (package.json `bin`)
  await cp(await builtDist(), join(out, 'dist'), { recursive: true }) // this run's one tsup build
  pkg = JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as PackageJson
}, 900_000) // the shared build may take minutes on a loaded machine (tests/helpers/dist.ts waits up to 840 s)

/** Every file `exports` (and `main`/`types`) names. */
function targets(): string[] {
  const files = [pkg.main, pkg.types]
  for (const target of Object.values(pkg.exports)) files.push(...(typeof target === 'string' ? [target] : Object.values(target)))
  return files
}

/** The package.json fields that say what a consumer installs with fw-api. */
interface PackageManifest {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

/** Standard Schema libraries besides valibot: fw reads their `~standard` and imports none of them. */
const STANDARD_LIBRARIES = ['zod', 'arktype'] as const

/**
 * Modules dist imports that package.json declares nowhere, each with its reason: postgres.js is
 * loaded by fw-api/orm for `engine: 'postgres'`, and a peer range made npm refuse to install fw-api
 * once postgres.js 4 was out (docs/orm.md, tsup.config.ts `external`).
 */
const UNDECLARED_EXTERNALS: ReadonlySet<string> = new Set(['postgres'])

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`, `ajv/dist/2020.js` → `ajv`). */
function packageName(specifier: string): string {
  const [first = '', second = ''] = specifier.split('/')
  return first.startsWith('@') ? `${first}/${second}` : first
}

const nodeBuiltins = new Set(builtinModules)
const isNodeBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || nodeBuiltins.has(specifier.split('/')[0] ?? '')

/** Static `import`/`export ... from` specifiers of an ES module (tsup's output is one statement per line). */
function staticImports(code: string): string[] {
  const found: string[] = []
  for (const match of code.matchAll(/^\s*(?:import\s*|(?:import|export)\s[^'"`;]*?\bfrom\s*)['"]([^'"]+)['"]/gm)) found.push(match[1] as string)
  return found
}

/** The bare specifiers reachable from `entry` through static imports only (and the code of its files). */
async function staticGraph(entry: string, code: string[] = []): Promise<Set<string>> {
  const bare = new Set<string>()
  const seen = new Set<string>()
  const queue = [entry]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const text = await readFile(file, 'utf8')
    code.push(text)
    for (const specifier of staticImports(text)) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier))
      else bare.add(specifier)
    }
  }
  return bare
}

describe('build (tsup)', () => {
  it('produces every file package.json exports', async () => {
    const missing: string[] = []
    for (const file of targets()) {
      try {
        await readFile(join(out, file))
      } catch {
        missing.push(file)
      }
    }
    expect(missing).toEqual([])
    expect(targets().filter((file) => file.endsWith('.d.ts')).length).toBeGreaterThanOrEqual(Object.keys(pkg.exports).length - 1)
  })

  it('has no static Node built-in import in any subpath graph', async () => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue
      const entry = join(out, target.default as string)
      if (subpath === './adapters' || subpath.startsWith('./node')) continue // Node-only by design
      const bare = [...(await staticGraph(entry))]
      // the scanner works: the root reaches valibot
      if (subpath === '.') expect(bare).toContain('valibot')
      expect(bare.filter(isNodeBuiltin), `${subpath} imports Node built-ins`).toEqual([])
    }
  })

  it('imports no schema library but valibot: zod and arktype are optional peers, @valibot/to-json-schema is bundled (SPEC §3.6)', async () => {
    const manifest = JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as PackageManifest
    for (const library of STANDARD_LIBRARIES) {
      expect(manifest.dependencies?.[library], `${library} is not a dependency`).toBeUndefined()
      expect(manifest.peerDependenciesMeta?.[library]?.optional, `${library} is an optional peer`).toBe(true)
    }
    const bundled = '@valibot/to-json-schema'
    expect(manifest.dependencies?.[bundled], `${bundled} is bundled, not installed`).toBeUndefined()
    expect(manifest.peerDependencies?.[bundled], `${bundled} is bundled, not a peer`).toBeUndefined()
    const offenders: string[] = []
    for (const entry of await readdir(join(out, 'dist'), { recursive: true })) {
      if (!entry.endsWith('.js') && !entry.endsWith('.d.ts')) continue
      const text = await readFile(join(out, 'dist', entry), 'utf8')
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1] as string)
      const named = specifiers.filter((specifier) => [...STANDARD_LIBRARIES, bundled].some((library) => specifier === library || specifier.startsWith(`${library}/`)))
      offenders.push(...named.map((specifier) => `${entry}: ${specifier}`))
    }
    expect(offenders).toEqual([])
  })

  it('imports only what package.json declares, and bundles only what docs/architecture.md says it bundles', async () => {
    const manifest = JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as PackageManifest
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})])
    const undeclared: string[] = []
    const bundled = new Set<string>()
    for (const entry of await readdir(join(out, 'dist'), { recursive: true })) {
      if (!entry.endsWith('.js')) continue
      const text = await readFile(join(out, 'dist', entry), 'utf8')
      const dynamic = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] as string)
      for (const specifier of [...staticImports(text), ...dynamic]) {
        if (specifier.startsWith('.') || isNodeBuiltin(specifier)) continue
        const name = packageName(specifier)
        if (!declared.has(name) && !UNDECLARED_EXTERNALS.has(name)) undeclared.push(`${entry}: ${specifier}`)
      }
      // esbuild heads each bundled module with its path: `// ../node_modules/@valibot/to-json-schema/dist/index.mjs`
      for (const match of text.matchAll(/^\/\/ (?:\S*\/)?node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//gm)) bundled.add(match[1] as string)
    }
    expect(undeclared, 'imported by dist but neither a dependency nor a peer').toEqual([])
    expect([...bundled].filter((name) => declared.has(name)), 'bundled although installed with fw-api').toEqual([])
    const architecture = await readFile(join(root, 'docs/architecture.md'), 'utf8')
    const justified = [...architecture.matchAll(/^\| `([^`]+)` \|[^|]*bundled into `dist\/`/gm)].map((match) => match[1] as string)
    expect([...bundled].sort(), 'bundled into dist: each needs its row in docs/architecture.md "Libraries"').toEqual(justified.sort())
    // a bundled package's license travels with it: its copyright line is in the LICENSE fw-api publishes
    const license = await readFile(join(root, 'LICENSE'), 'utf8')
    for (const name of bundled) {
      const directory = join(root, 'node_modules', name)
      const file = (await readdir(directory)).find((entry) => /^licen[cs]e/i.test(entry))
      const copyright = file ? (await readFile(join(directory, file), 'utf8')).split('\n').find((line) => line.startsWith('Copyright')) : undefined
      expect(copyright && license.includes(copyright), `${name}: its license notice (${copyright ?? 'no LICENSE file'}) is in LICENSE`).toBe(true)
    }
  })

  it('emits declarations that import no Node built-in (no @types/node needed; tests/package checks them in a consumer)', async () => {
    const offenders: string[] = []
    for (const entry of await readdir(join(out, 'dist'), { recursive: true })) {
      if (!entry.endsWith('.d.ts')) continue
      const text = await readFile(join(out, 'dist', entry), 'utf8')
      const specifiers = [...text.matchAll(/(?:from|import)\s*['"]([^'"]+)['"]/g)].map((match) => match[1] as string)
      offenders.push(...specifiers.filter(isNodeBuiltin).map((specifier) => `${entry}: ${specifier}`))
    }
    expect(offenders).toEqual([])
  })

  it('loads the Symbol.metadata polyfill from every subpath that has decorators', async () => {
    for (const file of ['dist/index.js', 'dist/api/index.js', 'dist/request/index.js']) {
      const code: string[] = []
      await staticGraph(join(out, file), code)
      expect(code.join('\n'), file).toContain('Symbol.for("Symbol.metadata")')
    }
  })

  it('bundles the root for a browser/Workers target with no Node polyfills', async () => {
    const result = await build({
      entryPoints: [join(out, 'dist/index.js')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      nodePaths: [join(root, 'node_modules')],
      logLevel: 'silent',
    })
    expect(result.errors).toEqual([])
    expect(result.outputFiles[0]?.text).toContain('Symbol.metadata')
  })

  it('shares one copy of each class across subpaths (instanceof works)', async () => {
    const load = (file: string): Promise<Record<string, unknown>> => import(pathToFileURL(join(out, 'dist', file)).href) as Promise<Record<string, unknown>>
    const [main, api, exceptions, request] = await Promise.all([load('index.js'), load('api/index.js'), load('exceptions/index.js'), load('request/index.js')])
    expect((main.exceptions as Record<string, unknown>).NotFound).toBe(exceptions.NotFound)
    expect((main.api as Record<string, unknown>).API).toBe(api.API)
    expect(main.Param).toBe(request.Param)
  })

  it('passes publint', async () => {
    const { messages } = await publint({ pkgDir: out, level: 'suggestion', strict: true, pack: false })
    expect(messages).toEqual([])
  })
})
