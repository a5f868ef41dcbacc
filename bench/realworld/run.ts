/**
 * `npm run bench:realworld`: the RealWorld (Conduit) routes B1–B7 on fw
 * (examples/realworld) and its peers (./peers: Fastify, Hono on Node and Bun,
 * Elysia), each bundled with esbuild first as bench/run.mjs bundles its apps (fw from
 * src/ compiled once, not through tsx's loader; Fastify, Elysia, @hono/node-server left
 * external), all on one PostgreSQL 15 server started here in a temp dir with the
 * deterministic seed (./seed.ts). Before any timing: every route's answer from
 * every framework must be byte-equal JSON (the token, and a created article's
 * slug suffix and timestamps, masked), and the SQL statements each sends per
 * request are counted from the server's `log_statement=all` log. Then rounds:
 * in each, every framework (its position rotated round by round) starts fresh
 * and each route gets `RW_WARMUP` s of wrk, then `RW_SECONDS` s timed, with the
 * server's and Postgres's CPU read from /proc; the medians over rounds are printed
 * as markdown and written to `RW_OUT` (bench/realworld/RESULTS.md).
 * Environment: RW_FRAMEWORKS (fw-node,fastify-node,hono-node,fw-bun,hono-bun,elysia-bun),
 * RW_RUNTIMES (node,bun: keeps the frameworks on those), RW_ROUTES (B1,…,B7), RW_ROUNDS (3),
 * RW_SECONDS (3), RW_WARMUP (1), RW_CONNECTIONS (32), RW_COUNT_REQUESTS (5: requests per route
 * for the statement count), RW_SECONDS=0 (check and count only, no wrk),
 * RW_PROFILE=B2 (instead: the first Node framework of RW_FRAMEWORKS — fw-node unless told — under
 * `--cpu-prof` for RW_SECONDS of wrk on that route; the top self-time functions of its bundle, by
 * source file or package; RW_PROFILE_OUT=file.cpuprofile keeps the whole profile), RW_OUT (the markdown's file), RW_JSON (also write the
 * statement counts and the timings as JSON there, for tests/bench-realworld.test.ts).
 * Every step has a deadline: a server not listening in 120 s, a wrk run past its duration + 20 s fail the run.
 */
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import postgres from 'postgres'
import { loggedStatements, type PostgresServer, startPostgres } from '../../tests/orm/engines'
import { BENCH_USER, resetWrites, SEED, seed } from './seed'

const root = fileURLToPath(new URL('../../', import.meta.url))
const env = process.env

interface Framework {
  name: string
  runtime: 'node' | 'bun'
  entry: string
}
const FRAMEWORKS: Framework[] = [
  { name: 'fw-node', runtime: 'node', entry: 'examples/realworld/server.ts' },
  { name: 'fastify-node', runtime: 'node', entry: 'bench/realworld/peers/fastify.ts' },
  { name: 'hono-node', runtime: 'node', entry: 'bench/realworld/peers/hono.ts' },
  { name: 'fw-bun', runtime: 'bun', entry: 'examples/realworld/server.ts' },
  { name: 'hono-bun', runtime: 'bun', entry: 'bench/realworld/peers/hono.ts' },
  { name: 'elysia-bun', runtime: 'bun', entry: 'bench/realworld/peers/elysia.ts' },
]

