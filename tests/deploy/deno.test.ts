/**
 * The Deno recipe of docs/deploy.md, as a user project: its own deno.json
 * (no sloppy imports), fw from the built package, `export default service`
 * served by `deno serve --parallel` — two isolates answer.
 */
import { spawn } from 'node:child_process'
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bin, root, runCommand } from '../runtimes/runtimes'

let work = ''

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fw-deno-project-'))
  await cp(join(root, 'tests/deploy/deno-project'), work, { recursive: true })
  await symlink(join(root, 'node_modules'), join(work, 'node_modules'))
  const built = await runCommand([process.execPath, join(root, 'node_modules/tsup/dist/cli-default.js'), '--silent', '--out-dir', join(work, 'fw')], 120_000)
  expect(built.code, built.output).toBe(0)
}, 130_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

/** GET on a fresh connection. */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => void (body += chunk.toString()))
      response.on('end', () => resolve(body))
    })
    request.setTimeout(5000, () => request.destroy(new Error('timed out')))
    request.on('error', reject)
  })
}

describe('Deno: a user project served with deno serve --parallel', () => {
  it('needs no sloppy imports and answers from two isolates', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    const child = spawn(bin('deno'), ['serve', '--parallel', '-A', '--host', '127.0.0.1', '--port', String(port), 'main.ts'], {
      cwd: work,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DENO_JOBS: '2', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    try {
      const deadline = Date.now() + 60_000
      while (!/Listening on/.test(output) && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(output).toMatch(/Listening on/)
      const instances = new Set<string>()
      // The second isolate may bind a little after the first printed `Listening on`.
      const until = Date.now() + 30_000
      while (instances.size < 2 && Date.now() < until) {
        const body = JSON.parse(await get(`http://127.0.0.1:${port}/api/hello?name=deno`)) as { hello: string; instance: string }
        expect(body.hello).toBe('deno')
        instances.add(body.instance)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(instances.size).toBe(2)
      expect(output).not.toMatch(/sloppy/i)
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    }
  }, 90_000)
})
