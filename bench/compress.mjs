#!/usr/bin/env node
/**
 * Traffic plugins over loopback HTTP (127.0.0.1 only, bounded: BENCH_SECONDS per run, default 3):
 *
 * 1. compression per runtime: a ~64 KB JSON answer gzip-compressed by fw's `compress()` and by
 *    Hono's `hono/compress`, served by the same server in one process per runtime (Node:
 *    @hono/node-server, Bun: `Bun.serve`, Deno: `Deno.serve`, workerd: miniflare), the bytes on
 *    the wire checked (both gzip, the same JSON once gunzipped); requests/s and the server's CPU
 *    µs per request (the whole process tree: workerd under miniflare too), fw against Hono;
 * 2. `conditional()` on Node: a revalidation answered 304 against the full 200 (the 304 still
 *    runs the endpoint and hashes its answer), on the ~64 KB and a ~1 KB answer, under fw's own
 *    server (`service.run()`) and under @hono/node-server; and the 304 `current` answers before
 *    the method runs.
 *
 * Rounds alternate what they compare (BENCH_ROUNDS, default 3; the order rotates) and report
 * the median per-round ratio. Needs wrk. Writes bench/RESULTS-traffic.md with the commit it measured.
 *
 *   node bench/compress.mjs
 *   BENCH_RUNTIMES=node,bun BENCH_SECONDS=2 BENCH_ROUNDS=1 node bench/compress.mjs
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { childPids, processCpuNs } from './libs/proc.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun,deno,workerd').split(',').map((name) => name.trim())
const CONNECTIONS = 16
const bin = (name) => `${root}node_modules/.bin/${name}`
const entry = 'bench/traffic-server.ts'
/** How each runtime serves the compression pair. */
const PAIR = {
  node: { server: '@hono/node-server', command: [process.execPath, '--import', 'tsx', entry] },
  bun: { server: 'Bun.serve', command: [bin('bun'), entry] },
  deno: { server: 'Deno.serve', command: [bin('deno'), 'run', '-A', entry] },
  workerd: { server: 'miniflare', command: [process.execPath, '--import', 'tsx', 'tests/runtimes/workerd.ts', 'bench/traffic-worker.ts'] },
}
let nextPort = 3411

/** Start `command` with `env` on a port of its own; resolves once it prints where it listens. */
function start(command, env) {
  const port = nextPort++
  const child = spawn(command[0], command.slice(1), { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command.join(' ')}: not listening in 90 s\n${output}`)), 90_000)
    const seen = (chunk) => {
      output += chunk
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (!found) return
      clearTimeout(timer)
      resolve({ child, origin: found[1], stop: () => child.kill('SIGTERM') })
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code})\n${output}`)))
  })
}

/** CPU ns so far of `pid` and every process under it (miniflare's workerd). */
function treeCpuNs(pid) {
  let total = processCpuNs(pid)
  for (const child of childPids(pid)) total += treeCpuNs(child)
  return total
}

/** wrk against `url` with `headers`: requests/s, and the server's CPU µs per request meanwhile. */
function wrk(url, headers, server) {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`]
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  const cpu = treeCpuNs(server.child.pid)
  const run = spawnSync('wrk', [...args, url], { encoding: 'utf8' })
  const used = treeCpuNs(server.child.pid) - cpu
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`)
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)
  if (errors) throw new Error(`${url}: ${errors[1]} answers were not 2xx/3xx`)
  const count = Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0)
  return { rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1] ?? 0), cpu: used / 1000 / Math.max(count, 1) }
}