interface Route {
  id: string
  method: 'GET' | 'POST'
  path: string
  /** sends the signed-in user's token */
  auth: boolean
  body?: string
  /** the answer with what legitimately differs between frameworks replaced */
  mask?: (text: string) => string
}
const NEW_ARTICLE = JSON.stringify({ article: { title: 'How to train your dragon', description: 'Ever wonder how?', body: 'You have to believe', tagList: ['tag-07', 'bench', 'tag-03'] } })
const ROUTES: Route[] = [
  { id: 'B1', method: 'GET', path: '/api/articles?limit=20', auth: false },
  { id: 'B2', method: 'GET', path: '/api/articles?limit=20', auth: true },
  { id: 'B3', method: 'GET', path: '/api/articles/article-1234', auth: false },
  { id: 'B4', method: 'GET', path: '/api/articles/feed', auth: true },
  {
    id: 'B5', method: 'POST', path: '/api/articles', auth: true, body: NEW_ARTICLE,
    mask: (text) => text.replace(/("slug":"how-to-train-your-dragon-)[0-9a-f]{8}"/, '$1…"').replace(/"(createdAt|updatedAt)":"[^"]+"/g, '"$1":"…"'),
  },
  { id: 'B6', method: 'GET', path: '/api/tags', auth: false },
  { id: 'B7', method: 'POST', path: '/api/users/login', auth: false, body: JSON.stringify({ user: BENCH_USER }), mask: (text) => text.replace(/"token":"[^"]+"/, '"token":"…"') },
]

const list = (name: string, fallback: string) => (env[name] ?? fallback).split(',').map((item) => item.trim()).filter(Boolean)
const number = (name: string, fallback: number) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]))
const runtimes = list('RW_RUNTIMES', 'node,bun')
const frameworks = list('RW_FRAMEWORKS', FRAMEWORKS.map((framework) => framework.name).join(',')).map((name) => {
  const found = FRAMEWORKS.find((framework) => framework.name === name)
  if (!found) throw new Error(`RW_FRAMEWORKS: unknown ${name} (known: ${FRAMEWORKS.map((framework) => framework.name).join(', ')})`)
  return found
}).filter((framework) => runtimes.includes(framework.runtime))
const routes = list('RW_ROUTES', ROUTES.map((route) => route.id).join(',')).map((id) => {
  const found = ROUTES.find((route) => route.id === id)
  if (!found) throw new Error(`RW_ROUTES: unknown ${id}`)
  return found
})
const config = { rounds: number('RW_ROUNDS', 3), seconds: number('RW_SECONDS', 3), warmup: number('RW_WARMUP', 1), connections: number('RW_CONNECTIONS', 32), countRequests: number('RW_COUNT_REQUESTS', 5) }
const profileRoute = env.RW_PROFILE ? ROUTES.find((route) => route.id === env.RW_PROFILE) : undefined
if (env.RW_PROFILE && !profileRoute) throw new Error(`RW_PROFILE: unknown route ${env.RW_PROFILE}`)
const START_MS = 120_000
const JWT_SECRET = 'rw-bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz'
const temp = mkdtempSync(join(os.tmpdir(), 'fw-rwbench-'))
const log = (line: string) => console.error(`[rwbench ${new Date().toISOString().slice(11, 19)}] ${line}`)
const out = join(root, 'bench/.build/realworld')
/** where esbuild puts `entry`'s bundle */
const bundleOf = (entry: string) => join(out, `${entry.replace(/^.*\/(peers\/)?/, '').replace(/\.ts$/, '')}${entry.startsWith('examples/') ? '-fw' : ''}.mjs`)

/** Bundle every framework's entry once (bench/run.mjs's settings). */
async function bundle(): Promise<void> {
  const entries = [...new Set(frameworks.map((framework) => framework.entry))]
  for (const entry of entries)
    await build({ entryPoints: [entry], outfile: bundleOf(entry), bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: join(root, 'tsconfig.json'), external: ['fastify', '@hono/node-server', 'elysia'] })
}

// ---- processes -----------------------------------------------------------------------------------
interface Running {
  origin: string
  pid: number
  stop(): Promise<void>
}

