/**
 * 1 process vs N worker processes (`run({ workers })`, issue #24) on Node and
 * Bun: the same fw endpoint driven by wrk over loopback, median of rounds.
 * Writes bench/RESULTS-workers.md.
 *
 *   node bench/workers.mjs            # BENCH_WORKERS_N (2), BENCH_WRK_SECONDS (3), BENCH_WRK_ROUNDS (2), BENCH_WRK_CONNECTIONS (50)
 *
 * On a machine with fewer free cores than workers, N processes cannot win:
 * the table records the core count and load next to the numbers.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build')
const env = (name, fallback) => process.env[name] ?? fallback
const n = Number(env('BENCH_WORKERS_N', '2'))
const seconds = Number(env('BENCH_WRK_SECONDS', '3'))
const rounds = Number(env('BENCH_WRK_ROUNDS', '2'))
const connections = Number(env('BENCH_WRK_CONNECTIONS', '50'))
const runtimes = { node: process.execPath, bun: path.join(root, 'node_modules/.bin/bun') }

mkdirSync(out, { recursive: true })
const entry = path.join(out, 'workers-server.mjs')
await build({ bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json'), entryPoints: ['bench/apps/workers-server.ts'], outfile: entry, external: ['@hono/node-server'] })

function start(runtime, workers) {
  const child = spawn(runtimes[runtime], [entry], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_WORKERS: String(workers) } })
  return new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => reject(new Error(`${runtime} x${workers}: no READY`)), 30_000)
    child.stdout.on('data', (chunk) => {
      text += chunk
      const ready = /READY (\d+)/.exec(text)
      if (ready) {
        clearTimeout(timer)
        resolve({ port: Number(ready[1]), stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) })
      }
    })
  })
}

function wrk(port) {
  const result = spawnSync('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, `http://127.0.0.1:${port}/sum?n=200`], { encoding: 'utf8', timeout: (seconds + 20) * 1000 })
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result.stdout ?? '')?.[1] ?? NaN)
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout ?? '')?.[1]
  if (!Number.isFinite(rps) || errors) throw new Error(`wrk failed:\n${result.stdout}${result.stderr}`)
  return rps
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
const rows = []
for (const runtime of Object.keys(runtimes)) {
  const rps = {}
  for (const workers of [1, n]) {
    const server = await start(runtime, workers)
    wrk(server.port) // warm-up
    rps[workers] = median(Array.from({ length: rounds }, () => wrk(server.port)))
    await server.stop()
  }
  rows.push(`| ${runtime} | ${Math.round(rps[1])} | ${Math.round(rps[n])} | ×${(rps[n] / rps[1]).toFixed(2)} |`)
}
const report = [
  '# 1 process vs N workers (`run({ workers })`)',
  '',
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}; wrk -t2 -c${connections}, ${seconds} s × ${rounds} rounds (median), GET /sum?n=200.`,
  '',
  `| runtime | 1 process (req/s) | ${n} workers (req/s) | ratio |`,
  '|---|---|---|---|',
  ...rows,
  '',
  'wrk runs on the same machine and takes cores too; a loaded machine makes every number noisy (see the load above).',
  '',
].join('\n')
writeFileSync(path.join(here, 'RESULTS-workers.md'), report)
console.log(report)
