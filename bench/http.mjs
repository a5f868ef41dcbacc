/**
 * Loopback HTTP runs for bench/run.mjs: start each app's server (bench/server.ts,
 * bundled to .build/server.mjs) on 127.0.0.1, check every app answers every
 * fixture alike, then drive each with wrk in paired rounds: every round starts fresh servers and runs each
 * app once (the order rotates), fw/other ratios are taken within a round and the median of those per-round
 * ratios is reported, so load that comes and goes between rounds, and the luck of one server process,
 * cancel out instead of landing on one app.
 * BENCH_PIN=1 pins the server to the last CPU and wrk to the first (taskset).
 */
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Apps whose bytes legitimately differ: compared on status and body (not content type), E5 on status only. */
const LOOSE = new Set(['fastify', 'elysia', 'elysia-zod', 'elysia-zod-fetch'])
/** Endpoints an app does not serve (Fastify has no multipart plugin here). */
const SKIPS = { fastify: new Set(['E4']) }
const serves = (app, fixture) => !SKIPS[app]?.has(fixture.id)

/** utime + stime of a process and its descendants (miniflare's workerd), in seconds. */
function cpuSeconds(pid) {
  let stat
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return 0 // a child that ended between the listing and the read
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  let total = (Number(fields[11]) + Number(fields[12])) / 100
  for (const child of childPids(pid)) total += cpuSeconds(child)
  return total
}

/** The ids of a process's children, from every thread's `/proc/<pid>/task/<tid>/children`. */
function childPids(pid) {
  const ids = []
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      if (text) ids.push(...text.split(' ').map(Number))
    }
  } catch {
    // the process ended
  }
  return ids
}

/** `taskset -c <cpu>` prefix when BENCH_PIN=1 and the machine has 2+ CPUs (else none). */
function pinned(which) {
  if (process.env.BENCH_PIN !== '1' || os.cpus().length < 2) return []
  return ['taskset', '-c', which === 'server' ? String(os.cpus().length - 1) : '0']
}