function start(framework: Framework, url: string, nodeFlags: string[] = []): Promise<Running> {
  const argv = framework.runtime === 'node' ? [process.execPath, ...nodeFlags, bundleOf(framework.entry)] : [join(root, 'node_modules/.bin/bun'), bundleOf(framework.entry)]
  const [command = '', ...args] = argv
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: url, JWT_SECRET, PBKDF2_ITERATIONS: env.PBKDF2_ITERATIONS ?? '1000', LOGIN_LIMIT: env.LOGIN_LIMIT ?? '0' },
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`${framework.name}: not listening after ${START_MS} ms\n${output.slice(-3000)}`))), START_MS)
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const ready = /listening on (http:\/\/127\.0\.0\.1:\d+)\S* \((\w+)\)/.exec(output)
      if (!ready?.[1]) return
      clearTimeout(timer)
      if (ready[2] !== framework.runtime) return void stop().then(() => reject(new Error(`${framework.name}: served by ${ready[2]}`)))
      resolve({ origin: ready[1], pid: child.pid ?? -1, stop })
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${framework.name}: exited (code ${code}) before listening\n${output.slice(-3000)}`))
    })
  })
}

/** utime + stime of a process and its descendants, in seconds (bench/http.mjs reads them the same way). */
function cpuSeconds(pid: number): number {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return 0 // ended between the listing and the read
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  let total = (Number(fields[11]) + Number(fields[12])) / 100
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      for (const child of children ? children.split(' ') : []) total += cpuSeconds(Number(child))
    }
  } catch {
    // the process ended
  }
  return total
}

// ---- requests --------------------------------------------------------------------------------------
interface Answer {
  status: number
  body: string
}
async function send(origin: string, route: Route, token: string): Promise<Answer> {
  const headers: Record<string, string> = { ...(route.body ? { 'content-type': 'application/json' } : {}), ...(route.auth ? { authorization: `Token ${token}` } : {}) }
  const response = await fetch(origin + route.path, { method: route.method, headers, body: route.body, signal: AbortSignal.timeout(30_000) })
  return { status: response.status, body: await response.text() }
}
async function signIn(origin: string, name: string): Promise<string> {
  const login = ROUTES.find((route) => route.id === 'B7') as Route
  const answer = await send(origin, login, '')
  const token = /"token":"([^"]+)"/.exec(answer.body)?.[1]
  if (answer.status !== 200 || !token) throw new Error(`${name}: login answered ${answer.status} ${answer.body.slice(0, 300)}`)
  return token
}

interface Timing {
  rps: number
  requests: number
  cpuUs: number
  dbCpuUs: number
  failures: number
}
function wrk(origin: string, route: Route, token: string, seconds: number): { rps: number; requests: number; failures: number } {
  const script = join(temp, `${route.id}.lua`)
  const lines = [`wrk.method = ${JSON.stringify(route.method)}`]
  if (route.body) lines.push(`wrk.body = ${JSON.stringify(route.body)}`, `wrk.headers["Content-Type"] = "application/json"`)
  if (route.auth) lines.push(`wrk.headers["Authorization"] = ${JSON.stringify(`Token ${token}`)}`)
  writeFileSync(script, `${lines.join('\n')}\n`)
  const result = spawnSync('wrk', ['-t1', `-c${config.connections}`, `-d${seconds}s`, '-s', script, origin + route.path], { encoding: 'utf8', timeout: (seconds + 20) * 1000 })
  if (result.status !== 0) throw new Error(`wrk ${route.id}: ${result.error?.message ?? result.stderr}`)
  const text = result.stdout
  const failures = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0) + (/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text)?.slice(1).reduce((sum, value) => sum + Number(value), 0) ?? 0)
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? Number.NaN), requests: Number(/(\d+) requests in/.exec(text)?.[1] ?? Number.NaN), failures }
}

// ---- the run ---------------------------------------------------------------------------------------
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}
const isTransaction = (sql: string) => /^\s*(begin|commit|rollback|start transaction)\b/i.test(sql)

async function main(): Promise<void> {
  if (config.seconds > 0 && spawnSync('wrk', ['--version']).error) throw new Error('wrk is needed (apt-get install -y wrk), or RW_SECONDS=0 to check and count only')
  await bundle()
  const server = await startPostgres()
  const admin = postgres(server.url, { max: 1, onnotice: () => {} })
  const postmaster = Number(readFileSync(join(dirname(server.logFile), 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
  try {
    log(`seeded ${JSON.stringify(await seed(server.url))} on ${server.url}`)
    if (profileRoute) return await profile(server, profileRoute)
    const counts = await checkAndCount(server, admin)
    if (config.seconds <= 0) return report(counts, new Map())
    const timings = new Map<string, Timing[]>()
    for (let round = 0; round < config.rounds; round++) {
      const order = frameworks.map((_, index) => frameworks[(index + round) % frameworks.length] as Framework)
      log(`round ${round + 1}/${config.rounds}: ${order.map((framework) => framework.name).join(' → ')} (load ${os.loadavg()[0]?.toFixed(2)})`)
      for (const framework of order) {
        const running = await start(framework, server.url)
        try {
          const token = await signIn(running.origin, framework.name)
          for (const route of routes) {
            if (config.warmup > 0) wrk(running.origin, route, token, config.warmup)
            const [cpuBefore, dbBefore] = [cpuSeconds(running.pid), cpuSeconds(postmaster)]
            const run = wrk(running.origin, route, token, config.seconds)
            const [cpu, db] = [cpuSeconds(running.pid) - cpuBefore, cpuSeconds(postmaster) - dbBefore]
            if (route.id === 'B5') await resetWrites(server.url)
            const key = `${framework.name} ${route.id}`
            timings.set(key, [...(timings.get(key) ?? []), { ...run, cpuUs: (cpu * 1e6) / run.requests, dbCpuUs: (db * 1e6) / run.requests }])
            log(`${key}: ${run.rps.toFixed(0)} req/s, ${((cpu * 1e6) / run.requests).toFixed(0)} µs server CPU/req${run.failures ? `, ${run.failures} failures` : ''}`)
          }
        } finally {
          await running.stop()
        }
      }
    }
    report(counts, timings)
  } finally {
    await admin.end()
    await server.stop()
    rmSync(temp, { recursive: true, force: true })
  }
}

/** Statements per request, by `<framework> <route>`: `[statements, of which begin/commit]`. */
type Counts = Map<string, [number, number]>

/** Every framework's answers, compared byte for byte with the first's; the statements each route sends. */
async function checkAndCount(server: PostgresServer, admin: postgres.Sql): Promise<Counts> {
  await admin.unsafe(`ALTER SYSTEM SET log_line_prefix = 'fwlog:%p:%d:'`)
  await admin.unsafe(`ALTER SYSTEM SET log_statement = 'all'`)
  await admin.unsafe('SELECT pg_reload_conf()')
  const answers = new Map<string, [string, Answer]>()
  const counts: Counts = new Map()
  const problems: string[] = []
  for (const framework of frameworks) {
    const running = await start(framework, server.url)
    try {
      const token = await signIn(running.origin, framework.name)
      for (const route of routes) {
        const answer = await send(running.origin, route, token)
        const seen = { status: answer.status, body: route.mask ? route.mask(answer.body) : answer.body }
        const first = answers.get(route.id)
        if (!first) answers.set(route.id, [framework.name, seen])
        else if (first[1].status !== seen.status || first[1].body !== seen.body) {
          const at = [...seen.body].findIndex((char, index) => char !== first[1].body[index])
          problems.push(`${route.id}: ${framework.name} answered ${seen.status}, ${first[0]} ${first[1].status}; bodies differ at ${at}: …${seen.body.slice(Math.max(0, at - 60), at + 80)}… vs …${first[1].body.slice(Math.max(0, at - 60), at + 80)}…`)
        }
        const statements = await loggedStatements(server, (sql) => admin.unsafe(sql), async () => {
          for (let sent = 0; sent < config.countRequests; sent++) await send(running.origin, route, token)
        })
        counts.set(`${framework.name} ${route.id}`, [statements.length / config.countRequests, statements.filter((statement) => isTransaction(statement.sql)).length / config.countRequests])
        if (env.RW_SHOW_SQL) log(`${framework.name} ${route.id}:\n  ${statements.slice(0, statements.length / config.countRequests).map((statement) => statement.sql.replace(/\s+/g, ' ').slice(0, 300)).join('\n  ')}`)
      }
      await resetWrites(server.url)
    } finally {
      await running.stop()
    }
    log(`${framework.name}: answers compared, statements counted`)
  }
  await admin.unsafe('ALTER SYSTEM RESET log_statement')
  await admin.unsafe('SELECT pg_reload_conf()')
  if (problems.length) throw new Error(`the frameworks' answers differ (no timing on unequal work):\n${problems.join('\n')}`)
  log(`equality: ${routes.map((route) => route.id).join(' ')} byte-equal across ${frameworks.map((framework) => framework.name).join(', ')}`)
  return counts
}

