#!/usr/bin/env node
/**
 * The soak (issue #20 item 8): bench/soak-server.ts (the blog example on
 * PGlite with plugins.Logger) on Bun and Node, driven by wrk on 127.0.0.1
 * until SOAK_REQUESTS requests (default 500 000) or SOAK_MAX_S seconds per
 * runtime (default 900), whichever comes first. Reports the server's RSS
 * (from /proc, Linux) after warm-up ("before"), its peak, 5 s after the load
 * ("after") and after a forced GC. Not part of `npm test`: minutes per runtime.
 *
 *   node bench/soak.mjs
 *   SOAK_RUNTIMES=bun SOAK_REQUESTS=100000 node bench/soak.mjs
 *   SOAK_APP=minimal SOAK_SINK=none node bench/soak.mjs     # isolating a cause
 *
 * Knobs: SOAK_RUNTIMES (bun,node), SOAK_REQUESTS, SOAK_MAX_S, SOAK_PHASE_S (15),
 * SOAK_CONNECTIONS (16), SOAK_APP (blog|minimal), SOAK_LOGGER (1|0),
 * SOAK_SINK (console|write|none), SOAK_BUN_FLAGS (e.g. --smol), SOAK_STDOUT (pipe: read by this script, as
 * a log collector would | null: /dev/null).
 */
import { spawn, execFile } from 'node:child_process'
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const env = process.env
const runtimes = (env.SOAK_RUNTIMES ?? 'bun,node').split(',').map((name) => name.trim())
const target = Number(env.SOAK_REQUESTS ?? 500_000)
const maxSeconds = Number(env.SOAK_MAX_S ?? 900)
const phaseSeconds = Number(env.SOAK_PHASE_S ?? 15)
const connections = Number(env.SOAK_CONNECTIONS ?? 16)
const stdoutMode = env.SOAK_STDOUT ?? 'pipe'
const commands = {
  bun: [join(root, 'node_modules/.bin/bun'), ...(env.SOAK_BUN_FLAGS ?? '').split(' ').filter(Boolean), 'bench/soak-server.ts'],
  node: [process.execPath, '--expose-gc', '--import', 'tsx', 'bench/soak-server.ts'],
}

// PGlite answers a few hundred reads a second on this kind of machine, fw with the Logger
// several thousand: in every 100 requests, 1 article list and 4 user reads go to the
// database (with their relations and counts), the rest are fw's own 404s and 400s
// (routing, param conversion, error rendering, a Logger line each). No writes: the data
// set stays the same size. SOAK_DB_SHARE=all sends only database reads; SOAK_LIST_LIMIT
// sets the article list's page size (default 5; the blog allows up to 100).
const listLimit = env.SOAK_LIST_LIMIT ?? '5'
const databasePaths = [env.SOAK_APP === 'unbounded' ? '/api/all' : `/api/article?limit=${listLimit}&order=-createdAt`, '/api/user/1', '/api/user/2', '/api/user/3', '/api/user/4']
const fwPaths = ['/api/nope', '/api/user/x', '/api/article?limit=x', '/api/user/1/more']
const mix = env.SOAK_DB_SHARE === 'all' ? databasePaths : [...databasePaths, ...Array.from({ length: 95 }, (_, i) => fwPaths[i % fwPaths.length])]
const lua = `
local paths = { ${mix.map((path) => JSON.stringify(path)).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`
const script = join(mkdtempSync(join(tmpdir(), 'fw-soak-')), 'paths.lua')
writeFileSync(script, lua)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (kb) => Math.round(kb / 1024)
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)

