#!/usr/bin/env node
/**
 * The Node serving path decision (docs/architecture.md, "Node serving path"): fw's native path
 * (`fw`: service.run() on node:http, node/native/) against @hono/node-server's listener with fw's
 * direct body read (`fw-web`: `serve({ fetch: service.fetch })`, getRequestListener under it, fw reading
 * a sized body whole from its `{ incoming, outgoing }`), over loopback with wrk, E0–E5, in paired rounds
 * (fresh servers each round, the order rotating: bench/http.mjs). Prints the per-fixture medians and the
 * median of the per-round ratios of server CPU per request (fw-web / fw).
 *
 * Env: BENCH_APPS (fw,fw-web,fw-plain), BENCH_WRK_SECONDS (2), BENCH_WRK_ROUNDS (5), BENCH_WRK_WARMUP (1), BENCH_WRK_CONNECTIONS (50).
 * @example node bench/node-path.mjs
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { createHttpRunner } from './http.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build-node-path')
mkdirSync(out, { recursive: true })
const common = { bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') }
await build({ ...common, entryPoints: ['bench/server.ts'], outfile: path.join(out, 'server.mjs'), external: ['fastify', '@hono/node-server', 'elysia'] })
await build({ ...common, entryPoints: ['bench/schemas.ts'], outfile: path.join(out, 'fixtures.mjs') })
const { fixtures } = await import(path.join(out, 'fixtures.mjs'))
const started = Date.now()
const log = (...args) => console.error(`[node-path ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...args)
const env = (name, fallback) => Number(process.env[name] ?? fallback)
const { httpRun } = createHttpRunner({ root, out, bun: 'bun', log, fixtures })
const config = { seconds: env('BENCH_WRK_SECONDS', 2), rounds: env('BENCH_WRK_ROUNDS', 5), warmup: env('BENCH_WRK_WARMUP', 1), connections: env('BENCH_WRK_CONNECTIONS', 50) }
const { table, ratios } = await httpRun('node', (process.env.BENCH_APPS ?? 'fw,fw-web,fw-plain').split(','), config)
for (const [id, byApp] of Object.entries(table)) {
  const ratio = ratios[id]?.['fw-web']
  const cpu = (app) => byApp[app]?.cpuUs.toFixed(1)
  const plain = ratios[id]?.['fw-plain']
  console.log(`${id}  native ${cpu('fw')} µs/req  hono-listener ${cpu('fw-web')} µs/req${plain ? `  native without the Response stand-in ${cpu('fw-plain')} µs/req` : ''}`)
  console.log(`    CPU hono/native ${ratio?.cpu.toFixed(3)} (req/s native/hono ${ratio?.rps.toFixed(3)}, rounds ${ratio?.low.toFixed(2)}–${ratio?.high.toFixed(2)})${plain ? `  CPU plain/native ${plain.cpu.toFixed(3)} (req/s ${plain.rps.toFixed(3)})` : ''}`)
}