function report(counts: Counts, timings: Map<string, Timing[]>): void {
  const head = `| | ${routes.map((route) => route.id).join(' | ')} |\n|---|${routes.map(() => '---|').join('')}`
  const row = (framework: Framework, cell: (key: string) => string) => `| ${framework.name} | ${routes.map((route) => cell(`${framework.name} ${route.id}`)).join(' | ')} |`
  const statements = (key: string) => {
    const [total = Number.NaN, transaction = 0] = counts.get(key) ?? []
    return transaction ? `${total - transaction} (+${transaction} begin/commit)` : String(total)
  }
  const lines = [
    `RealWorld benchmark: ${new Date().toISOString()}, ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, load ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}, Node ${process.version}`,
    `seed ${JSON.stringify(SEED)}; rounds ${config.rounds}, ${config.seconds} s per cell after ${config.warmup} s warm-up, wrk -t1 -c${config.connections}, medians over rounds`,
    '',
    '**SQL statements per request** (Postgres log_statement=all)',
    '',
    head,
    ...frameworks.map((framework) => row(framework, statements)),
  ]
  if (timings.size) {
    const cell = (pick: (timing: Timing) => number, digits = 0) => (key: string) => {
      const list = timings.get(key) ?? []
      return list.length ? median(list.map(pick)).toFixed(digits) : '–'
    }
    lines.push('', '**req/s**', '', head, ...frameworks.map((framework) => row(framework, cell((timing) => timing.rps))))
    lines.push('', '**server CPU µs per request**', '', head, ...frameworks.map((framework) => row(framework, cell((timing) => timing.cpuUs))))
    lines.push('', '**Postgres CPU µs per request**', '', head, ...frameworks.map((framework) => row(framework, cell((timing) => timing.dbCpuUs))))
    const failed = [...timings].filter(([, list]) => list.some((timing) => timing.failures)).map(([key]) => key)
    if (failed.length) lines.push('', `non-2xx or socket errors in: ${failed.join(', ')}`)
  }
  const text = `${lines.join('\n')}\n`
  console.log(text)
  writeFileSync(env.RW_OUT ?? join(root, 'bench/realworld/RESULTS.md'), text)
  if (env.RW_JSON) writeFileSync(env.RW_JSON, JSON.stringify({ counts: Object.fromEntries(counts), timings: Object.fromEntries(timings) }, null, 2))
}

