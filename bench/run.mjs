#!/usr/bin/env node
/**
 * `npm run bench`: builds the benchmark apps with esbuild, then runs
 *   1. in-process runs on Node, Bun and Deno (floor, Hono, fw; byte-identical responses asserted first),
 *   2. the scale (10 → 1000 endpoints) and memory (1M requests) runs on Node,
 *   3. loopback HTTP runs with wrk on Node (@hono/node-server; Fastify) and Bun (Bun.serve),
 * and writes bench/RESULTS.md (and bench/results.json).
 *
 * Env: BENCH_ROUNDS (in-process rounds, 7), BENCH_MS (ms per batch, 80), BENCH_WRK_SECONDS (3),
 * BENCH_WRK_ROUNDS (2), BENCH_WRK_CONNECTIONS (50), BENCH_MEM_REQUESTS (1000000),
 * BENCH_SKIP (comma list of: inproc,scale,node-http,bun-http; for quick partial runs).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const BUN = bin('bun')
const DENO = bin('deno')
const env = (name, fallback) => process.env[name] ?? fallback
const skip = new Set(env('BENCH_SKIP', '').split(',').filter(Boolean))
const started = Date.now()
const log = (...args) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...args)

// ---------------------------------------------------------------- build
mkdirSync(out, { recursive: true })
const common = { bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') }
await build({ ...common, entryPoints: ['bench/inproc.ts'], outfile: path.join(out, 'inproc.mjs') })
await build({ ...common, entryPoints: ['bench/scale.ts'], outfile: path.join(out, 'scale.mjs') })
await build({ ...common, entryPoints: ['bench/server.ts'], outfile: path.join(out, 'server.mjs'), external: ['fastify', '@hono/node-server'] })
await build({ ...common, entryPoints: ['bench/schemas.ts'], outfile: path.join(out, 'fixtures.mjs') })
await build({ ...common, entryPoints: ['bench/check.ts'], outfile: path.join(out, 'check.mjs') })
const { fixtures } = await import(path.join(out, 'fixtures.mjs'))

// ---------------------------------------------------------------- machine
const version = (cmd, args) => {
  const result = spawnSync(cmd, args, { encoding: 'utf8' })
  return `${result.stdout}${result.stderr}`.trim().split('\n')[0]
}
const pkgVersion = (name) => JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version
const machine = {
  cpu: `${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}`,
  memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
  bun: version(BUN, ['--version']),
  deno: version(DENO, ['--version']),
  wrk: version('wrk', ['--version']).replace(/ Copyright.*/, ''),
  packages: Object.fromEntries(['hono', '@hono/valibot-validator', '@hono/node-server', 'fastify', 'valibot', 'esbuild'].map((name) => [name, pkgVersion(name)])),
  fw: JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version,
  commit: version('git', ['-C', root, 'rev-parse', '--short', 'HEAD']),
  loadBefore: os.loadavg().map((value) => value.toFixed(2)).join(' '),
}

function runJson(cmd, args, extraEnv = {}) {
  log(cmd.split('/').pop(), args.join(' '))
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 })
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}\n${result.stdout}`)
  return JSON.parse(result.stdout.trim().split('\n').pop())
}

const results = { machine, checks: [], inproc: {}, scale: {}, http: {} }

// ---------------------------------------------------------------- 0. correctness of the hot-path rewrites
{
  const check = spawnSync(process.execPath, [path.join(out, 'check.mjs')], { cwd: root, encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`bench/check.ts failed:\n${check.stderr}${check.stdout}`)
  results.checks = check.stdout.trim().split('\n')
  log(...results.checks)
}
const inprocEnv = { BENCH_ROUNDS: env('BENCH_ROUNDS', '7'), BENCH_MS: env('BENCH_MS', '80') }

// ---------------------------------------------------------------- 1. in-process
if (!skip.has('inproc')) {
  results.inproc.node = runJson(process.execPath, [path.join(out, 'inproc.mjs')], inprocEnv)
  results.inproc.bun = runJson(BUN, [path.join(out, 'inproc.mjs')], inprocEnv)
  results.inproc.deno = runJson(DENO, ['run', '-A', path.join(out, 'inproc.mjs')], inprocEnv)
}

// ---------------------------------------------------------------- 2. scale and memory
if (!skip.has('scale')) {
  const scaleEnv = { ...inprocEnv, BENCH_ROUNDS: '5', BENCH_MEM_REQUESTS: env('BENCH_MEM_REQUESTS', '1000000') }
  results.scale.node = runJson(process.execPath, ['--expose-gc', path.join(out, 'scale.mjs')], scaleEnv)
  results.scale.bun = runJson(BUN, [path.join(out, 'scale.mjs')], scaleEnv)
}

// ---------------------------------------------------------------- 3. loopback HTTP
const wrkSeconds = Number(env('BENCH_WRK_SECONDS', '3'))
const wrkRounds = Number(env('BENCH_WRK_ROUNDS', '2'))
const connections = Number(env('BENCH_WRK_CONNECTIONS', '50'))

function luaFor(fixture) {
  const file = path.join(out, `${fixture.id}.lua`)
  const lines = [`wrk.method = ${JSON.stringify(fixture.method)}`]
  if (fixture.body !== undefined) {
    lines.push(`wrk.body = ${JSON.stringify(fixture.body)}`, `wrk.headers["Content-Type"] = ${JSON.stringify(fixture.contentType)}`)
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

function startServer(runtime, app, port) {
  const cmd = runtime === 'bun' ? BUN : process.execPath
  const child = spawn(cmd, [path.join(out, 'server.mjs'), app, String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => reject(new Error(`${runtime} ${app}: no READY`)), 15_000)
    child.stdout.on('data', (chunk) => {
      text += chunk
      if (text.includes('READY')) {
        clearTimeout(timer)
        resolve({ app, port, child })
      }
    })
    child.on('exit', (code) => reject(new Error(`${runtime} ${app} exited (${code})`)))
  })
}

async function fetchFixture(port, fixture) {
  const init = fixture.method === 'GET' ? {} : { method: 'POST', headers: { 'content-type': fixture.contentType }, body: fixture.body }
  const response = await fetch(`http://127.0.0.1:${port}${fixture.path}`, init)
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
}

