/**
 * What the rate-limit benches share (bench/rate-limit.ts, rate-limit-bun.ts, rate-limit-inproc.ts):
 * the wrk run with this process's CPU per request, the paired rotated rounds and their table, each
 * app's head, the floor plugin and the 1,000 clients' keys.
 */
import { execFile, spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { api } from 'fw-api'
import type { RequestContext } from '../src/request/context'

/**
 * The CPU time process `pid` has used, in µs: the sum of its threads' run time
 * (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds; Linux).
 */
function cpuOf(pid: number): number {
  let nanoseconds = 0
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8')
    nanoseconds += Number(stat.slice(0, stat.indexOf(' ')))
  }
  return nanoseconds / 1000
}

/**
 * Requests per second wrk measured against `url`, and the serving process's (`pid`) CPU µs per
 * request meanwhile (it only answers wrk: on a shared machine the CPU per request moves less than
 * the rate).
 */
export async function wrk(
  url: string,
  connections: number,
  seconds: number,
  pid: number,
): Promise<{ rate: number; cpu: number }> {
  const before = cpuOf(pid)
  const run = await promisify(execFile)('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, url], {
    encoding: 'utf8',
  })
  const used = cpuOf(pid) - before
  const found = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout)
  const count = /(\d+) requests in/.exec(run.stdout)
  if (!found || !count) throw new Error(`wrk: ${run.stdout}${run.stderr}`)
  if (/Non-2xx/.test(run.stdout)) throw new Error(`non-2xx answers: ${run.stdout}`)
  return { rate: Number(found[1]), cpu: used / Number(count[1]) }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * A plugin leaving the two fields a limit of `limit` per hour adds, pending on the request as a
 * limit leaves them; nothing counted (the floor).
 */
export function twoFields(limit: number): api.Plugin {
  const policy = `"default";q=${limit};w=3600`
  return new (class TwoFields extends api.Plugin {
    override processRequest(_request: Request, context: RequestContext): undefined {
      context.responseHeaders = ['ratelimit-policy', policy, 'ratelimit', '"default";r=999999999;t=3600']
      return undefined
    }
  })()
}

const CLIENTS = Array.from({ length: 1000 }, (_, index) => `client-${index}`)
const turn = { next: 0 }

/**
 * The next of 1,000 clients, in turn (a key each): under a limit of 10,000 an hour what a limit
 * answers then repeats across clients, as under real traffic.
 */
export const nextClient = (): string => CLIENTS[turn.next++ % CLIENTS.length] ?? ''

/** An app served on 127.0.0.1 by a process of its own, and the app its cost is measured against. */
export interface BenchApp {
  name: string
  /** Which of the app's processes this is (`BENCH_PROCESSES`: 0 to n − 1). */
  copy: number
  /** The app this one's ratios and differences are taken to (none: it is a base). */
  base?: string
  origin: string
  /** The serving process (its CPU is what is measured). */
  pid: number
  close(): Promise<void>
}

/** How a bench serves one app: the app it is measured against, and its start (the port). */
export interface AppServer {
  base?: string
  start(): Promise<number>
}

/**
 * The benches' two sides in one script. Run as `<script> serve <name>`: start that one of `apps`
 * and print `READY <port> <pid>` (the process then only answers). Otherwise: start each of `apps`
 * (or those named in `BENCH_APPS`, comma-separated) in a process of its own — this runtime, this
 * script — so no app shares a heap, a global (@hono/node-server replaces the global `Response`) or
 * a CPU count with another; the apps are returned to be measured, or undefined on the serving side.
 * `BENCH_PROCESSES` (1): each app in that many processes, measured in turn and averaged per round:
 * two processes of the same app differ by up to ~±5 % in CPU per request for as long as they run
 * (bench/RESULTS-rate-limit.md, "Where the loopback gap is"), as much as a limit costs.
 */