/** Run `cmd args` under the pin for `which` (server or wrk). */
function command(which, cmd, args) {
  const pin = pinned(which)
  return pin.length ? [pin[0], [...pin.slice(1), cmd, ...args]] : [cmd, args]
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** fw/other ratios within each round (samples[app][round]), then their median, lowest and highest. */
function pairedRatios(samples) {
  const fw = samples.fw
  if (!fw) return {}
  const entries = Object.entries(samples).filter(([app]) => app !== 'fw').map(([app, list]) => {
    const byRps = list.map((sample, round) => fw[round].rps / sample.rps)
    const byCpu = list.map((sample, round) => sample.cpuUsPerRequest / fw[round].cpuUsPerRequest)
    return [app, { rps: median(byRps), cpu: median(byCpu), low: Math.min(...byRps), high: Math.max(...byRps) }]
  })
  return Object.fromEntries(entries)
}

/**
 * `launch(runtime, app)`: the command serving `app` (it prints `READY <app> <port>`); by default
 * `.build/server.mjs` on Node or Bun (bench/compare.mjs serves two commits' builds on four runtimes).
 * `headersFor(runtime)`: request headers every request to that runtime's servers carries besides the
 * fixture's (bench/compare.mjs: the Workers platform's `cf` properties for workerd's direct socket).
 * @param {{ root: string, out: string, bun: string, log: (...args: unknown[]) => void, fixtures: any[], launch?: (runtime: string, app: string) => [string, string[]], headersFor?: (runtime: string) => Record<string, string> }} setup
 */
export function createHttpRunner({ root, out, bun, log, fixtures, launch, headersFor }) {
  /** wrk's script for a fixture, with the runtime's extra request headers (`headersFor`) if it has any. */
  function luaFor(fixture, runtime) {
    const extra = headersFor?.(runtime) ?? {}
    const named = Object.keys(extra).length ? `${runtime}-${fixture.id}` : fixture.id
    const file = path.join(out, `${named}.lua`)
    const lines = [`wrk.method = ${JSON.stringify(fixture.method)}`]
    if (fixture.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(fixture.body)}`, `wrk.headers["Content-Type"] = ${JSON.stringify(fixture.contentType)}`)
    for (const [name, value] of Object.entries(extra)) lines.push(`wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    writeFileSync(file, `${lines.join('\n')}\n`)
    return file
  }

  /** Start one app's server on a free port (it prints `READY <app> <port>`). */
  function startServer(runtime, app) {
    const [cmd, args] = launch?.(runtime, app) ?? [runtime === 'bun' ? bun : process.execPath, [path.join(out, 'server.mjs'), app, '0']]
    const child = spawn(...command('server', cmd, args), { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
    return new Promise((resolve, reject) => {
      let text = ''
      const timer = setTimeout(() => {
        child.kill('SIGTERM')
        reject(new Error(`${runtime} ${app}: no READY`))
      }, Number(process.env.BENCH_READY_MS ?? 15_000))
      child.stdout.on('data', (chunk) => {
        text += chunk
        const ready = /READY \S+ (\d+)/.exec(text)
        if (ready) {
          clearTimeout(timer)
          resolve({ app, port: Number(ready[1]), child })
        }
      })
      child.on('exit', (code) => reject(new Error(`${runtime} ${app} exited (${code})`)))
    })
  }

  /** Resolves once `child` has exited (at once if it already has); killed outright if it lingers 5 s after SIGTERM. */
  function exited(child) {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  async function fetchFixture(runtime, port, fixture) {
    const headers = { ...headersFor?.(runtime) }
    const init = fixture.method === 'GET' ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': fixture.contentType }, body: fixture.body }
    const response = await fetch(`http://127.0.0.1:${port}${fixture.path}`, init)
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
  }

  function wrk(runtime, port, fixture, seconds, connections) {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', luaFor(fixture, runtime), `http://127.0.0.1:${port}${fixture.path}`]
    const result = spawnSync(...command('wrk', 'wrk', args), { encoding: 'utf8', timeout: (seconds + 20) * 1000 })
    const text = result.stdout
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN)
    const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? NaN)
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0)
    const errors = /Socket errors:.*/.exec(text)?.[0]
    return { rps, requests, non2xx, errors }
  }

  /** Same answers over the wire from every app (the first app, the floor, is the reference). */
  async function check(runtime, servers) {
    const checks = []
    for (const fixture of fixtures) {
      const seen = []
      for (const server of servers) if (serves(server.app, fixture)) seen.push([server.app, await fetchFixture(runtime, server.port, fixture)])
      const [firstApp, first] = seen[0]
      for (const [app, snap] of seen) {
        const same = LOOSE.has(app)
          ? snap.status === first.status && (fixture.id === 'E5' || snap.body === first.body)
          : snap.status === first.status && snap.type === first.type && snap.body === first.body
        if (!same || snap.status !== fixture.status) throw new Error(`${runtime} loopback ${fixture.id}: ${app} answered ${JSON.stringify(snap)}, ${firstApp} ${JSON.stringify(first)}`)
      }
      checks.push(fixture.id)
    }
    return checks
  }

  /**
   * Serve `apps` on `runtime`, check them, and (unless `seconds` is 0) time them with wrk
   * (every fixture, or those whose id is in `only`). Every round starts fresh servers: a server
   * process keeps its own cost for its whole life (measured here: one Fastify process at 29-35 µs of CPU per
   * E3 request through 10 rounds while fw's was at 38-45; another pair the same hour, 38.7 vs 39.3), so one process per app for the whole
   * run would stand for one draw; a fresh one per round makes the median a median over processes too.
   * In a round each app is warmed up on each fixture (`warmup` s of wrk: a fresh Bun server's first second on
   * E4 costs 1.5× its later ones) and timed once, the apps' order rotating; with `slices` > 1 that
   * time is cut into as many runs of wrk taken in turns (A B, B A, A B …), so a spell of machine
   * noise lasting a few seconds lands on every app of the round instead of one.
   * `ratios[id][other]` holds the medians of the per-round fw/other ratios (req/s, and other/fw CPU per request)
   * with their lowest and highest round.
   * @returns {Promise<{ checks: string[], table: Record<string, Record<string, { rps: number, cpuUs: number, rounds: unknown[] }>>, ratios: Record<string, Record<string, { rps: number, cpu: number, low: number, high: number }>> }>}
   */
  async function httpRun(runtime, apps, { seconds, rounds, connections, warmup = 2, slices = 1, only: timedOnly }) {
    if (!Number.isInteger(seconds / slices)) throw new Error(`${slices} slices of ${seconds} s: wrk takes whole seconds`)
    const timed = fixtures.filter((fixture) => !timedOnly || timedOnly.includes(fixture.id))
    const samples = Object.fromEntries(timed.map((fixture) => [fixture.id, {}]))
    let checks = []
    for (let round = 0; round < (seconds === 0 ? 1 : rounds); round++) {
      const servers = []
      try {
        for (const app of apps) servers.push(await startServer(runtime, app))
        checks = await check(runtime, servers)
        if (round === 0) log(runtime, 'loopback answers agree:', apps.join(', '), checks.join(' '))
        if (seconds === 0) return { checks, table: {}, ratios: {} }
        for (const fixture of timed) {
          const targets = servers.filter((server) => serves(server.app, fixture))
          for (const server of targets) wrk(runtime, server.port, fixture, warmup, connections) // warm-up
          const sums = new Map(targets.map((server) => [server, { rps: 0, requests: 0, cpu: 0 }]))
          for (let slice = 0; slice < slices; slice++) {
            for (let k = 0; k < targets.length; k++) {
              const server = targets[(k + round + slice) % targets.length]
              const cpuStart = cpuSeconds(server.child.pid)
              const result = wrk(runtime, server.port, fixture, seconds / slices, connections)
              const cpu = cpuSeconds(server.child.pid) - cpuStart
              const expectedNon2xx = fixture.status === 200 ? 0 : result.requests
              if (result.non2xx !== expectedNon2xx && !(fixture.status !== 200 && result.non2xx > 0)) log(`warning: ${runtime} ${server.app} ${fixture.id}: ${result.non2xx} non-2xx of ${result.requests}`)
              if (result.errors) log(`warning: ${runtime} ${server.app} ${fixture.id}: ${result.errors}`)
              const sum = sums.get(server)
              sum.rps += result.rps / slices
              sum.requests += result.requests
              sum.cpu += cpu
            }
          }
          for (const [server, sum] of sums) (samples[fixture.id][server.app] ??= []).push({ rps: sum.rps, cpuUsPerRequest: (sum.cpu * 1e6) / sum.requests })
        }
      } finally {
        for (const server of servers) server.child.kill('SIGTERM')
        await Promise.all(servers.map((server) => exited(server.child)))
      }
    }
    const table = {}
    const ratios = {}
    for (const fixture of timed) {
      const byApp = samples[fixture.id]
      table[fixture.id] = Object.fromEntries(
        Object.entries(byApp).map(([app, list]) => [app, { rps: median(list.map((s) => s.rps)), cpuUs: median(list.map((s) => s.cpuUsPerRequest)), rounds: list }]),
      )
      ratios[fixture.id] = pairedRatios(byApp)
      log(runtime, fixture.id, Object.entries(table[fixture.id]).map(([app, r]) => `${app} ${r.rps.toFixed(0)}/s ${r.cpuUs.toFixed(1)}µs`).join('  '))
    }
    return { checks, table, ratios }
  }

  return { httpRun }
}