/** One answer as it came over the wire (node:http: fetch would decode it). */
function probe(url, headers = {}) {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (answer) => {
      const chunks = []
      answer.on('data', (chunk) => chunks.push(chunk))
      answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Paired rounds of `runs` (name → [url, headers]) against `server`, the order rotating; the
 * per-run medians of requests/s and CPU µs/req, and each run's median per-round ratio to `base`.
 */
function rounds(server, runs, base) {
  const names = Object.keys(runs)
  const seen = Object.fromEntries(names.map((name) => [name, { rate: [], cpu: [] }]))
  for (const name of names) wrk(runs[name][0], runs[name][1], server) // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (let index = 0; index < names.length; index++) {
      const name = names[(index + round) % names.length]
      const { rate, cpu } = wrk(runs[name][0], runs[name][1], server)
      seen[name].rate.push(rate)
      seen[name].cpu.push(cpu)
    }
  return Object.fromEntries(
    names.map((name) => {
      const { rate, cpu } = seen[name]
      const against = seen[base]
      return [name, {
        rate: median(rate),
        cpu: median(cpu),
        ratio: median(rate.map((value, index) => value / against.rate[index])),
        cpuRatio: median(cpu.map((value, index) => against.cpu[index] / value)),
      }]
    }),
  )
}

const gzip = { 'accept-encoding': 'gzip' }
const lines = []
const compression = []
for (const runtime of RUNTIMES) {
  const pair = PAIR[runtime]
  if (!pair) throw new Error(`BENCH_RUNTIMES: unknown ${runtime} (known: ${Object.keys(PAIR).join(', ')})`)
  const server = await start(pair.command, { ROLE: 'pair' })
  try {
    const fwUrl = `${server.origin}/big`
    // workerd compresses an answer with Content-Encoding again unless it says `encodeBody: 'manual'`
    // (fw does, hono/compress does not: its answer is gzip twice); Hono there is compressed by the runtime
    const honoUrl = `${server.origin}/hono/${runtime === 'workerd' ? 'plain/' : ''}big`
    const fw = await probe(fwUrl, gzip)
    const hono = await probe(honoUrl, gzip)
    for (const [name, seen] of [['fw', fw], ['Hono', hono]])
      if (seen.status !== 200 || seen.headers['content-encoding'] !== 'gzip')
        throw new Error(`${runtime} ${name}: not a gzip 200: ${seen.status} ${JSON.stringify(seen.headers)}`)
    const json = gunzipSync(fw.body)
    if (!json.equals(gunzipSync(hono.body))) throw new Error(`${runtime}: fw and Hono sent different JSON`)
    const measured = rounds(server, { fw: [fwUrl, gzip], hono: [honoUrl, gzip] }, 'hono')
    compression.push({ runtime, server: pair.server, json: json.length, fw, hono, measured })
    console.log(`${runtime}: fw ${measured.fw.ratio.toFixed(2)}× Hono (req/s), CPU ${measured.fw.cpuRatio.toFixed(2)}×`)
  } finally {
    server.stop()
  }
}

const conditionalRows = []
if (RUNTIMES.includes('node')) {
  for (const serverName of ['fw', 'node-web']) {
    const server = await start(PAIR.node.command, { ROLE: 'conditional', SERVER: serverName })
    try {
      for (const size of ['big', 'small']) {
        const url = `${server.origin}/${size}`
        const full = await probe(url)
        const etag = String(full.headers.etag)
        const fresh = await probe(url, { 'if-none-match': etag })
        if (full.status !== 200 || fresh.status !== 304 || fresh.body.length !== 0)
          throw new Error(`conditional ${serverName} ${size}: ${full.status} then ${fresh.status}`)
        const measured = rounds(server, { full: [url, {}], notModified: [url, { 'if-none-match': etag }] }, 'full')
        conditionalRows.push({ server: serverName, size, bytes: full.body.length, measured })
        console.log(`conditional ${serverName} ${size}: 304 ${measured.notModified.ratio.toFixed(2)}× the 200`)
      }
    } finally {
      server.stop()
    }
  }
  const full = await start(PAIR.node.command, { ROLE: 'conditional', SERVER: 'fw' })
  const current = await start(PAIR.node.command, { ROLE: 'current' })
  try {
    const early = await probe(`${current.origin}/big`, { 'if-none-match': '"v1"' })
    if (early.status !== 304) throw new Error(`current: If-None-Match answered ${early.status}`)
    // one server per app: the 200 and the early 304 alternate, each timed on its own server
    const rates = { full: [], early: [] }
    for (let round = 0; round < ROUNDS; round++) {
      rates.full.push(wrk(`${full.origin}/big`, {}, full).rate)
      rates.early.push(wrk(`${current.origin}/big`, { 'if-none-match': '"v1"' }, current).rate)
    }
    conditionalRows.push({ server: 'fw', size: 'big', current: true, rate: median(rates.early), ratio: median(rates.early.map((value, index) => value / rates.full[index])) })
  } finally {
    full.stop()
    current.stop()
  }
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
const load = loadavg().map((value) => value.toFixed(1)).join(', ')
lines.push(
  '# Traffic plugins: loopback HTTP (bench/compress.mjs)',
  '',
  `\`node bench/compress.mjs\`: commit ${commit}, ${new Date().toISOString()}, Node ${process.version}, ${ROUNDS} round(s) of ${SECONDS} s`,
  `per run, wrk -t1 -c${CONNECTIONS}, 127.0.0.1, ${cpus().length} cores shared with other jobs (load average at the end ${load}):`,
  'the ratios of paired rounds hold better than the absolute numbers.',
  '',
  '## Compression per runtime: fw `compress()` against Hono `hono/compress`, gzip, the same server',
  '',
  '| runtime (server) | JSON | gzip on the wire fw / Hono | fw req/s | Hono req/s | fw / Hono req/s | server CPU µs/req fw / Hono | fw / Hono by CPU |',
  '|---|---|---|---|---|---|---|---|',
  ...compression.map(({ runtime, server, json, fw, hono, measured }) =>
    `| ${runtime} (${server}) | ${json} B | ${fw.body.length} / ${hono.body.length} B | ${measured.fw.rate.toFixed(0)} | ${measured.hono.rate.toFixed(0)} | **${measured.fw.ratio.toFixed(2)}×** | ${measured.fw.cpu.toFixed(0)} / ${measured.hono.cpu.toFixed(0)} | ${measured.fw.cpuRatio.toFixed(2)}× |`),
  '',
)
if (conditionalRows.length)
  lines.push(
    '## `conditional()` on Node: the 304 against the full 200 (ETag from the bytes, SHA-1)',
    '',
    '| server | answer | 200 req/s | 304 req/s | 304 / 200 req/s | server CPU µs/req 200 / 304 |',
    '|---|---|---|---|---|---|',
    ...conditionalRows.map((row) =>
      row.current
        ? `| ${row.server} | ~64 KB, \`conditional({ current })\`: 304 before the method runs | | ${row.rate.toFixed(0)} | **${row.ratio.toFixed(2)}×** | |`
        : `| ${row.server === 'fw' ? 'fw (`service.run()`)' : '@hono/node-server'} | ${row.bytes} B | ${row.measured.full.rate.toFixed(0)} | ${row.measured.notModified.rate.toFixed(0)} | **${row.measured.notModified.ratio.toFixed(2)}×** | ${row.measured.full.cpu.toFixed(0)} / ${row.measured.notModified.cpu.toFixed(0)} |`),
    '',
  )
const result = lines.join('\n')
writeFileSync(new URL('RESULTS-traffic.md', import.meta.url), result)
console.log(result)
process.exit(0)
