#!/usr/bin/env node
/**
 * The in-process benchmark in workerd (issue #26 item 3): bench/workerd-app.ts bundled and run by
 * miniflare as tests/runtimes/workerd.ts does (bench/worker-bundle.mjs). Inside the Worker the
 * apps are called directly, in batches; workerd's clocks stand still while a request runs, so this
 * host times each batch by workerd's CPU time (the sum of its threads' `/proc/<pid>/task/<tid>/schedstat`,
 * ns) less the cost of an empty batch. Prints one JSON line shaped like bench/inproc.ts's.
 * Env: BENCH_ROUNDS (5), BENCH_MS per batch (80), BENCH_ONLY (e.g. `E3,E3s`); for bench/compare.mjs,
 * BENCH_WORKERD_BUNDLE (a Worker module already bundled, instead of bench/workerd-app.ts) and
 * BENCH_WORKERD_APPS (the apps it serves, `floor,hono,fw`).
 *
 *   node bench/workerd.mjs    # or BENCH_RUNTIMES=workerd npm run bench:quick
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import { bundleWorker, compatibilityDate, workerModules } from './worker-bundle.mjs'
import { childPids, processCpuNs } from './libs/proc.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const env = (name, fallback) => process.env[name] ?? fallback
const rounds = Number(env('BENCH_ROUNDS', 5))
const ms = Number(env('BENCH_MS', 80))
const only = process.env.BENCH_ONLY?.split(',')
const APPS = env('BENCH_WORKERD_APPS', 'floor,hono,fw').split(',')

const outfile = process.env.BENCH_WORKERD_BUNDLE ?? path.join(here, '.build', 'workerd-app.mjs')
if (!process.env.BENCH_WORKERD_BUNDLE) await bundleWorker(path.join(here, 'workerd-app.ts'), outfile)

const children = childPids

// `cf`: the properties the platform gives each incoming request (fixed, so miniflare fetches none).
const options = { modules: workerModules(outfile), compatibilityDate: compatibilityDate(), cf: { colo: 'BENCH', country: 'XX' } }
/** The miniflare serving the bundle now, and its workerd process (a fresh pair per row: `start`). */
let mf
let workerd

/**
 * A fresh workerd (the previous one disposed of) and the cost of an empty batch in it. One per row:
 * a long run in one isolate ended in V8's "ExternalEntityTable::AllocateEntry: process out of
 * memory" after 320 s (its 16 MB heap saw only scavenges, so the table of external pointers that
 * every Request and Response takes was never swept).
 */
async function start() {
  await mf?.dispose()
  const before = new Set(children(process.pid))
  mf = new Miniflare(options)
  await mf.ready
  workerd = children(process.pid).find((pid) => !before.has(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd')
  if (workerd === undefined) throw new Error('workerd process not found')
  // The cost of a batch of nothing (one dispatch into workerd), taken off every batch.
  const idle = []
  for (let i = 0; i < 15; i++) {
    const wall = performance.now()
    const cpu = cpuNs()
    await call(`run?app=request&id=E0&n=0`)
    idle.push({ cpu: cpuNs() - cpu, wall: (performance.now() - wall) * 1e6 })
  }
  empty = { cpu: median(idle.slice(5).map((s) => s.cpu)), wall: median(idle.slice(5).map((s) => s.wall)) }
}

/** workerd's CPU time so far, ns (every thread). */
const cpuNs = () => processCpuNs(workerd)

async function call(query) {
  const response = await mf.dispatchFetch(`http://bench.local/${query}`)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`workerd ${query}: ${response.status} ${text}`)
  return text
}

/** One batch: ns per request (workerd CPU, wall), less the cost of an empty batch. */
let empty = { cpu: 0, wall: 0 }
async function batch(app, id, n) {
  const wall = performance.now()
  const cpu = cpuNs()
  await call(`run?app=${app}&id=${id}&n=${n}`)
  const spent = { cpu: cpuNs() - cpu - empty.cpu, wall: (performance.now() - wall) * 1e6 - empty.wall }
  return { cpu: spent.cpu / n, wall: spent.wall / n }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function calibrate(app, id) {
  for (let n = 200; ; n *= 4) {
    const ns = (await batch(app, id, n)).cpu
    if ((ns * n) / 1e6 >= ms / 4 || n >= 1 << 22) return Math.max(100, Math.round((ms * 1e6) / Math.max(ns, 1)))
  }
}

try {
  await start()
  const list = (await call('check')).split(',').filter((id) => !only || only.includes(id))
  const results = {}
  const requestNs = {}
  for (const [index, id] of list.entries()) {
    if (index > 0) await start()
    const sizes = {}
    for (const app of APPS) {
      sizes[app] = await calibrate(app, id)
      await batch(app, id, sizes[app]) // warm-up
    }
    const samples = Object.fromEntries(APPS.map((app) => [app, []]))
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < APPS.length; k++) {
        const app = APPS[(k + round) % APPS.length]
        // An untimed batch first: the collection of the previous app's garbage (the isolate is
        // shared) lands in it, not in this app's timed batch. Without it, the per-round ratios of
        // two apps flip with the order (0.6 one round, 1.3 the next: each paid the other's GC).
        await batch(app, id, sizes[app])
        samples[app].push(await batch(app, id, sizes[app]))
      }
    }
    results[id] = Object.fromEntries(APPS.map((app) => [app, { p50: median(samples[app].map((s) => s.cpu)), wallP50: median(samples[app].map((s) => s.wall)), rounds: samples[app].map((s) => s.cpu) }]))
    const constructions = sizes[APPS.includes('fw') ? 'fw' : APPS[APPS.length - 1]] * 2
    await batch('request', id, constructions)
    requestNs[id] = median([await batch('request', id, constructions), await batch('request', id, constructions), await batch('request', id, constructions)].map((s) => s.cpu))
  }
  const version = JSON.parse(readFileSync(path.join(root, 'node_modules', 'workerd', 'package.json'), 'utf8')).version
  console.log(JSON.stringify({ runtime: 'workerd', version, clock: 'workerd CPU time', rounds, batchMs: ms, results, requestNs }))
} finally {
  await mf?.dispose()
}
