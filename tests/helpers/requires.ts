/**
 * External programs some tests need (Chromium, a PostgreSQL server, Redis):
 * found once per test file. Where one is missing the tests that need it skip,
 * and one line says how to enable them — unless `FW_REQUIRE_SERVICES=1`
 * (set by `.ci/run`, which installs them), where a missing one fails the file.
 * Bun, Deno and workerd come from npm (`npm install`), so they are not here.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

/** The path of a command on PATH, or undefined. */
export function which(...commands: string[]): string | undefined {
  for (const command of commands) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim()
      if (found) return found
    } catch {
      // not on PATH: try the next name
    }
  }
  return undefined
}

/** The first directory holding every one of `files`, or undefined. */
export function dirWith(candidates: readonly (string | undefined)[], files: readonly string[]): string | undefined {
  return candidates.find((dir): dir is string => !!dir && files.every((file) => existsSync(join(dir, file))))
}

const announced = new Set<string>()

/**
 * Why tests needing `what` are skipped (undefined when `found`). Prints the
 * reason once per file; throws when `FW_REQUIRE_SERVICES=1`.
 */
export function requirement(what: string, found: unknown, howToEnable: string): string | undefined {
  if (found) return undefined
  const reason = `skipped: no ${what} — ${howToEnable}`
  if (process.env.FW_REQUIRE_SERVICES === '1') throw new Error(`${what} is required here (FW_REQUIRE_SERVICES=1): ${howToEnable}`)
  if (!announced.has(what)) {
    announced.add(what)
    console.warn(reason)
  }
  return reason
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
