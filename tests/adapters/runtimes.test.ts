import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const script = 'tests/adapters/runtimes/check.ts'

/** Run the check script with another runtime and parse its JSON line. */
function run(command: string, args: string[]): Promise<{ runtime: string; results: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: root, timeout: 90_000 }, (error, stdout, stderr) => {
      const line = stdout.split('\n').find((text) => text.startsWith('{"runtime"'))
      if (line) resolve(JSON.parse(line))
      else reject(new Error(`${command} failed: ${error?.message ?? ''}\n${stderr}`))
    })
  })
}

const expected = {
  'mount express (bridge)': 'ok',
  'mount koa (bridge)': 'ok',
  'fromNode streaming + large body': 'ok',
  'attach express + runBackend': 'ok',
  'attach hono + runBackend': 'ok',
  'attach elysia + runBackend': 'ok',
  'attach express: a Host with / never moves into the path': 'ok',
  'a timeout that is not a number of ms: refused, named': 'ok',
}

describe('adapters on other runtimes', () => {
  it('Bun: Node bridge, Express/Hono attached and served, Elysia with its own listen()', async () => {
    const result = await run(`${root}node_modules/.bin/bun`, [script])
    expect(result).toEqual({ runtime: 'bun', results: expected })
  }, 120_000)

  it('Deno: the same', async () => {
    const result = await run(`${root}node_modules/.bin/deno`, ['run', '-A', '--unstable-sloppy-imports', script])
    expect(result).toEqual({ runtime: 'deno', results: expected })
  }, 120_000)
})
