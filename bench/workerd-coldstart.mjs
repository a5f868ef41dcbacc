#!/usr/bin/env node
/**
 * Cold start of the one-endpoint Worker in workerd (SPEC §5.2, issue #55): fw against Hono +
 * @hono/valibot-validator, the bundles tests/package/bundle-size.test.ts measures (bench/bundle/,
 * built minified as wrangler builds them: bench/bundle-size.mjs), and an empty Worker (a fetch
 * that answers '') for the cost every Worker pays. Each round starts a fresh workerd (miniflare,
 * wrangler.toml's compatibility date, no flags) per Worker, in rotating order, and takes:
 *
 * - `cpu`: workerd's CPU time from its start to the first answer of `GET /x?q=a` (every thread's
 *   `/proc/<pid>/task/<tid>/schedstat`, so the machine's load does not count), and `script`: that
 *   less the empty Worker's median — what the Worker's own script costs to load and answer once —
 *   and `first answer`: the part of it after workerd is ready (the script loaded), i.e. the first
 *   request (fw builds its service then: routes, plans, renderers);
 * - `wall`: `new Miniflare()` to the first answer, as a host would see it (load-sensitive).
 *
 * Prints a table and one JSON line; the ratio is fw's over Hono's median, goal ≤ 1.5 (SPEC §5.2).
 * Env: BENCH_ROUNDS (9); BENCH_COLDSTART_FW, an fw bundle built elsewhere (another commit's
 * `measureBundle(bundleEntries.fw).code`, written to a file) run instead of this tree's.
 *
 *   node bench/workerd-coldstart.mjs
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Miniflare } from 'miniflare'
import { bundleEntries, measureBundle } from './bundle-size.mjs'
import { compatibilityDate } from './worker-bundle.mjs'
import { childPids, processCpuNs } from './libs/proc.mjs'

const rounds = Number(process.env.BENCH_ROUNDS ?? 9)
const EMPTY_WORKER = 'export default { fetch() { return new Response("") } }'

const children = childPids

const cpuNs = processCpuNs

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * One cold start: a fresh workerd running `code`, timed to its first answer of `GET /x?q=a`.
 *
 * @param {string} name
 * @param {string} code
 * @returns {Promise<{ cpu: number, first: number, wall: number }>} ns; `first`: the CPU from
 *   workerd ready (the script loaded) to the first answer
 */
async function coldStart(name, code) {
  const before = new Set(children(process.pid))
  const started = performance.now()
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: path.resolve(`bench/.build/coldstart-${name}.mjs`), contents: code }],
    compatibilityDate: compatibilityDate(),
  })
  try {
    await mf.ready
    const workerd = children(process.pid).find(
      (pid) => !before.has(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd',
    )
    if (workerd === undefined) throw new Error('workerd process not found')
    const ready = cpuNs(workerd)
    const answer = await mf.dispatchFetch('http://bench.local/x?q=a')
    const text = await answer.text()
    const wall = (performance.now() - started) * 1e6
    if (answer.status !== 200 || (name !== 'empty' && text !== '{"hello":"a"}'))
      throw new Error(`${name}: ${answer.status} ${text}`)
    const cpu = cpuNs(workerd)
    return { cpu, first: cpu - ready, wall }
  } finally {
    await mf.dispose()
  }
}

const [fw, hono] = await Promise.all([measureBundle(bundleEntries.fw), measureBundle(bundleEntries.hono)])
const fwCode = process.env.BENCH_COLDSTART_FW ? readFileSync(process.env.BENCH_COLDSTART_FW, 'utf8') : fw.code
const workers = { empty: EMPTY_WORKER, hono: hono.code, fw: fwCode }
const names = Object.keys(workers)
const samples = Object.fromEntries(names.map((name) => [name, []]))
await coldStart('empty', EMPTY_WORKER) // warm the host's caches (workerd's binary, miniflare's modules)
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + round) % names.length]
    samples[name].push(await coldStart(name, workers[name]))
  }
}
const ms = (ns) => Math.round(ns / 1e4) / 100
const result = Object.fromEntries(
  names.map((name) => [
    name,
    {
      cpuMs: ms(median(samples[name].map((s) => s.cpu))),
      firstAnswerMs: ms(median(samples[name].map((s) => s.first))),
      wallMs: ms(median(samples[name].map((s) => s.wall))),
    },
  ]),
)
const emptyCpu = median(samples.empty.map((s) => s.cpu))
const script = (name) => median(samples[name].map((s) => s.cpu - emptyCpu))
const ratios = {
  cpu: Math.round((median(samples.fw.map((s) => s.cpu)) / median(samples.hono.map((s) => s.cpu))) * 100) / 100,
  script: Math.round((script('fw') / script('hono')) * 100) / 100,
  wall: Math.round((median(samples.fw.map((s) => s.wall)) / median(samples.hono.map((s) => s.wall))) * 100) / 100,
}
const version = JSON.parse(readFileSync(path.resolve('node_modules/workerd/package.json'), 'utf8')).version
console.log(`workerd ${version}, ${rounds} rounds, medians (bytes: fw ${Buffer.byteLength(fwCode)}, hono ${hono.bytes})`)
console.log('worker   cpu ms   script ms   first answer ms   wall ms')
for (const name of names)
  console.log(
    `${name.padEnd(8)} ${String(result[name].cpuMs).padStart(6)}   ${String(name === 'empty' ? 0 : ms(script(name))).padStart(9)}   ${String(result[name].firstAnswerMs).padStart(15)}   ${String(result[name].wallMs).padStart(7)}`,
  )
console.log(`fw / hono: cpu ${ratios.cpu}×, script ${ratios.script}×, wall ${ratios.wall}× (goal ≤ 1.5×)`)
console.log(JSON.stringify({ runtime: 'workerd', version, rounds, bytes: { fw: Buffer.byteLength(fwCode), hono: hono.bytes }, medians: result, scriptMs: { fw: ms(script('fw')), hono: ms(script('hono')) }, ratios }))
