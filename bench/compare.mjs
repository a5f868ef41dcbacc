#!/usr/bin/env node
/**
 * `npm run bench:compare -- <old-ref>` (default 415211b, before the architecture work of
 * issue #35): this checkout's fw against an older commit's, the same app (bench/apps/fw.ts)
 * on each commit's own build (`npm run build` → `dist/`), old and new alternating:
 *
 *   1. in-process on Node, Bun, Deno (bench/compare/inproc.ts: both apps in one process) and
 *      workerd (bench/compare/worker.ts timed by bench/workerd.mjs): alternating batches,
 *      CPU time, the median of the per-round old/new time ratios;
 *   2. loopback with wrk on the same four runtimes (bench/http.mjs's runner: fresh servers every
 *      round, old and new in turn, the order rotating; `service.run()` on Node, Bun, Deno and
 *      the app as a Worker under miniflare): the medians of the per-round ratios of req/s and
 *      of server CPU per request.
 *
 * Every ratio is new/old speed: above 1, this checkout is faster. The old commit is checked out
 * once into `$TMPDIR/fw-compare-<sha>` (a detached git worktree, node_modules linked to this
 * checkout's) and built there; BENCH_OLD_DIR names another checkout of it. Writes
 * bench/RESULTS-compare.md and bench/results-compare.json (git-ignored) and prints the table.
 *
 * Flags: `--no-build` (use both dist/ as they are). Env: BENCH_RUNTIMES (`node,bun,deno,workerd`),
 * BENCH_SKIP (`inproc`, `http`), BENCH_ONLY (`E1,E3`), BENCH_ROUNDS (41), BENCH_MS (200; workerd: BENCH_WORKERD_ROUNDS, 15, and
 * BENCH_WORKERD_MS, 1500),
 * BENCH_PROCESSES (3: the in-process rounds split over that many processes, Node/Bun/Deno),
 * BENCH_WRK_SECONDS (3), BENCH_WRK_ROUNDS (7), BENCH_WRK_WARMUP (1), BENCH_WRK_CONNECTIONS (50),
 * BENCH_WRK_SLICES (3: each app's seconds of a round taken as that many runs in turns, bench/http.mjs).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { createHttpRunner } from './http.mjs'
import { bundleWorker } from './worker-bundle.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build', 'compare')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const env = (name, fallback) => process.env[name] ?? fallback
const args = process.argv.slice(2)
const ref = args.find((arg) => !arg.startsWith('--')) ?? '415211b'
const started = Date.now()
const log = (...parts) => console.error(`[compare ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...parts)
const runtimes = env('BENCH_RUNTIMES', 'node,bun,deno,workerd').split(',')
const skip = new Set(env('BENCH_SKIP', '').split(',').filter(Boolean))
const only = process.env.BENCH_ONLY?.split(',')
// A fresh server per round; under load one can take well over bench/http.mjs's default 15 s to start.
process.env.BENCH_READY_MS ??= '60000'

function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options, env: { ...process.env, ...options.env } })
  if (result.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}\n${result.stdout}`)
  return result.stdout.trim()
}
const git = (...gitArgs) => run('git', ['-C', root, ...gitArgs])

// ---------------------------------------------------------------- the two builds
const oldSha = git('rev-parse', '--verify', `${ref}^{commit}`)
const oldDir = process.env.BENCH_OLD_DIR ?? path.join(os.tmpdir(), `fw-compare-${oldSha.slice(0, 12)}`)
if (!existsSync(oldDir)) {
  log(`checking out ${oldSha.slice(0, 12)} into ${oldDir}`)
  git('worktree', 'add', '--detach', oldDir, oldSha)
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(oldDir, 'node_modules'))
}
if (run('git', ['-C', oldDir, 'rev-parse', 'HEAD']) !== oldSha) throw new Error(`${oldDir} is not at ${oldSha}`)
const sides = { old: oldDir, new: root }
for (const [side, dir] of Object.entries(sides)) {
  if (!args.includes('--no-build')) {
    log(`npm run build (${side}, ${dir})`)
    run('npm', ['run', 'build'], { cwd: dir })
  }
  if (!existsSync(path.join(dir, 'dist', 'index.js'))) throw new Error(`${dir}/dist is missing: build it (npm run build) or drop --no-build`)
}

// ---------------------------------------------------------------- bundles
/** esbuild plugin: `fw-api[/x]` → `dir`'s build, `fw-old` / `fw-new` → the apps bundled for `target`. */
const resolveFw = (dir, target) => ({
  name: 'fw-compare',
  setup(bundler) {
    bundler.onResolve({ filter: /^fw-api(\/[\w-]+)?$/ }, ({ path: name }) => ({ path: path.join(dir, 'dist', name.slice('fw-api'.length), 'index.js') }))
    bundler.onResolve({ filter: /^fw-(old|new)$/ }, ({ path: name }) => ({ path: path.join(out, `${name.slice(3)}-app-${target}.mjs`) }))
  },
})
mkdirSync(out, { recursive: true })
const node = { bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') }
const nodeBundle = (entry, outfile, dir, external = []) => build({ ...node, entryPoints: [entry], outfile: path.join(out, outfile), external, plugins: [resolveFw(dir, 'node')] })
const workerBundle = (entry, outfile, dir) => bundleWorker(path.join(root, entry), path.join(out, outfile), { plugins: [resolveFw(dir, 'worker')] })
for (const [side, dir] of Object.entries(sides)) {
  await nodeBundle('bench/apps/fw.ts', `${side}-app-node.mjs`, dir)
  await workerBundle('bench/apps/fw.ts', `${side}-app-worker.mjs`, dir)
  await nodeBundle('bench/server.ts', `${side}-server.mjs`, dir, ['fastify', '@hono/node-server', 'elysia'])
  await workerBundle('bench/compare/serve-worker.ts', `${side}-serve-worker.mjs`, dir)
}
await nodeBundle('bench/compare/inproc.ts', 'inproc.mjs', root)
await workerBundle('bench/compare/worker.ts', 'worker.mjs', root)
await build({ ...node, entryPoints: ['bench/schemas.ts'], outfile: path.join(out, 'fixtures.mjs') })
const { fixtures } = await import(path.join(out, 'fixtures.mjs'))

const results = { old: { ref, commit: oldSha }, new: { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain') !== '' }, loadBefore: os.loadavg().map((load) => load.toFixed(2)).join(' '), inproc: {}, http: {} }

// ---------------------------------------------------------------- 1. in-process
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
/** Per fixture: each side's median ns and the median (lowest, highest) of the per-round old/new time ratios. */
function pairRounds(measured) {
  return Object.fromEntries(
    Object.entries(measured).map(([id, bySide]) => {
      const ratios = bySide.old.rounds.map((oldNs, round) => oldNs / bySide.new.rounds[round])
      return [id, { old: bySide.old.p50, new: bySide.new.p50, ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios), ratios }]
    }),
  )
}
// 41 rounds of 200 ms on Node, Bun and Deno: a body row's per-round ratios spread 0.5–2 (a collection lands in one
// side's batch), and the median of 15 moved a cell by ±0.05 between runs (Bun E4 0.89 vs 0.94 with 41, bench/history.md).
const inprocEnv = { BENCH_ROUNDS: env('BENCH_ROUNDS', '41'), BENCH_MS: env('BENCH_MS', '200') }
// ...taken in 3 processes on Node, Bun and Deno (14 rounds each): one process's median is one draw of the JIT
// (Node E0 read 0.73 in one whole run's process and 0.98 in the next process, whose per-round ratios spread 0.65–1.45).
const processes = Number(env('BENCH_PROCESSES', '3'))
const inprocCommands = {
  node: [process.execPath, [path.join(out, 'inproc.mjs')]],
  bun: [bin('bun'), [path.join(out, 'inproc.mjs')]],
  deno: [bin('deno'), ['run', '-A', path.join(out, 'inproc.mjs')]],
  // workerd's body rows vary by ±40 % from one 300 ms batch to the next, whatever the code (an A/A run of
  // one build against itself read E3 0.83 and 0.89); 1.5 s batches hold many collections each (bench/history.md).
  workerd: [process.execPath, [path.join(here, 'workerd.mjs')], { BENCH_WORKERD_BUNDLE: path.join(out, 'worker.mjs'), BENCH_WORKERD_APPS: 'old,new', BENCH_ROUNDS: env('BENCH_WORKERD_ROUNDS', '15'), BENCH_MS: env('BENCH_WORKERD_MS', '1500') }],
}
if (!skip.has('inproc')) {
  for (const runtime of runtimes) {
    const [cmd, cmdArgs, extra = {}] = inprocCommands[runtime] ?? []
    if (!cmd) throw new Error(`BENCH_RUNTIMES: unknown runtime ${runtime}`)
    log(`in-process ${runtime}`)
    // The rounds in `processes` processes (workerd: one), pooled: one process's JIT draw lasts its life.
    const runs = runtime === 'workerd' ? 1 : processes
    // (workerd's own BENCH_ROUNDS, in `extra`, stands over this one)
    const perRun = { BENCH_ROUNDS: String(Math.ceil(Number(inprocEnv.BENCH_ROUNDS) / runs)) }
    const rows = {}
    let version
    let rounds = 0
    for (let index = 0; index < runs; index++) {
      const line = run(cmd, cmdArgs, { cwd: root, env: { ...inprocEnv, ...perRun, ...extra }, timeout: 3_600_000 }).split('\n').pop()
      const measured = JSON.parse(line)
      version = measured.version
      rounds += measured.rounds
      for (const [id, bySide] of Object.entries(measured.results)) {
        if (!/^E\d$/.test(id) || (only && !only.includes(id))) continue
        rows[id] ??= { old: { rounds: [] }, new: { rounds: [] } }
        for (const side of ['old', 'new']) rows[id][side].rounds.push(...bySide[side].rounds)
      }
    }
    for (const bySide of Object.values(rows)) for (const side of ['old', 'new']) bySide[side].p50 = median(bySide[side].rounds)
    results.inproc[runtime] = { version, rounds, rows: pairRounds(rows) }
    log(runtime, Object.entries(results.inproc[runtime].rows).map(([id, row]) => `${id} ${row.ratio.toFixed(2)}×`).join('  '))
  }
}

// ---------------------------------------------------------------- 2. loopback
const wrkConfig = { seconds: Number(env('BENCH_WRK_SECONDS', '3')), rounds: Number(env('BENCH_WRK_ROUNDS', '7')), warmup: Number(env('BENCH_WRK_WARMUP', '1')), connections: Number(env('BENCH_WRK_CONNECTIONS', '50')), slices: Number(env('BENCH_WRK_SLICES', '3')), only }
/** The runner's apps: `fw` (this checkout, the reference of its ratios) and `fw-old`. */
function launch(runtime, app) {
  const side = app === 'fw-old' ? 'old' : 'new'
  const server = [path.join(out, `${side}-server.mjs`), 'fw', '0']
  if (runtime === 'node') return [process.execPath, server]
  if (runtime === 'bun') return [bin('bun'), server]
  if (runtime === 'deno') return [bin('deno'), ['run', '-A', ...server]]
  return [process.execPath, [path.join(here, 'compare', 'serve-workerd.mjs'), path.join(out, `${side}-serve-worker.mjs`), app]]
}
if (!skip.has('http')) {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is needed for the loopback rows (apt-get install wrk), or set BENCH_SKIP=http')
  // workerd's direct socket (compare/serve-workerd.mjs) takes the platform's `cf` properties from this header
  const headersFor = (runtime) => (runtime === 'workerd' ? { 'MF-CF-Blob': JSON.stringify({ colo: 'BENCH', country: 'XX' }) } : {})
  const { httpRun } = createHttpRunner({ root, out, bun: bin('bun'), log, fixtures, launch, headersFor })
  for (const runtime of runtimes) {
    log(`loopback ${runtime}`)
    const measured = await httpRun(runtime, ['fw-old', 'fw'], wrkConfig)
    results.http[runtime] = Object.fromEntries(
      Object.entries(measured.ratios).map(([id, ratios]) => [id, { old: measured.table[id]['fw-old'], new: measured.table[id].fw, ...ratios['fw-old'] }]),
    )
  }
}
results.loadAfter = os.loadavg().map((load) => load.toFixed(2)).join(' ')
results.seconds = Math.round((Date.now() - started) / 1000)

// ---------------------------------------------------------------- report
const ratio = (value) => (value === undefined ? '' : `${value.toFixed(2)}×`)
const ids = fixtures.map((fixture) => fixture.id).filter((id) => !only || only.includes(id))
const lines = [
  `# fw ${results.new.commit.slice(0, 7)}${results.new.dirty ? ' (uncommitted changes)' : ''} vs ${ref} (${oldSha.slice(0, 7)})`,
  '',
  `New/old speed (above 1: new faster); in-process: median of the per-round CPU-time ratios, ${Math.ceil(Number(inprocEnv.BENCH_ROUNDS) / processes)} rounds in each of ${processes} processes (workerd: ${inprocCommands.workerd[2].BENCH_ROUNDS} of ${inprocCommands.workerd[2].BENCH_MS} ms) (lowest–highest);`,
  `loopback: ${wrkConfig.rounds} rounds × ${wrkConfig.seconds} s of wrk (${wrkConfig.connections} connections; in ${wrkConfig.slices} turns a round), median per-round ratio of server CPU per request / of req/s.`,
  `Load average ${results.loadBefore} before, ${results.loadAfter} after; ${results.seconds} s.`,
  '',
  `| runtime | ${ids.join(' | ')} |`,
  `|---|${ids.map(() => '---').join('|')}|`,
]
for (const [runtime, entry] of Object.entries(results.inproc)) {
  lines.push(`| ${runtime} in-process | ${ids.map((id) => (entry.rows[id] ? `${ratio(entry.rows[id].ratio)} (${entry.rows[id].low.toFixed(2)}–${entry.rows[id].high.toFixed(2)})` : '')).join(' | ')} |`)
}
for (const [runtime, rows] of Object.entries(results.http)) {
  lines.push(`| ${runtime} loopback CPU / req/s | ${ids.map((id) => (rows[id] ? `${ratio(rows[id].cpu)} / ${ratio(rows[id].rps)}` : '')).join(' | ')} |`)
}
const report = `${lines.join('\n')}\n`
writeFileSync(path.join(here, 'results-compare.json'), `${JSON.stringify(results, null, 2)}\n`)
writeFileSync(path.join(here, 'RESULTS-compare.md'), report)
console.log(report)
