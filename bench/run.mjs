#!/usr/bin/env node
/**
 * `npm run bench`: builds the benchmark apps with esbuild, then runs
 *   1. in-process runs on Node, Bun, Deno and workerd (floor, Hono, fw; byte-identical responses asserted first;
 *      body endpoints with and without Content-Length; Request construction timed on its own),
 *   2. the scale (10 → 1000 endpoints) and memory (1M requests) runs on Node and Bun,
 *   3. loopback HTTP runs with wrk on Node (fw's native path and, as fw-web, fw's fetch under @hono/node-server; Fastify) and Bun (Bun.serve; Elysia),
 * and writes bench/RESULTS.md and bench/results.json (git-ignored), both naming the commit measured.
 *
 * `npm run bench:quick` (= `npm run bench -- --quick`, < 1 min): in-process only, 5 short rounds,
 * plus the loopback servers' answer check without wrk; writes bench/RESULTS-quick.md and
 * bench/results-quick.json (git-ignored) and prints the report. For before/after comparisons.
 *
 * Env: BENCH_ROUNDS (in-process rounds, 7; quick 5), BENCH_MS (ms per batch, 80; quick 40),
 * BENCH_RUNTIMES (in-process runtimes, `node,bun,deno,workerd`), BENCH_ONLY (in-process endpoints, e.g. `E3,E3u`),
 * BENCH_WRK_SECONDS (2), BENCH_WRK_ROUNDS (6; paired rounds, see bench/http.mjs), BENCH_WRK_WARMUP (2: s of wrk per app and endpoint before each timed run), BENCH_PIN (1: pin server and wrk to separate CPUs), BENCH_WRK_CONNECTIONS (50), BENCH_MEM_REQUESTS (1000000),
 * BENCH_SKIP (comma list of: inproc,scale,node-http,bun-http; for partial runs), BENCH_HTTP_ONLY (loopback endpoints timed, e.g. `E4`).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { createHttpRunner } from './http.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const BUN = bin('bun')
const DENO = bin('deno')
const env = (name, fallback) => process.env[name] ?? fallback
const quick = process.argv.includes('--quick')
const skip = new Set(env('BENCH_SKIP', quick ? 'scale' : '').split(',').filter(Boolean))
const started = Date.now()
const log = (...args) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...args)

// ---------------------------------------------------------------- build
mkdirSync(out, { recursive: true })
const common = { bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') }
await build({ ...common, entryPoints: ['bench/inproc.ts'], outfile: path.join(out, 'inproc.mjs') })
await build({ ...common, entryPoints: ['bench/scale.ts'], outfile: path.join(out, 'scale.mjs') })
await build({ ...common, entryPoints: ['bench/server.ts'], outfile: path.join(out, 'server.mjs'), external: ['fastify', '@hono/node-server', 'elysia'] })
await build({ ...common, entryPoints: ['bench/schemas.ts'], outfile: path.join(out, 'fixtures.mjs') })
await build({ ...common, entryPoints: ['bench/check.ts'], outfile: path.join(out, 'check.mjs') })
const { fixtures, inprocFixtures } = await import(path.join(out, 'fixtures.mjs'))

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
  packages: Object.fromEntries(['hono', '@hono/valibot-validator', '@hono/node-server', 'fastify', 'elysia', 'valibot', 'esbuild', 'miniflare', 'workerd'].map((name) => [name, pkgVersion(name)])),
  fw: JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version,
  commit: version('git', ['-C', root, 'rev-parse', 'HEAD']),
  // uncommitted changes outside the generated files: the numbers are not exactly that commit's
  dirty: version('git', ['-C', root, 'status', '--porcelain', '--', '.', ':!bench/results*.json', ':!bench/RESULTS*.md']) !== '',
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
const inprocEnv = { BENCH_ROUNDS: env('BENCH_ROUNDS', quick ? '5' : '7'), BENCH_MS: env('BENCH_MS', quick ? '40' : '80'), BENCH_REQUESTS: env('BENCH_REQUESTS', quick ? '3000' : '10000') }

// ---------------------------------------------------------------- 1. in-process
const inprocCommands = {
  node: [process.execPath, [path.join(out, 'inproc.mjs')]],
  bun: [BUN, [path.join(out, 'inproc.mjs')]],
  deno: [DENO, ['run', '-A', path.join(out, 'inproc.mjs')]],
  // inside workerd (miniflare), timed from the host: bench/workerd.mjs
  workerd: [process.execPath, [path.join(here, 'workerd.mjs')]],
}
if (!skip.has('inproc')) {
  for (const runtime of env('BENCH_RUNTIMES', 'node,bun,deno,workerd').split(',')) {
    if (!inprocCommands[runtime]) throw new Error(`BENCH_RUNTIMES: unknown runtime ${runtime}`)
    results.inproc[runtime] = runJson(...inprocCommands[runtime], inprocEnv)
  }
}

// ---------------------------------------------------------------- 2. scale and memory
if (!skip.has('scale')) {
  const scaleEnv = { ...inprocEnv, BENCH_ROUNDS: '5', BENCH_MEM_REQUESTS: env('BENCH_MEM_REQUESTS', '1000000') }
  results.scale.node = runJson(process.execPath, ['--expose-gc', path.join(out, 'scale.mjs')], scaleEnv)
  results.scale.bun = runJson(BUN, [path.join(out, 'scale.mjs')], scaleEnv)
}

// ---------------------------------------------------------------- 3. loopback HTTP
// Quick mode starts the servers and checks their answers, without timing them (wrk is not needed).
const httpConfig = { seconds: quick ? 0 : Number(env('BENCH_WRK_SECONDS', '2')), rounds: Number(env('BENCH_WRK_ROUNDS', '6')), warmup: Number(env('BENCH_WRK_WARMUP', '2')), connections: Number(env('BENCH_WRK_CONNECTIONS', '50')), only: process.env.BENCH_HTTP_ONLY?.split(',') }
if (httpConfig.seconds > 0 && spawnSync('wrk', ['--version']).error) throw new Error('wrk is needed for the loopback runs (apt-get install wrk), or set BENCH_SKIP=node-http,bun-http')
const { httpRun } = createHttpRunner({ root, out, bun: BUN, log, fixtures })
if (!skip.has('node-http')) results.http.node = await httpRun('node', ['floor', 'hono', 'fw', 'fw-web', 'fastify'], httpConfig)
if (!skip.has('bun-http')) results.http.bun = await httpRun('bun', ['floor', 'hono', 'fw', 'elysia'], httpConfig)
machine.loadAfter = os.loadavg().map((value) => value.toFixed(2)).join(' ')
machine.seconds = Math.round((Date.now() - started) / 1000)

// ---------------------------------------------------------------- report
results.httpConfig = { wrkSeconds: httpConfig.seconds, wrkRounds: httpConfig.rounds, wrkWarmup: httpConfig.warmup, connections: httpConfig.connections, pin: process.env.BENCH_PIN === '1', quick }
// A partial full run (BENCH_SKIP, BENCH_RUNTIMES or BENCH_ONLY set) never overwrites the full report.
const partial = !quick && (skip.size > 0 || ['BENCH_RUNTIMES', 'BENCH_ONLY', 'BENCH_HTTP_ONLY'].some((name) => process.env[name] !== undefined))
const name = quick ? { json: 'results-quick.json', md: 'RESULTS-quick.md' } : partial ? { json: 'results-partial.json', md: 'RESULTS-partial.md' } : { json: 'results.json', md: 'RESULTS.md' }
writeFileSync(path.join(here, name.json), `${JSON.stringify(results, null, 2)}\n`)
const { renderReport } = await import('./report.mjs')
const report = renderReport(results, { fixtures: inprocFixtures, ...results.httpConfig })
writeFileSync(path.join(here, name.md), report)
if (quick || partial) console.log(report)
log(`wrote bench/${name.md} in ${machine.seconds}s`)