function start(runtime) {
  const [command, ...args] = commands[runtime]
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, NO_COLOR: '1' } })
  let logBytes = 0
  let stderr = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime}: not ready after 60 s\n${stderr}`)), 60_000)
    let head = ''
    const onData = (chunk) => {
      head += chunk.toString()
      const ready = /READY (\d+)/.exec(head)
      if (!ready) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      // The Logger's lines: read and counted (a log collector), or dropped unread.
      if (stdoutMode === 'pipe') child.stdout.on('data', (more) => void (logBytes += more.length))
      else child.stdout.destroy()
      resolve({ child, port: Number(ready[1]), logBytes: () => logBytes, stderr: () => stderr })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => void (stderr += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`${runtime}: exited (${code}) before READY\n${stderr}`)))
  })
}

/** One wrk run; asynchronous, so this process keeps reading the server's log pipe meanwhile. */
async function wrk(port, seconds) {
  const out = await new Promise((resolve, reject) => {
    execFile('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, `http://127.0.0.1:${port}`], { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
  })
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const odd = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  const errors = /Socket errors: (.*)/.exec(out)?.[1]
  return { requests, odd, errors }
}

async function memoryAfterGc(server) {
  const before = server.stderr().length
  server.child.kill('SIGUSR2')
  for (let i = 0; i < 50 && !server.stderr().slice(before).includes('MEMORY'); i++) await sleep(100)
  const line = /MEMORY (\{.*\})/.exec(server.stderr().slice(before))?.[1]
  return line ? JSON.parse(line) : undefined
}

const rows = []
for (const runtime of runtimes) {
  const server = await start(runtime)
  const pid = server.child.pid
  await wrk(server.port, 5) // warm-up: JIT, caches, PGlite's buffers
  await sleep(2000)
  const before = rssKb(pid)
  let total = 0
  let odd = 0
  let peak = before
  const samples = [mb(before)]
  const started = Date.now()
  while (total < target && (Date.now() - started) / 1000 < maxSeconds) {
    const phase = await wrk(server.port, phaseSeconds)
    if (phase.requests === 0) throw new Error(`${runtime}: no request answered in ${phaseSeconds} s (a stuck server)\n${server.stderr().slice(-2000)}`)
    total += phase.requests
    odd += phase.odd
    if (phase.errors) console.error(`${runtime}: socket errors ${phase.errors}`)
    const now = rssKb(pid)
    peak = Math.max(peak, now)
    samples.push(mb(now))
    console.error(`${runtime}: ${total} requests, RSS ${mb(now)} MB`)
  }
  const seconds = (Date.now() - started) / 1000
  await sleep(5000)
  const after = rssKb(pid)
  const gc = await memoryAfterGc(server)
  await sleep(1000)
  const afterGc = rssKb(pid)
  rows.push({ runtime, requests: total, seconds: Math.round(seconds), rps: Math.round(total / seconds), odd, before: mb(before), peak: mb(peak), after: mb(after), afterGc: mb(afterGc), ratio: (after / before).toFixed(2), heapMb: gc ? Math.round(gc.heapUsed / 2 ** 20) : undefined, memory: gc, logMb: Math.round(server.logBytes() / 2 ** 20), samples })
  server.child.kill('SIGTERM')
  await sleep(1000)
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

const knobs = `app=${env.SOAK_APP ?? 'blog'} articles=${env.SOAK_ARTICLES ?? 200} db=${env.SOAK_DB_SHARE ?? '5%'} list-limit=${listLimit} logger=${env.SOAK_LOGGER ?? '1'} sink=${env.SOAK_SINK ?? 'console'} stdout=${stdoutMode} connections=${connections}`
console.log(`\nsoak (${knobs}); ${mix.length} paths in turn, ${databasePaths.length} of them database reads (the non-2xx are fw's 404s and 400s)\n`)
console.log('| runtime | requests | s | req/s | non-2xx | RSS before | peak | after (5 s idle) | after GC | after/before | heap after GC | log written |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const row of rows) {
  console.log(`| ${row.runtime} | ${row.requests} | ${row.seconds} | ${row.rps} | ${row.odd} | ${row.before} MB | ${row.peak} MB | ${row.after} MB | ${row.afterGc} MB | ${row.ratio} | ${row.heapMb ?? '?'} MB | ${row.logMb} MB |`)
}
for (const row of rows) console.log(`${row.runtime} RSS per phase (MB): ${row.samples.join(' ')}`)
for (const row of rows) console.log(`${row.runtime} memory after GC: ${JSON.stringify(row.memory)}`)
