/**
 * The recipes of docs/deploy.md, checked as a user would run them, with fw
 * installed from its built package (node_modules/fw-api: package.json + dist):
 * - Deno: a project with its own deno.json (no sloppy imports), `export
 *   default service` served by `deno serve --parallel` — two isolates answer;
 *   a project written for NodeNext (`./api.js` imports) runs with sloppy
 *   imports turned on in its own deno.json;
 * - Cloudflare Workers: a project with its own wrangler.toml bundles with
 *   `wrangler deploy --dry-run` (no nodejs_compat);
 * - Docker: the Dockerfile of the docs parses and follows the recipe.
 */
import { spawn } from 'node:child_process'
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtDist } from '../helpers/dist'
import { bin, root, runCommand } from '../runtimes/runtimes'

let work = ''

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'fw-user-project-'))
  await cp(join(root, 'tests/deploy/deno-project'), work, { recursive: true })
  await cp(join(root, 'tests/deploy/worker-project'), join(work, 'worker'), { recursive: true })
  // node_modules as npm would leave it: fw-api as published, its dependencies beside it.
  await mkdir(join(work, 'node_modules/fw-api'), { recursive: true })
  for (const name of await readdir(join(root, 'node_modules'))) {
    if (name !== 'fw-api' && name !== '.bin') await symlink(join(root, 'node_modules', name), join(work, 'node_modules', name))
  }
  await copyFile(join(root, 'package.json'), join(work, 'node_modules/fw-api/package.json'))
  // This run's one tsup build (tests/helpers/dist.ts), as npm would unpack it.
  await cp(await builtDist(), join(work, 'node_modules/fw-api/dist'), { recursive: true })
}, 900_000) // the shared build may still be running in another worker (tests/helpers/dist.ts waits up to 840 s)

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

describe('Deno: a project written for NodeNext (`./api.js` imports of .ts files)', () => {
  it('runs with sloppy imports turned on in its deno.json, and fails without them naming the flag', async () => {
    const project = join(work, 'nodenext')
    await cp(join(root, 'tests/deploy/deno-nodenext'), project, { recursive: true })
    await symlink(join(work, 'node_modules'), join(project, 'node_modules'))
    const env = { DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' }
    const run = () => runCommand([bin('deno'), 'run', '-A', '--config', join(project, 'deno.json'), join(project, 'main.ts')], 60_000, env)
    const served = await run()
    expect(served.output).toContain('nodenext 200 {"hello":"nodenext"}')
    const config = JSON.parse(await readFile(join(project, 'deno.json'), 'utf8')) as { unstable?: string[] }
    await writeFile(join(project, 'deno.json'), JSON.stringify({ ...config, unstable: undefined }))
    const refused = await run()
    expect(refused.code).not.toBe(0)
    expect(refused.output).toMatch(/Module not found .*api\.js.*sloppy-imports/s)
  }, 90_000)
})

describe('Cloudflare Workers: a user project with its own wrangler.toml', () => {
  it('bundles with wrangler deploy --dry-run, no nodejs_compat, no Node built-in', async () => {
    const toml = await readFile(join(work, 'worker/wrangler.toml'), 'utf8')
    expect(toml).not.toMatch(/^\s*compatibility_flags/m)
    const { code, output } = await runCommand([bin('wrangler'), 'deploy', '--dry-run', '--outdir', join(work, 'worker/out'), '--config', join(work, 'worker/wrangler.toml')], 90_000, { WRANGLER_SEND_METRICS: 'false', CI: 'true' })
    expect(code, output).toBe(0)
    const bundle = await readFile(join(work, 'worker/out/index.js'), 'utf8')
    expect(bundle).not.toMatch(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/)
    expect(bundle).toContain('GREETING')
  }, 100_000)
})

/** Dockerfile instructions (continuation lines joined), each as [keyword, rest]. */
function dockerInstructions(text: string): [string, string][] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'))
  return lines.map((line) => {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line)
    if (!match) throw new Error(`not a Dockerfile instruction: ${line}`)
    return [match[1] as string, match[2] as string]
  })
}

describe('Docker: the Dockerfile of docs/deploy.md', () => {
  it('is the one in the docs, parses, and follows the recipe (multi-stage, npm ci --omit=dev, non-root, health check)', async () => {
    const dockerfile = await readFile(join(root, 'tests/deploy/Dockerfile'), 'utf8')
    const docs = await readFile(join(root, 'docs/deploy.md'), 'utf8')
    expect(docs).toContain(dockerfile.trim())
    const known = new Set(['FROM', 'WORKDIR', 'COPY', 'RUN', 'ENV', 'USER', 'EXPOSE', 'HEALTHCHECK', 'CMD', 'ARG', 'LABEL', 'ENTRYPOINT'])
    const instructions = dockerInstructions(dockerfile)
    expect(instructions.filter(([keyword]) => !known.has(keyword))).toEqual([])
    expect(instructions.filter(([keyword]) => keyword === 'FROM').map(([, rest]) => rest)).toEqual(['node:22-slim AS build', 'node:22-slim AS runtime'])
    const runtime = instructions.slice(instructions.findIndex(([, rest]) => rest.endsWith('AS runtime')))
    expect(runtime.some(([keyword, rest]) => keyword === 'RUN' && rest.includes('npm ci --omit=dev'))).toBe(true)
    expect(runtime.find(([keyword]) => keyword === 'USER')?.[1]).toBe('node')
    expect(runtime.some(([keyword, rest]) => keyword === 'COPY' && rest.startsWith('--from=build'))).toBe(true)
    for (const [keyword, rest] of runtime.filter(([k]) => k === 'CMD' || k === 'HEALTHCHECK')) {
      const json = keyword === 'CMD' ? rest : rest.slice(rest.indexOf('CMD ') + 4)
      expect(() => JSON.parse(json), `${keyword} in exec form`).not.toThrow()
    }
  })
})