/** The first Node framework (fw-node unless RW_FRAMEWORKS says) under --cpu-prof for RW_SECONDS of wrk on `route`: the top self-time functions of its bundle. */
async function profile(server: PostgresServer, route: Route): Promise<void> {
  const framework = frameworks.find((candidate) => candidate.runtime === 'node')
  if (!framework) throw new Error('RW_PROFILE profiles a Node framework: RW_FRAMEWORKS names none')
  const dir = join(temp, 'profile')
  // --cpu-prof writes its file when the process exits: the peers do not end on SIGTERM by themselves
  const exitOnTerm = `--import=data:text/javascript,${encodeURIComponent("process.once('SIGTERM', () => process.exit(0))")}`
  const running = await start(framework, server.url, ['--cpu-prof', `--cpu-prof-dir=${dir}`, exitOnTerm])
  try {
    const token = await signIn(running.origin, framework.name)
    wrk(running.origin, route, token, Math.max(1, config.warmup))
    const run = wrk(running.origin, route, token, Math.max(1, config.seconds))
    log(`profiled ${route.id}: ${run.rps.toFixed(0)} req/s`)
  } finally {
    await running.stop()
  }
  const file = existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.cpuprofile')) : undefined
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`)
  if (env.RW_PROFILE_OUT) copyFileSync(join(dir, file), env.RW_PROFILE_OUT)
  interface ProfileNode {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
  }
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
  const byId = new Map(data.nodes.map((node) => [node.id, node]))
  // esbuild heads each module of a bundle with a `// <path>` comment: a frame's line in the bundle names its source file
  const bundled = bundleOf(framework.entry)
  const modules = readFileSync(bundled, 'utf8').split('\n').flatMap((line, index) => (/^\/\/ (\S+\.[cm]?[jt]s)$/.exec(line)?.slice(1, 2) ?? []).map((path) => ({ line: index, path })))
  const sourceOf = (line: number) => {
    let found: string | undefined
    for (const module of modules) if (module.line <= line) found = module.path
    return found ?? '?'
  }
  const self = new Map<string, number>()
  let total = 0
  let ownTotal = 0
  data.samples.forEach((id, index) => {
    const delta = data.timeDeltas[index] ?? 0
    const frame = byId.get(id)?.callFrame
    if (!frame || frame.functionName === '(idle)') return
    total += delta
    // a bundled module by its file (src/…) or its package (node_modules/<name>); the rest: Node's own, GC, native
    const source = frame.url.endsWith(bundled) ? sourceOf(frame.lineNumber).replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : ''
    if (source.startsWith('src/') || source.startsWith('examples/')) ownTotal += delta
    const key = source ? `${frame.functionName || '(anonymous)'} (${source})` : `(outside the bundle: ${frame.functionName || frame.url || 'native'})`
    self.set(key, (self.get(key) ?? 0) + delta)
  })
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)
  console.log(`${framework.name} ${route.id} --cpu-prof: ${(total / 1e6).toFixed(1)} s of CPU sampled (idle left out, start-up and warm-up in); src/ and examples/ self time ${((ownTotal / total) * 100).toFixed(1)}% of it:\n`)
  console.log('| function (source) | self ms | % of CPU samples |\n|---|---|---|')
  for (const [key, micros] of top) console.log(`| ${key} | ${(micros / 1000).toFixed(0)} | ${((micros / total) * 100).toFixed(1)} |`)
}

await main()
