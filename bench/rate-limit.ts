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
 *   BENCH_PROCESSES=3 npx tsx bench/rate-limit.ts   # each app in 3 processes, averaged per round (they differ by ~±5 %)
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
  type AppServer,
  measureApps,
  nextClient,
  serveApps,
  twoFields,
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

/** A redis-server on a free loopback port. */
async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort()
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Ready to accept') && resolve()))
  return { url: `redis://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') }
}

const portOf = (server: Server): number => (server.address() as { port: number }).port
const fwApp = (configure?: (service: ReturnType<typeof createFw>) => void | Promise<void>): AppServer => ({
  ...(configure ? { base: 'fw E1' } : {}),
  async start() {
    const service = createFw()
    await configure?.(service)
    return (await service.run({ port: 0, host: '127.0.0.1', signals: false })).port
  },
})
const fastifyApp = (limited: boolean): AppServer => ({
  ...(limited ? { base: 'Fastify E1' } : {}),
  async start() {
    const app = Fastify({ logger: false })
    if (limited) await app.register(fastifyRateLimit, { max: LIMIT, timeWindow: '1 hour' })
    fastifyRoutes(app, 100)
    await app.listen({ port: 0, host: '127.0.0.1' })
    return portOf(app.server)
  },
})
/** `fetch` under @hono/node-server (as Hono's users serve it on Node: its own global `Response`). */
const honoApp = (app: Hono, base?: string): AppServer => ({
  ...(base ? { base } : {}),
  start: () =>
    new Promise((resolve) => void serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))),
})
/** fw's E1 body; its head as one flat list (as fw's writer hands it), `extra` lines after it. */
const nodeHttpApp = (extra: string[]): AppServer => ({
  ...(extra.length ? { base: 'node:http bare' } : {}),
  async start() {
    const e1 = await (await createFw().fetch(new Request(`http://127.0.0.1${PATH}`))).text()
    const head = ['content-type', 'application/json', 'content-length', String(Buffer.byteLength(e1)), ...extra]
    const server = createHttpServer((_request, response) => void response.writeHead(200, head).end(e1))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return portOf(server)
  },
})

const apps: Record<string, AppServer> = {
  'fw E1': fwApp(),
  'fw + rateLimit (memory)': fwApp((service) => void service.use(rateLimit({ limit: LIMIT, window: '1h', store: MemoryStore() }))),
  'fw + rateLimit, 1,000 clients': fwApp((service) => void service.use(rateLimit({ limit: 10_000, window: '1h', store: MemoryStore(), key: nextClient }))),
  'fw + the two fields alone': fwApp((service) => void service.use(twoFields(LIMIT))),
  'fw + rateLimit (Redis)': fwApp(async (service) => {
    const url = process.env.BENCH_REDIS_URL
    if (!url) throw new Error('no BENCH_REDIS_URL')
    const store = RedisStore(await createClient({ url }).connect(), { prefix: `bench:${Date.now()}:` })
    service.use(rateLimit({ limit: LIMIT, window: '1h', store }))
  }),
  'Hono E1': honoApp(createHono()),
  'Hono + hono-rate-limiter': honoApp(
    honoRoutes(
      new Hono().use(rateLimiter({ windowMs: 3_600_000, limit: LIMIT, standardHeaders: 'draft-7', keyGenerator: (c) => getConnInfo(c).remote.address ?? '' })),
      100,
    ),
    'Hono E1',
  ),
  'Fastify E1': fastifyApp(false),
  'Fastify + @fastify/rate-limit': fastifyApp(true),
  'node:http bare': nodeHttpApp([]),
  'node:http + two constant lines': nodeHttpApp(['ratelimit-policy', `"default";q=${LIMIT};w=3600`, 'ratelimit', '"default";r=999999999;t=3600']),
}

const serving = process.argv[2] === 'serve'
const redisServer = serving || spawnSync('which', ['redis-server']).status !== 0 ? undefined : await startRedis()
if (!serving && !redisServer) delete apps['fw + rateLimit (Redis)']
const started = await serveApps(apps, redisServer ? { BENCH_REDIS_URL: redisServer.url } : {})
if (started) {
  await measureApps(started, PATH, {
    runtime: `Node ${process.version}`,
    processes: `${process.env.BENCH_PROCESSES ?? 1} process(es)`,
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
  })
  for (const app of started) await app.close()
  redisServer?.stop()
  process.exit(0)
}
