/**
 * The package as `npm publish` would ship it, built once and shared by the
 * tests that need it (tests/package/consumer.test.ts, tests/package/docs.test.ts):
 * tsup into a temp dir, `npm pack`, and the tarball installed (with valibot)
 * into a fresh consumer project. The result is cached per checkout, in a temp
 * directory named for the checkout's path (outside it, so no node_modules
 * above the consumer project leaks types into it), under a hash of what goes
 * into the package: test files running in parallel (or again) build it once.
 * A lock directory naming its owner's pid makes the others wait for the
 * first; two checkouts never wait on each other, and a lock whose owner died
 * is taken over at once.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, cp, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { builtDist } from '../helpers/dist'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const run = promisify(execFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const PUBLISHED = ['package.json', 'README.md', 'LICENSE']
const STALE_MS = 30 * 60_000
/** Longer than a build on a loaded two-core machine (tsup + npm pack + npm install: 1–6 min). */
const WAIT_MS = 15 * 60_000
/** This checkout's cache, outside it (no node_modules above a consumer project): temp dir + a hash of the path. */
const cache = join(tmpdir(), `fw-packed-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`)

/** Where a packed build lives: `consumer/` has the tarball installed. */
export interface Packed {
  work: string
  consumer: string
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(path)))
    else out.push(path)
  }
  return out
}

/** A hash of everything the tarball is made from. */
async function sourceHash(): Promise<string> {
  const hash = createHash('sha256')
  const files = [...PUBLISHED, 'tsup.config.ts', 'tsconfig.json'].map((name) => join(root, name))
  files.push(...(await filesUnder(join(root, 'src'))).sort(), ...(await filesUnder(join(root, 'bin'))).sort())
  for (const file of files) hash.update(relative(root, file)).update('\0').update(await readFile(file)).update('\0')
  return hash.digest('hex').slice(0, 16)
}

async function build(target: string): Promise<void> {
  const pkgDir = join(target, 'package')
  const consumer = join(target, 'consumer')
  await mkdir(pkgDir, { recursive: true })
  await mkdir(join(consumer, 'src'), { recursive: true })
  for (const name of PUBLISHED) await copyFile(join(root, name), join(pkgDir, name))
  // This run's one tsup build (tests/helpers/dist.ts), not dist/, so a developer's build is untouched.
  await cp(await builtDist(), join(pkgDir, 'dist'), { recursive: true })
  await cp(join(root, 'bin'), join(pkgDir, 'bin'), { recursive: true }) // the `fw-api` command and its templates
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', target], { cwd: pkgDir })
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>
  if (!packed) throw new Error('npm pack produced nothing')
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', join(target, packed.filename), 'valibot'], { cwd: consumer })
}

/** Builds of other sources left in this checkout by earlier runs (over two hours old). */
async function removeOld(): Promise<void> {
  for (const name of await readdir(cache)) {
    if (!/^packed-[0-9a-f]{16}$/.test(name)) continue
    const path = join(cache, name)
    const old = await stat(path).then((s) => Date.now() - s.mtimeMs > 2 * 60 * 60_000, () => false)
    if (old) await rm(path, { recursive: true, force: true })
  }
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms))
}

/** A lock whose owning process is gone, or older than any build. */
async function stale(lock: string): Promise<boolean> {
  const age = await stat(lock).then((info) => Date.now() - info.mtimeMs, () => 0)
  if (age > STALE_MS) return true
  const owner = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''))
  if (!owner) return false // just made: its pid file is being written
  try {
    process.kill(owner, 0)
    return false
  } catch {
    return true
  }
}

/**
 * The packed package installed in a consumer project, built on first use.
 *
 * @example
 * const { consumer } = await packedPackage()   // consumer/node_modules/fw-api is the tarball
 */
