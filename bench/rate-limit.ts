/**
 * What `rateLimit` costs (docs/proxy-and-limits.md), and what the peers' own limiters cost their
 * apps, in one run: each app below served by this process on 127.0.0.1 and driven by wrk in paired
 * rounds (the order rotates); the report gives per app its requests/s and this process's CPU µs per
 * request, and against its base (the same app without a limit) the median of the per-round ratios.
 *
 * - fw: bench/apps/fw.ts's E1 (GET /items with a validated query) through `service.run()` — without
 *   a limit; under `rateLimit` with the MemoryStore keyed by the client address (its default);
 *   the same counting each request under the next of 1,000 clients (their `RateLimit` values
 *   repeat, as under real traffic); the same two header fields set by a plugin that counts nothing
 *   (the floor of any limit); under `rateLimit` with a RedisStore (a throw-away redis-server on a
 *   free loopback port; skipped without one).
 * - Hono (bench/apps/hono.ts under @hono/node-server): without a limit; under `hono-rate-limiter`
 *   (its memory store, `draft-7` headers: `RateLimit-Policy` and `RateLimit`, two lines as fw's)
 *   keyed by the client address (`getConnInfo`: Hono's limiter has no default key).
 * - Fastify (bench/apps/fastify.ts): without a limit; under `@fastify/rate-limit` (its local
 *   store, its default headers — three `x-ratelimit-*` lines — and its default key, `request.ip`).
 * - bare node:http: the same JSON with no more header lines and with the two constant ones
 *   (what node:http itself spends on two more lines: the floor under every framework here).
 *
 * Every limit is 10⁹ an hour (never reached but by the 1,000 clients' 10,000). One head per app is
 * printed first (with the limit's lines on a 400 and a 404), and `uptime`'s load before and after.
 *
 *   npx tsx bench/rate-limit.ts            # BENCH_WRK_ROUNDS (5), BENCH_WRK_SECONDS (2), BENCH_WRK_CONNECTIONS (50)
 */
import 'fw-api/serve'
import { spawn, spawnSync } from 'node:child_process'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer } from 'node:net'
import fastifyRateLimit from '@fastify/rate-limit'
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import Fastify from 'fastify'
import { MemoryStore, RedisStore, rateLimit } from 'fw-api/plugins/rate-limit'
import { Hono } from 'hono'
import { rateLimiter } from 'hono-rate-limiter'
import { createClient } from 'redis'
import { fastifyRoutes } from './apps/fastify'
import { createFw } from './apps/fw'
import { createHono, honoRoutes } from './apps/hono'
import {
  type BenchApp,
  nextClient,
  printHeads,
  printTable,
  runRounds,
  twoFields,
  uptime,
} from './rate-limit-parts'

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



const apps: BenchApp[] = []
const load = [uptime()]

type Configure = (service: ReturnType<typeof createFw>) => void
const fwVariants: [string, Configure][] = [
  ['fw E1', () => {}],
  ['fw + rateLimit (memory)', (service) => void service.use(rateLimit({ limit: LIMIT, window: '1h', store: MemoryStore() }))],
  ['fw + rateLimit, 1,000 clients', (service) => void service.use(rateLimit({ limit: 10_000, window: '1h', store: MemoryStore(), key: nextClient }))],
  ['fw + the two fields alone', (service) => void service.use(twoFields(LIMIT))],
]
if (redis) {
  const store = RedisStore(redis, { prefix: `bench:${Date.now()}:` })
  fwVariants.push(['fw + rateLimit (Redis)', (service) => void service.use(rateLimit({ limit: LIMIT, window: '1h', store }))])
}
for (const [name, configure] of fwVariants) {
  const service = createFw()
  configure(service)
  const server = await service.run({ port: 0, host: '127.0.0.1', signals: false })
  apps.push({ name, ...(name === 'fw E1' ? {} : { base: 'fw E1' }), origin: `http://127.0.0.1:${server.port}`, close: () => server.close() })
}

/** `fetch` under @hono/node-server on a free loopback port. */
const serveHono = (name: string, fetch: (request: Request) => Response | Promise<Response>, base?: string): Promise<BenchApp> =>
  new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ name, ...(base ? { base } : {}), origin: `http://127.0.0.1:${info.port}`, close: () => closeHttp(server as Server) }),
    )
  })
const closeHttp = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
apps.push(await serveHono('Hono E1', createHono().fetch))
const honoLimited = new Hono()
honoLimited.use(rateLimiter({ windowMs: 3_600_000, limit: LIMIT, standardHeaders: 'draft-7', keyGenerator: (c) => getConnInfo(c).remote.address ?? '' }))
honoRoutes(honoLimited, 100)
apps.push(await serveHono('Hono + hono-rate-limiter', honoLimited.fetch, 'Hono E1'))

for (const limited of [false, true]) {
  const app = Fastify({ logger: false })
  if (limited) await app.register(fastifyRateLimit, { max: LIMIT, timeWindow: '1 hour' })
  fastifyRoutes(app, 100)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  apps.push({ name: limited ? 'Fastify + @fastify/rate-limit' : 'Fastify E1', ...(limited ? { base: 'Fastify E1' } : {}), origin: `http://127.0.0.1:${port}`, close: () => app.close() })
}

// bare node:http: fw's E1 body, its head as one flat list (as fw's writer hands it), with and without the two lines
const e1 = await (await fetch(`${apps[0]?.origin}${PATH}`)).text()
const e1Length = String(Buffer.byteLength(e1))
const twoLines = ['ratelimit-policy', `"default";q=${LIMIT};w=3600`, 'ratelimit', '"default";r=999999999;t=3600']
for (const extra of [[], twoLines]) {
  const head = ['content-type', 'application/json', 'content-length', e1Length, ...extra]
  const server = createHttpServer((_request, response) => void response.writeHead(200, head).end(e1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  apps.push({ name: extra.length ? 'node:http + two constant lines' : 'node:http bare', ...(extra.length ? { base: 'node:http bare' } : {}), origin: `http://127.0.0.1:${port}`, close: () => closeHttp(server) })
}

for (const app of apps) {
  const check = await fetch(`${app.origin}${PATH}`)
  if (check.status !== 200) throw new Error(`${app.name}: ${check.status} ${await check.text()}`)
}
await printHeads(apps, PATH)
const rounds = await runRounds(apps, PATH, { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS })
load.push(uptime())
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
console.log(`\nE1 (GET ${PATH}) over loopback, Node ${process.version}, commit ${commit}, wrk -t1 -c${CONNECTIONS} -d${SECONDS}s × ${ROUNDS} rounds, load average ${load.join(' → ')}\n`)
printTable(apps, rounds)
for (const app of apps) await app.close()
await redis?.quit()
redisServer?.stop()
process.exit(0)