function wrk(port, fixture, seconds) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', luaFor(fixture), `http://127.0.0.1:${port}${fixture.path}`]
  const result = spawnSync('wrk', args, { encoding: 'utf8', timeout: (seconds + 20) * 1000 })
  const text = result.stdout
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN)
  const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? NaN)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0)
  const errors = /Socket errors:.*/.exec(text)?.[0]
  return { rps, requests, non2xx, errors }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function httpRun(runtime, apps, firstPort) {
  const servers = []
  try {
    for (const [index, app] of apps.entries()) servers.push(await startServer(runtime, app, firstPort + index))
    // Same bytes over the wire (Fastify: same body; its content-type adds a charset; E5 message and E4 differ, so checked by status only / skipped).
    const checks = []
    for (const fixture of fixtures) {
      const seen = []
      for (const server of servers) {
        if (server.app === 'fastify' && fixture.id === 'E4') continue
        seen.push([server.app, await fetchFixture(server.port, fixture)])
      }
      const [, first] = seen[0]
      for (const [app, snap] of seen) {
        const same = app === 'fastify' ? snap.status === first.status && (fixture.id === 'E5' || snap.body === first.body) : snap.status === first.status && snap.type === first.type && snap.body === first.body
        if (!same || snap.status !== fixture.status) throw new Error(`${runtime} loopback ${fixture.id}: ${app} answered ${JSON.stringify(snap)}, ${seen[0][0]} ${JSON.stringify(first)}`)
      }
      checks.push(fixture.id)
    }
    const table = {}
    for (const fixture of fixtures) {
      const targets = servers.filter((server) => !(server.app === 'fastify' && fixture.id === 'E4'))
      const samples = Object.fromEntries(targets.map((server) => [server.app, []]))
      for (const server of targets) wrk(server.port, fixture, 1) // warm-up
      for (let round = 0; round < wrkRounds; round++) {
        for (let k = 0; k < targets.length; k++) {
          const server = targets[(k + round) % targets.length]
          const cpuStart = cpuSeconds(server.child.pid)
          const result = wrk(server.port, fixture, wrkSeconds)
          const cpu = cpuSeconds(server.child.pid) - cpuStart
          const expectedNon2xx = fixture.status === 200 ? 0 : result.requests
          if (result.non2xx !== expectedNon2xx && !(fixture.status !== 200 && result.non2xx > 0)) log(`warning: ${runtime} ${server.app} ${fixture.id}: ${result.non2xx} non-2xx of ${result.requests}`)
          if (result.errors) log(`warning: ${runtime} ${server.app} ${fixture.id}: ${result.errors}`)
          samples[server.app].push({ rps: result.rps, cpuUsPerRequest: (cpu * 1e6) / result.requests })
        }
      }
      table[fixture.id] = Object.fromEntries(
        Object.entries(samples).map(([app, list]) => [app, { rps: median(list.map((s) => s.rps)), cpuUs: median(list.map((s) => s.cpuUsPerRequest)), rounds: list }]),
      )
      log(runtime, fixture.id, Object.entries(table[fixture.id]).map(([app, r]) => `${app} ${r.rps.toFixed(0)}/s ${r.cpuUs.toFixed(1)}µs`).join('  '))
    }
    return { checks, table }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM')
  }
}

if (!skip.has('node-http')) results.http.node = await httpRun('node', ['floor', 'hono', 'fw', 'fastify'], 3301)
if (!skip.has('bun-http')) results.http.bun = await httpRun('bun', ['floor', 'hono', 'fw'], 3401)
machine.loadAfter = os.loadavg().map((value) => value.toFixed(2)).join(' ')
machine.seconds = Math.round((Date.now() - started) / 1000)

// ---------------------------------------------------------------- report
results.httpConfig = { wrkSeconds, wrkRounds, connections }
writeFileSync(path.join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
const { renderReport } = await import('./report.mjs')
writeFileSync(path.join(here, 'RESULTS.md'), renderReport(results, { fixtures, wrkSeconds, wrkRounds, connections }))
log(`wrote bench/RESULTS.md in ${machine.seconds}s`)
if (!existsSync(path.join(here, 'RESULTS.md'))) process.exit(1)
