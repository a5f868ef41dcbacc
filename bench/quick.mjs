#!/usr/bin/env node
/**
 * Quick in-process run for tuning (does not touch RESULTS.md): builds
 * bench/inproc.ts, runs it on the runtimes in BENCH_RUNTIMES (default
 * `node,bun,deno`) and prints µs per request and the fw ratios.
 * Other knobs as inproc.ts: BENCH_ONLY (`E0,E3`), BENCH_ROUNDS, BENCH_MS.
 *
 * @example BENCH_RUNTIMES=bun BENCH_ONLY=E3,E5 node bench/quick.mjs
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build')
mkdirSync(out, { recursive: true })
const outfile = path.join(out, 'inproc-quick.mjs')
await build({ entryPoints: ['bench/inproc.ts'], outfile, bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') })

const commands = {
  node: [process.execPath, [outfile]],
  bun: [path.join(root, 'node_modules', '.bin', 'bun'), [outfile]],
  deno: [path.join(root, 'node_modules', '.bin', 'deno'), ['run', '-A', outfile]],
}
for (const runtime of (process.env.BENCH_RUNTIMES ?? 'node,bun,deno').split(',')) {
  const [cmd, args] = commands[runtime]
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', env: { BENCH_ROUNDS: '7', ...process.env }, maxBuffer: 1 << 26 })
  if (result.status !== 0) throw new Error(`${runtime} failed:\n${result.stderr}${result.stdout}`)
  const { results } = JSON.parse(result.stdout.trim().split('\n').pop())
  for (const [id, apps] of Object.entries(results)) {
    const us = (app) => apps[app].p50 / 1000
    console.log(`${runtime} ${id}  floor ${us('floor').toFixed(2)}  hono ${us('hono').toFixed(2)}  fw ${us('fw').toFixed(2)}  fw/floor ${(us('fw') / us('floor')).toFixed(2)}  fw/hono ${(us('fw') / us('hono')).toFixed(2)}`)
  }
}