export async function serveApps(
  apps: Readonly<Record<string, AppServer>>,
  env: Readonly<Record<string, string>> = {},
): Promise<BenchApp[] | undefined> {
  const [, script = '', command, name = ''] = process.argv
  if (command === 'serve') {
    const app = apps[name]
    if (!app) throw new Error(`unknown app ${name}`)
    console.log(`READY ${await app.start()} ${process.pid}`)
    return undefined
  }
  const wanted = process.env.BENCH_APPS?.split(',')
  const copies = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1))
  const started: BenchApp[] = []
  for (let copy = 0; copy < copies; copy++)
  for (const [name, app] of Object.entries(apps)) {
    if (wanted && !wanted.includes(name) && !(app.base === undefined && wanted.some((other) => apps[other]?.base === name))) continue
    const child = spawn(process.execPath, [...process.execArgv, script, 'serve', name], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    })
    const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const found = /READY (\d+) (\d+)/.exec(output)
        if (found) resolve(found)
      })
      child.on('exit', (code) => reject(new Error(`${name} exited (${code}): ${output}`)))
    })
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    started.push({
      name,
      copy,
      ...(app.base ? { base: app.base } : {}),
      origin: `http://127.0.0.1:${ready[1]}`,
      pid: Number(ready[2]),
      close: () => {
        child.kill('SIGTERM')
        return exited
      },
    })
  }
  return started
}

/** The machine's load average now (`uptime`'s line, for the run's record). */
export const uptime = (): string =>
  spawnSync('uptime', { encoding: 'utf8' }).stdout.trim().replace(/^.*load average:\s*/, '')

/**
 * Each app's head for `path` and for two answers a limit governs as well (a query the endpoint
 * refuses, a path no endpoint has): the lines a limit adds, counted (`ratelimit*`, `x-ratelimit*`,
 * `retry-after`), so a peer sending fewer lines is seen beside its figure.
 */
export async function printHeads(apps: readonly BenchApp[], path: string): Promise<void> {
  const limitLine = /^(x-)?ratelimit|^retry-after$/
  const lines = (response: Response): string[] =>
    [...response.headers].filter(([name]) => limitLine.test(name)).map(([name, value]) => `${name}: ${value}`)
  console.log('\nThe heads (E1; then the rate-limit lines on a 400 and a 404):\n')
  for (const app of apps) {
    if (app.copy > 0) continue
    const answer = await fetch(`${app.origin}${path}`)
    await answer.arrayBuffer()
    const refused = await fetch(`${app.origin}/items?page=0&limit=10`)
    await refused.arrayBuffer()
    const missing = await fetch(`${app.origin}/nowhere/at/all`)
    await missing.arrayBuffer()
    const head = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join(' | ')
    console.log(`- ${app.name}: ${answer.status} ${head}`)
    console.log(
      `  ${lines(answer).length} limit lines on E1, ${refused.status}: ${lines(refused).length}, ${missing.status}: ${lines(missing).length}`,
    )
  }
}

/** Requests/s and this process's CPU µs/request per round, by app name. */
export interface Rounds {
  rates: Map<string, number[]>
  cpus: Map<string, number[]>
  /** CPU µs/request per round of each process (`BENCH_PROCESSES`), by app name: one list a process */
  processes: Map<string, number[][]>
}

/**
 * One warm-up run per app, then `rounds` rounds of every app in turn, the order rotating each
 * round (each app's neighbours change: a disturbance falls on different apps), wrk on each for
 * `seconds` with `connections` connections. An app served by several processes
 * (`BENCH_PROCESSES`): each process in turn, the round's figure the mean of its processes'.
 */
