/**
 * The Standard Schema rows over loopback (issue #39 item 8): fw with zod against Hono +
 * `@hono/standard-validator` with zod (Node, @hono/node-server; Bun, Bun.serve) and Elysia with zod
 * (Bun), driven with wrk on E1, E3, E5 by bench/http.mjs's runner (fresh servers every round, the
 * order rotating, answers checked first). fw-arktype is served and checked in-process only
 * (bench/standard.ts): its output lists keys in its own order, so its bytes differ.
 * `node bench/standard-http.mjs`; env: BENCH_WRK_SECONDS (3), BENCH_WRK_ROUNDS (3),
 * BENCH_WRK_CONNECTIONS (50), BENCH_WRK_WARMUP (1), BENCH_RUNTIMES (node,bun),
 * BENCH_HTTP_ONLY (rows timed, e.g. `E1`; every row is still checked), BENCH_APPS (the apps, fw-zod
 * first; default all of the runtime's).
 * Prints per row each app's median req/s and CPU µs per request, and the median of the per-round
 * fw-zod/other req/s ratios with the lowest and highest round.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { createHttpRunner } from './http.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build')
const env = (name, fallback) => process.env[name] ?? fallback
const log = (...args) => console.error('[standard-http]', ...args)

mkdirSync(out, { recursive: true })
const common = { bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') }
await build({ ...common, entryPoints: ['bench/server.ts'], outfile: path.join(out, 'server.mjs'), external: ['fastify', '@hono/node-server', 'elysia'] })
const { fixtures: all } = await import('./schemas.ts').catch(async () => {
  await build({ ...common, entryPoints: ['bench/schemas.ts'], outfile: path.join(out, 'fixtures.mjs') })
  return import(path.join(out, 'fixtures.mjs'))
})
const fixtures = all.filter((fixture) => ['E1', 'E3', 'E5'].includes(fixture.id))

const config = {
  seconds: Number(env('BENCH_WRK_SECONDS', 3)),
  rounds: Number(env('BENCH_WRK_ROUNDS', 3)),
  connections: Number(env('BENCH_WRK_CONNECTIONS', 50)),
  warmup: Number(env('BENCH_WRK_WARMUP', 1)),
  only: process.env.BENCH_HTTP_ONLY?.split(','),
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const { httpRun } = createHttpRunner({ root, out, bun: path.join(root, 'node_modules', '.bin', 'bun'), log, fixtures })
const runs = { node: ['fw-zod', 'hono-zod'], bun: ['fw-zod', 'hono-zod', 'elysia-zod'] }
const chosen = process.env.BENCH_APPS?.split(',') // e.g. `fw-zod,fw-zod-fetch,elysia-zod` (fw-zod first)
for (const runtime of env('BENCH_RUNTIMES', 'node,bun').split(',')) {
  const { table } = await httpRun(runtime, chosen ?? runs[runtime], config)
  for (const [id, byApp] of Object.entries(table)) {
    const fw = byApp['fw-zod']?.rounds ?? []
    const line = Object.entries(byApp).map(([app, row]) => `${app} ${row.rps.toFixed(0)}/s ${row.cpuUs.toFixed(1)}µs`)
    for (const [app, row] of Object.entries(byApp)) {
      if (app === 'fw-zod') continue
      const ratios = row.rounds.map((sample, round) => (fw[round]?.rps ?? Number.NaN) / sample.rps)
      line.push(`fw-zod/${app} req/s ${median(ratios).toFixed(2)} [${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}]`)
    }
    console.log(`${runtime} ${id}: ${line.join('  ')}`)
  }
}
