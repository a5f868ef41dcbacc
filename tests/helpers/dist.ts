/**
 * The package built once per test run (see tests/setup/dist.ts): the first
 * caller runs tsup into the run's directory; every other caller, in any
 * worker, waits for it. Returns the directory holding the built `dist` files.
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
/** Longer than the tsup build on a loaded two-core machine (7–8 min seen with seven other engineers' runs beside it). */
const WAIT_MS = 840_000

async function status(dir: string): Promise<string | undefined> {
  try {
    return await readFile(`${dir}.status`, 'utf8')
  } catch {
    return undefined
  }
}

let built: Promise<string> | undefined

/** The run's tsup output directory (`dist/index.js`, `dist/index.d.ts`, …), built on first use. */
export function builtDist(): Promise<string> {
  built ??= build(inject('distDir'))
  return built
}

/**
 * Takes the build of `dir` for this worker: true when the lock was made here, false when
 * another worker holds it. The parent folder is made first: in a fresh checkout `tests/.tmp`
 * does not exist yet, and a lock that cannot be made there is not another worker's.
 *
 * @example
 * if (await takeBuild(dir)) await runTsup(dir)
 */
export async function takeBuild(dir: string): Promise<boolean> {
  await mkdir(dirname(dir), { recursive: true })
  try {
    await mkdir(`${dir}.lock`, { recursive: false })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false // another worker builds it
    throw error
  }
}

async function build(dir: string): Promise<string> {
  if (await takeBuild(dir)) {
    await mkdir(dir, { recursive: true })
    try {
      await run(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js'), '--silent', '--out-dir', dir], { cwd: root })
      await writeFile(`${dir}.status`, 'ok')
    } catch (error) {
      await writeFile(`${dir}.status`, `failed: ${String(error)}`)
      throw error
    }
    return dir
  }
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const state = await status(dir)
    if (state === 'ok') return dir
    if (state !== undefined) throw new Error(`the shared tsup build ${state}`)
    if (Date.now() > deadline) throw new Error(`the shared tsup build did not finish within ${WAIT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
