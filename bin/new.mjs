/**
 * `fw-api new <dir> [--template minimal|api]`: writes a ready project into <dir>.
 *
 *   minimal  one API class (valibot), a test, a server, tsconfig, a vitest config
 *   api      minimal + signup/login/me with a JWT (fw-api/auth), notes with owner-only writes,
 *            paging, search and order (fw-api/orm on PGlite), zod input
 *
 * Templates live in bin/templates/<name>/ (`api` is written over `minimal`); `{{name}}` becomes
 * the project's name and `{{fwVersion}}` this package's version range. `gitignore` is written as
 * `.gitignore` (npm leaves dotfiles named .gitignore out of a package). An existing non-empty <dir>
 * is refused: nothing is overwritten.
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { basename, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const NEW_USAGE = 'usage: fw-api new <dir> [--template minimal|api]'
const TEMPLATES = ['minimal', 'api']
const templates = fileURLToPath(new URL('./templates/', import.meta.url))

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir, prefix = '') {
  const out = []
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = join(prefix, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, path)))
    else out.push(path)
  }
  return out
}

/** An npm package name made of the folder's name (lower case, npm's allowed characters). */
function packageName(dir) {
  const name = basename(resolve(dir)).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '')
  return name || 'my-api'
}

/**
 * Writes the project and returns the files written (relative to `dir`).
 *
 * @example
 * await newProject('my-api', { template: 'api' })
 */
export async function newProject(dir, { template = 'minimal' } = {}) {
  if (!TEMPLATES.includes(template)) throw new Error(`unknown template '${template}' (${TEMPLATES.join(', ')})`)
  if (existsSync(dir) && (await readdir(dir)).length > 0) throw new Error(`${dir} exists and is not empty: nothing written`)
  const { version } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'))
  const values = { name: packageName(dir), fwVersion: `^${version}` }
  const files = new Map()
  for (const layer of template === 'minimal' ? ['minimal'] : ['minimal', template]) {
    const from = join(templates, layer)
    for (const path of await filesUnder(from)) files.set(path, join(from, path))
  }
  const written = []
  for (const [path, source] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const text = (await readFile(source, 'utf8')).replace(/\{\{(name|fwVersion)\}\}/g, (_, key) => values[key])
    const target = join(dir, path === 'gitignore' ? '.gitignore' : path)
    await mkdir(join(target, '..'), { recursive: true })
    await writeFile(target, text)
    written.push(relative(dir, target))
  }
  return written
}

/** The command: `args` after `new`. */
export async function runNew(args, fail) {
  const index = args.indexOf('--template')
  let template
  if (index >= 0) {
    template = args[index + 1]
    if (template === undefined || template.startsWith('--')) fail(`--template needs a value\n${NEW_USAGE}`, 2)
    args.splice(index, 2)
  }
  const [dir, ...extra] = args
  if (!dir || extra.length) fail(NEW_USAGE, 2)
  try {
    const written = await newProject(dir, { template })
    process.stdout.write(`${written.map((file) => `  ${join(dir, file)}`).join('\n')}\n\nnext:\n  cd ${dir}\n  npm install\n  npm test\n  npm start\n`)
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
}