export async function packedPackage(timeoutMs = WAIT_MS): Promise<Packed> {
  await mkdir(cache, { recursive: true })
  const work = join(cache, `packed-${await sourceHash()}`)
  const packed = { work, consumer: join(work, 'consumer') }
  const lock = `${work}.lock`
  const deadline = Date.now() + timeoutMs
  while (!existsSync(work)) {
    try {
      await mkdir(lock)
      await writeFile(join(lock, 'pid'), String(process.pid))
    } catch {
      // another test file is building it: wait, unless its lock is stale (its owner died)
      if (await stale(lock)) await rm(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`packedPackage: timed out waiting for ${lock}`)
      await sleep(250)
      continue
    }
    const partial = `${work}.partial-${process.pid}`
    try {
      // The lock's last owner may have built it between this loop's check and the lock (it renames, then
      // unlocks): building again would rename onto the finished build (ENOTEMPTY).
      if (existsSync(work)) break
      await removeOld()
      await build(partial)
      await rename(partial, work)
    } finally {
      await rm(partial, { recursive: true, force: true })
      await rm(lock, { recursive: true, force: true })
    }
  }
  return packed
}

/** The optional peers of fw-api/orm and fw-api/testing (not installed by npm with the tarball; drizzle-kit: `orm.Database({ create: true })`). */
export const PEERS = ['drizzle-orm', 'drizzle-valibot', 'drizzle-kit', '@electric-sql/pglite', 'postgres', 'ajv', 'ajv-formats', 'fast-check', '@opentelemetry/api', 'crossws']

/**
 * Links this repository's copies of the optional peers (ORM, testing, WebSockets) next to the installed tarball.
 * The packed build lives in this checkout, but a link an earlier run made may point at a
 * peer since removed: a link is replaced atomically (a new link renamed over it); a link already
 * pointing here is kept.
 *
 * @example
 * await linkPeers((await packedPackage()).consumer)
 */
export async function linkPeers(consumer: string): Promise<void> {
  for (const name of PEERS) {
    const target = join(root, 'node_modules', name)
    const link = join(consumer, 'node_modules', name)
    await mkdir(join(link, '..'), { recursive: true })
    if ((await readlink(link).catch(() => undefined)) === target) continue
    const fresh = `${link}.link-${process.pid}-${Math.random().toString(36).slice(2)}`
    await symlink(target, fresh, 'dir')
    await rename(fresh, link)
  }
}

/**
 * Installs a user project's dependencies without the network, as npm would: fw-api is the packed
 * tarball's install, copied (not linked, so it resolves its optional peers from the project, as a
 * real install does: a peer the project does not name is missing), with its own dependencies
 * (valibot, cookie, fast-xml-parser) beside it; every other package the project's package.json
 * names (dependencies and devDependencies) is linked from this repository's node_modules. A
 * package named there that this repository lacks is an error naming it. Returns the names.
 *
 * @example
 * await linkDependencies(projectDir, (await packedPackage()).consumer)
 */
export async function linkDependencies(project: string, consumer: string): Promise<string[]> {
  const manifestOf = async (dir: string) => JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
  const installed = join(consumer, 'node_modules/fw-api')
  const names = Object.keys({ ...(await manifestOf(project)).dependencies, ...(await manifestOf(project)).devDependencies })
  const fwDependencies = Object.keys((await manifestOf(installed)).dependencies ?? {})
  await rm(join(project, 'node_modules'), { recursive: true, force: true })
  for (const name of new Set([...names, ...fwDependencies])) {
    const link = join(project, 'node_modules', name)
    await mkdir(join(link, '..'), { recursive: true })
    if (name === 'fw-api') {
      await cp(installed, link, { recursive: true })
      continue
    }
    const from = fwDependencies.includes(name) ? join(consumer, 'node_modules', name) : join(root, 'node_modules', name)
    if (!existsSync(from)) throw new Error(`linkDependencies: ${name} (named by ${project}/package.json) is not installed in ${from}`)
    await symlink(from, link, 'dir')
  }
  return names
}
