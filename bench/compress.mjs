#!/usr/bin/env node
/**
 * Traffic plugins over loopback HTTP (127.0.0.1 only, bounded: BENCH_SECONDS per run, default 5):
 *
 * 1. compression throughput of a ~64 KB JSON answer, gzip, fw's `compress()` against Hono's
 *    `hono/compress` in the same run (both under @hono/node-server, bench/traffic-server.ts);
 * 2. `conditional()`: a revalidation answered 304 against the full 200 (ETag from the bytes; that
 *    304 still runs the endpoint and hashes its answer), and the 304 `current` answers before the
 *    method runs.
 *
 * Rounds alternate the apps (BENCH_ROUNDS, default 3) and report the median ratio. Needs wrk.
 * Writes bench/RESULTS-traffic.md with the commit it measured.
 *
 *   node bench/compress.mjs
 *   BENCH_SECONDS=3 BENCH_ROUNDS=1 node bench/compress.mjs
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = 16
const PORT_FW = 3401
const PORT_HONO = 3402
const PORT_CONDITIONAL = 3403
const PORT_CURRENT = 3404

/** Start bench/traffic-server.ts; resolves with the child and the JSON size once it prints `ready`. */
function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/traffic-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT_FW: String(PORT_FW), PORT_HONO: String(PORT_HONO), PORT_CONDITIONAL: String(PORT_CONDITIONAL), PORT_CURRENT: String(PORT_CURRENT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server not ready in 60 s')), 60_000)
    child.stdout.on('data', (chunk) => {
      const ready = /ready (\d+) bytes/.exec(String(chunk))
      if (!ready) return
      clearTimeout(timer)
      resolve({ child, bytes: Number(ready[1]) })
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)))
  })
}

/** Requests per second of `url` with `headers` under wrk. */
function wrk(url, headers) {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  const run = spawnSync('wrk', [...args, url], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`)
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout)
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)
  if (errors) throw new Error(`${url}: ${errors[1]} answers were not 2xx/3xx`)
  return Number(rate?.[1] ?? 0)
}

/** What one request answers: status, encoding, bytes on the wire (fetch would decode: node:http). */
async function probe(url, headers) {
  const { request } = await import('node:http')
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (answer) => {
      let size = 0
      answer.on('data', (chunk) => (size += chunk.length))
      answer.on('end', () =>
        resolve({ status: answer.statusCode, encoding: answer.headers['content-encoding'], etag: answer.headers.etag, size }),
      )
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

const { child, bytes } = await startServer()
try {
  const gzip = { 'accept-encoding': 'gzip' }
  const fwUrl = `http://127.0.0.1:${PORT_FW}/big`
  const honoUrl = `http://127.0.0.1:${PORT_HONO}/big`
  const fwProbe = await probe(fwUrl, gzip)
  const honoProbe = await probe(honoUrl, gzip)
  for (const [name, seen] of [['fw', fwProbe], ['hono', honoProbe]])
    if (seen.status !== 200 || seen.encoding !== 'gzip') throw new Error(`${name}: not a gzip 200: ${JSON.stringify(seen)}`)
  const conditionalUrl = `http://127.0.0.1:${PORT_CONDITIONAL}/big`
  const identity = await probe(conditionalUrl, {})
  const etag = String(identity.etag)
  const fresh = await probe(conditionalUrl, { 'if-none-match': etag })
  if (fresh.status !== 304) throw new Error(`fw: If-None-Match answered ${fresh.status}`)
  const currentUrl = `http://127.0.0.1:${PORT_CURRENT}/big`
  const early = await probe(currentUrl, { 'if-none-match': '"v1"' })
  if (early.status !== 304) throw new Error(`fw current: If-None-Match answered ${early.status}`)

  const rows = { fw: [], hono: [], full: [], notModified: [], early: [] }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['hono', 'fw'] : ['fw', 'hono']
    for (const app of order) rows[app].push(wrk(app === 'fw' ? fwUrl : honoUrl, gzip))
    rows.full.push(wrk(conditionalUrl, {}))
    rows.notModified.push(wrk(conditionalUrl, { 'if-none-match': etag }))
    rows.early.push(wrk(currentUrl, { 'if-none-match': '"v1"' }))
  }
  const ratio = (a, b) => median(a.map((value, index) => value / (b[index] ?? 1)))
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const result = [
    '# Traffic plugins: loopback HTTP (bench/compress.mjs)',
    '',
    `Commit ${commit}, ${new Date().toISOString()}, Node ${process.version}, ${ROUNDS} round(s) of ${SECONDS} s,`,
    `wrk -t1 -c${CONNECTIONS}, 127.0.0.1, a machine shared with other jobs (numbers are indicative).`,
    `Answer: ${bytes} bytes of JSON; gzip on the wire: fw ${fwProbe.size} B, Hono ${honoProbe.size} B.`,
    '',
    '| run | req/s (median) | ratio |',
    '|---|---|---|',
    `| gzip, fw \`compress()\` | ${median(rows.fw).toFixed(0)} | ${ratio(rows.fw, rows.hono).toFixed(2)}× Hono |`,
    `| gzip, Hono \`hono/compress\` | ${median(rows.hono).toFixed(0)} | 1 |`,
    `| fw \`conditional()\`: 200 (ETag from the bytes, SHA-1) | ${median(rows.full).toFixed(0)} | 1 |`,
    `| fw \`conditional()\`: 304 (If-None-Match) | ${median(rows.notModified).toFixed(0)} | ${ratio(rows.notModified, rows.full).toFixed(2)}× the 200 |`,
    `| fw \`conditional({ current })\`: 304 before the method runs | ${median(rows.early).toFixed(0)} | ${ratio(rows.early, rows.full).toFixed(2)}× the 200 |`,
    '',
  ].join('\n')
  writeFileSync(new URL('RESULTS-traffic.md', import.meta.url), result)
  console.log(result)
} finally {
  child.kill('SIGTERM')
}
