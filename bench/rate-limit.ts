/**
 * What `rateLimit` costs (docs/proxy-and-limits.md): bench/apps/fw.ts's E1 (GET /items with a
 * validated query) served three times in this process on 127.0.0.1 — without a limit, under
 * `rateLimit` with the MemoryStore, under `rateLimit` with a RedisStore (a throw-away
 * redis-server on a free loopback port; skipped without one) — each driven by wrk in paired
 * rounds (the order rotates); the report gives requests/s per round and the median per-round
 * ratio against the unlimited app, and the ratio of each app's least CPU per request (its least
 * disturbed round: on a loaded machine the steadiest figure). Every request counts under one key
 * (127.0.0.1) with a limit it never reaches; another limit counts each request under the next of
 * 1,000 clients (their `RateLimit` values repeat, as under real traffic). One more app answers
 * with the same two header fields and counts nothing: what writing them costs (node:http checks
 * and writes each line), the floor of any limit.
 *
 *   npx tsx bench/rate-limit.ts            # BENCH_WRK_ROUNDS (5), BENCH_WRK_SECONDS (2), BENCH_WRK_CONNECTIONS (50)
 */
import 'fw-api/serve'
import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { MemoryStore, RedisStore, rateLimit } from 'fw-api/plugins/rate-limit'
import { createClient } from 'redis'
import { createFw } from './apps/fw'
import { median, nextClient, twoFields, wrk } from './rate-limit-parts'

const ROUNDS = Number(process.env.BENCH_WRK_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_WRK_CONNECTIONS ?? 50)
const PATH = '/items?page=2&limit=10'
const LIMIT = 1_000_000_000

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** A redis-server on a free loopback port, or undefined where there is none. */
async function startRedis(): Promise<{ url: string; stop(): void } | undefined> {
  if (spawnSync('which', ['redis-server']).status !== 0) return undefined
  const port = await freePort()
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Ready to accept') && resolve()))
  return { url: `redis://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') }
}



const redisServer = await startRedis()
const redis = redisServer ? await createClient({ url: redisServer.url }).connect() : undefined



const apps: { name: string; origin: string; close(): Promise<void> }[] = []
type Variant = [string, (service: ReturnType<typeof createFw>) => void]
const variants: Variant[] = [
  ['no limit', () => {}],
  ['rateLimit, MemoryStore', (service) => void service.use(rateLimit({ limit: LIMIT, window: '1h', store: MemoryStore() }))],
  ['rateLimit, MemoryStore, 1,000 clients', (service) => void service.use(rateLimit({ limit: 10_000, window: '1h', store: MemoryStore(), key: nextClient }))],
  ['the two fields alone (no counting)', (service) => void service.use(twoFields(LIMIT))],
]
if (redis) {
  const store = RedisStore(redis, { prefix: `bench:${Date.now()}:` })
  variants.push(['rateLimit, RedisStore', (service) => void service.use(rateLimit({ limit: LIMIT, window: '1h', store }))])
}
for (const [name, configure] of variants) {
  const service = createFw()
  configure(service)
  const server = await service.run({ port: 0, host: '127.0.0.1', signals: false })
  const check = await fetch(`http://127.0.0.1:${server.port}${PATH}`)
  if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`)
  apps.push({ name, origin: `http://127.0.0.1:${server.port}`, close: () => server.close() })
}

const rates = new Map<string, number[]>(apps.map((app) => [app.name, []]))
const cpus = new Map<string, number[]>(apps.map((app) => [app.name, []]))
for (const app of apps) await wrk(`${app.origin}${PATH}`, CONNECTIONS, SECONDS) // warm-up
for (let round = 0; round < ROUNDS; round++) {
  const order = apps.map((_, index) => apps[(index + round) % apps.length] ?? apps[0])
  for (const app of order) {
    if (!app) continue
    const { rate, cpu } = await wrk(`${app.origin}${PATH}`, CONNECTIONS, SECONDS)
    rates.get(app.name)?.push(rate)
    cpus.get(app.name)?.push(cpu)
  }
}
const base = rates.get('no limit') ?? []
const baseCpu = cpus.get('no limit') ?? []
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
console.log(`\nE1 (GET ${PATH}) over loopback, Node ${process.version}, commit ${commit}, wrk -t1 -c${CONNECTIONS} -d${SECONDS}s × ${ROUNDS} rounds\n`)
console.log('| app | requests/s per round | median | median ratio to no limit | server CPU µs/req per round | median CPU ratio (no limit / this) | best rounds\' CPU ratio |')
console.log('|---|---|---|---|---|---|---|')
for (const [name, values] of rates) {
  const ratios = values.map((value, index) => value / (base[index] ?? value))
  const cpu = cpus.get(name) ?? []
  const cpuRatios = cpu.map((value, index) => (baseCpu[index] ?? value) / value)
  console.log(`| ${name} | ${values.map((value) => Math.round(value)).join(', ')} | ${Math.round(median(values))} | ${median(ratios).toFixed(3)} | ${cpu.map((value) => value.toFixed(1)).join(', ')} | ${median(cpuRatios).toFixed(3)} | ${(Math.min(...baseCpu) / Math.min(...cpu)).toFixed(3)} |`)
}
for (const app of apps) await app.close()
await redis?.quit()
redisServer?.stop()
process.exit(0)