export async function runRounds(
  apps: readonly BenchApp[],
  path: string,
  { rounds, seconds, connections }: { rounds: number; seconds: number; connections: number },
): Promise<Rounds> {
  const rates = new Map<string, number[]>(apps.map((app) => [app.name, []]))
  const cpus = new Map<string, number[]>(apps.map((app) => [app.name, []]))
  const processes = new Map<string, number[][]>(apps.map((app) => [app.name, []]))
  for (const app of apps) await wrk(`${app.origin}${path}`, connections, seconds, app.pid)
  const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length
  for (let round = 0; round < rounds; round++) {
    const roundRates = new Map<string, number[]>()
    const roundCpus = new Map<string, number[]>()
    for (let index = 0; index < apps.length; index++) {
      const app = apps[(index + round) % apps.length]
      if (!app) continue
      const { rate, cpu } = await wrk(`${app.origin}${path}`, connections, seconds, app.pid)
      roundRates.set(app.name, [...(roundRates.get(app.name) ?? []), rate])
      roundCpus.set(app.name, [...(roundCpus.get(app.name) ?? []), cpu])
      const perProcess = processes.get(app.name) ?? []
      ;(perProcess[app.copy] ??= []).push(cpu)
      processes.set(app.name, perProcess)
    }
    for (const [name, values] of roundRates) rates.get(name)?.push(mean(values))
    for (const [name, values] of roundCpus) cpus.get(name)?.push(mean(values))
  }
  return { rates, cpus, processes }
}

/**
 * The table: per app its median requests/s and CPU µs/request, and against its base the median of
 * the per-round ratios (req/s this / base; CPU base / this: 1 is free, 0.95 a 5 % cost), the median
 * per-round CPU difference, and the ratio of the two apps' least CPU per request (their least
 * disturbed rounds).
 */
export function printTable(all: readonly BenchApp[], { rates, cpus, processes }: Rounds): void {
  const apps = all.filter((app) => app.copy === 0)
  console.log(
    '| app | req/s median | req/s ratio | CPU µs/req median | CPU ratio (base / this) | Δ CPU µs/req | best rounds\' CPU ratio |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const app of apps) {
    const rate = rates.get(app.name) ?? []
    const cpu = cpus.get(app.name) ?? []
    const cells = [`${Math.round(median(rate))}`, '', median(cpu).toFixed(2), '', '', '']
    if (app.base) {
      const baseRate = rates.get(app.base) ?? []
      const baseCpu = cpus.get(app.base) ?? []
      cells[1] = median(rate.map((value, index) => value / (baseRate[index] ?? value))).toFixed(3)
      cells[3] = median(cpu.map((value, index) => (baseCpu[index] ?? value) / value)).toFixed(3)
      const delta = median(cpu.map((value, index) => value - (baseCpu[index] ?? value)))
      cells[4] = `${delta >= 0 ? '+' : ''}${delta.toFixed(2)}`
      cells[5] = (Math.min(...baseCpu) / Math.min(...cpu)).toFixed(3)
    }
    console.log(`| ${app.name}${app.base ? ` (over ${app.base})` : ''} | ${cells.join(' | ')} |`)
  }
  console.log('\nCPU µs/req per round (round order rotates):')
  for (const app of apps) {
    console.log(`- ${app.name}: ${(cpus.get(app.name) ?? []).map((value) => value.toFixed(2)).join(', ')}`)
  }
  if (apps.length === all.length) return
  console.log('\nEach process\'s median CPU µs/req (the spread between processes of the same app):')
  for (const app of apps) {
    const each = (processes.get(app.name) ?? []).map((values) => median(values).toFixed(2))
    console.log(`- ${app.name}: ${each.join(', ')}`)
  }
}

/**
 * The run of a rate-limit bench once its apps serve: each app checked to answer `path` with a
 * 200, the heads printed, the rounds run, then one line naming the run (the runtime, the commit,
 * wrk's settings, how many processes serve each app, the load average before → after) and the table.
 */
export async function measureApps(
  apps: readonly BenchApp[],
  path: string,
  run: { runtime: string; processes: string; rounds: number; seconds: number; connections: number },
): Promise<void> {
  const load = [uptime()]
  for (const app of apps) {
    const check = await fetch(`${app.origin}${path}`)
    if (check.status !== 200) throw new Error(`${app.name}: ${check.status} ${await check.text()}`)
  }
  await printHeads(apps, path)
  const rounds = await runRounds(apps, path, run)
  load.push(uptime())
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
  console.log(
    `\nE1 (GET ${path}) over loopback, ${run.runtime}, commit ${commit}, wrk -t1 -c${run.connections} -d${run.seconds}s × ${run.rounds} rounds, each app in ${run.processes} of its own, load average ${load.join(' → ')}\n`,
  )
  printTable(apps, rounds)
}
