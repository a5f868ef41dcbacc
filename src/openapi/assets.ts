/**
 * Files the docs routes read from disk, loaded lazily through
 * `process.getBuiltinModule` (Node >= 20.16, Bun, Deno), so the core keeps no
 * `node:*` import and still bundles for Workers (where nothing is on disk:
 * give `docs.scriptUrl` there, see docs/openapi.md).
 */
import { builtinModule } from '../node/io/runtime'

/** The parts of `node:fs` and `node:module` read here, typed here so the core's sources carry no `node:*` types. */
interface Fs {
  readFileSync(file: string, encoding: 'utf8'): string
  existsSync(file: string): boolean
  promises: { readFile(file: string): Promise<Uint8Array> }
}
interface Module {
  createRequire(from: string): { resolve(id: string): string }
}

/** The package that holds the page's script (an optional peer dependency). */
export const SCALAR_PACKAGE = '@scalar/api-reference'

/** The standalone bundle's path inside that package. */
const SCALAR_BUNDLE = 'dist/browser/standalone.js'

/** The Scalar standalone bundle found on disk: its file and the package version (for a cacheable URL). */
export interface ScriptAsset {
  file: string
  version: string
}

const readJson = (fs: Fs, file: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Find the installed `@scalar/api-reference` (resolved from `from`, a file
 * URL or path), or `undefined` when it is not installed or nothing can read
 * the disk (Workers).
 *
 * @example
 * findScript(import.meta.url) // { file: '/app/node_modules/@scalar/api-reference/dist/browser/standalone.js', version: '1.46.4' }
 */
export function findScript(from: string): ScriptAsset | undefined {
  const fs = builtinModule<Fs>('node:fs')
  const module = builtinModule<Module>('node:module')
  if (!fs || !module) return undefined
  try {
    // The package's exports map hides its files: resolve its entry and walk up to its root.
    let dir = module
      .createRequire(from)
      .resolve(SCALAR_PACKAGE)
      .replace(/[\\/][^\\/]*$/, '')
    for (let depth = 0; depth < 5 && !fs.existsSync(`${dir}/package.json`); depth++)
      dir = dir.replace(/[\\/][^\\/]*$/, '')
    const version = readJson(fs, `${dir}/package.json`)?.version
    const file = `${dir}/${SCALAR_BUNDLE}`
    return typeof version === 'string' && fs.existsSync(file) ? { file, version } : undefined
  } catch {
    return undefined
  }
}

/**
 * Read a file's bytes (the script, once, when first asked for).
 *
 * @example
 * const bytes = await readAsset('/app/node_modules/@scalar/api-reference/dist/browser/standalone.js')
 */
export async function readAsset(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const fs = builtinModule<Fs>('node:fs')
  if (!fs) throw new Error(`cannot read ${file}: this runtime has no file system`)
  return new Uint8Array(await fs.promises.readFile(file))
}

/**
 * The `version` of the nearest package.json above a module (the service's
 * `import.meta.url`): the document's default version. `undefined` when the
 * module is not a file or nothing can read the disk.
 *
 * @example
 * packageVersion(import.meta.url) // '1.2.0'
 */
export function packageVersion(moduleUrl: string | undefined): string | undefined {
  const fs = builtinModule<Fs>('node:fs')
  if (!fs || !moduleUrl?.startsWith('file:')) return undefined
  let dir: string
  try {
    dir = decodeURIComponent(new URL('.', moduleUrl).pathname).replace(/\/$/, '')
  } catch {
    return undefined
  }
  for (let depth = 0; depth < 20 && dir; depth++) {
    const pkg = fs.existsSync(`${dir}/package.json`)
      ? readJson(fs, `${dir}/package.json`)
      : undefined
    if (pkg) return typeof pkg.version === 'string' ? pkg.version : undefined
    dir = dir.replace(/\/[^/]*$/, '')
  }
  return undefined
}
