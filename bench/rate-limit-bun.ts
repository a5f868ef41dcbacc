/**
 * Where `rateLimit`'s cost is on Bun (bench/RESULTS-rate-limit.md): each app in a Bun process of
 * its own on 127.0.0.1, driven by wrk in paired rounds (the order rotates), the
 * serving process's CPU µs per request beside requests/s —
 *
 * - bare `Bun.serve` answers of the same JSON (one shared init, as fw's): alone; with the two
 *   fields a limit adds appended to the built answer's headers (constant; the `RateLimit` value made
 *   per request as a limit makes it); with them in its init (a new
 *   `Headers`); with `server.requestIP(request)` read (the client address, the default key);
 * - bench/apps/fw.ts's E1 (GET /items with a validated query): without a limit; with the two
 *   fields set by a plugin that counts nothing; under `rateLimit` (MemoryStore) keyed by an
 *   `X-Api-Key` header (wrk sends none: every request counts under `anonymous`); under `rateLimit`
 *   keyed by the client address (its default);
 * - the peer: bench/apps/elysia.ts's E1 through Elysia's own `listen`, without a limit and under
 *   `elysia-rate-limit` (its default store, its default headers — three `RateLimit-*` lines — and
 *   its default key: the client address, `server.requestIP`).
 *
 * Each limit is 10⁹ per hour: never reached. One head per app is printed first (with the limit's
 * lines on a 400 and a 404); each row's ratios are to its base (the same app without the limit or
 * the fields), and `uptime`'s load before and after.
 *
 *   bun bench/rate-limit-bun.ts     # BENCH_WRK_ROUNDS (5), BENCH_WRK_SECONDS (2), BENCH_WRK_CONNECTIONS (50)
 */
import 'fw-api/serve'
import { rateLimit as elysiaRateLimit } from 'elysia-rate-limit'
import { MemoryStore, rateLimit } from 'fw-api/plugins/rate-limit'
import type { RequestContext } from '../src/request/context'
import { createElysia } from './apps/elysia'
import { createFw } from './apps/fw'
import { type AppServer, measureApps, serveApps, twoFields } from './rate-limit-parts'

interface BunServer {
  port: number
  requestIP(request: Request): { address: string } | null
  stop(force?: boolean): void
}
interface BunGlobal {
  serve(options: {
    port: number
    hostname: string
    development: boolean
    fetch(request: Request, server: BunServer): Response
  }): BunServer
}
const bun = (globalThis as { Bun?: BunGlobal }).Bun
if (!bun) throw new Error('bench/rate-limit-bun.ts runs on Bun: bun bench/rate-limit-bun.ts')

const ROUNDS = Number(process.env.BENCH_WRK_ROUNDS ?? 5)
const SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_WRK_CONNECTIONS ?? 50)
const PATH = '/items?page=2&limit=10'
const LIMIT = 1_000_000_000
const POLICY = `"default";q=${LIMIT};w=3600`

/** A `RateLimit` value as a limit makes one: a new string per request. */
let remaining = LIMIT
const rateLimitValue = (): string => `"default";r=${--remaining};t=3600`

// the bare answers: E1's JSON, one shared init with a `Headers` (what fw's answers share on Bun)
const json = JSON.stringify({ data: [{ id: 11, name: 'item 11' }], page: 2, limit: 10 })
const shared = Object.freeze({ status: 200, headers: new Headers({ 'content-type': 'application/json' }) })
const bare: [string, (request: Request, server: BunServer) => Response][] = [
  ['Bun.serve alone', () => new Response(json, shared)],
  [
    'Bun.serve, two fields appended',
    () => {
      const response = new Response(json, shared)
      response.headers.append('ratelimit-policy', POLICY)
      response.headers.append('ratelimit', rateLimitValue())
      return response
    },
  ],
  [
    'Bun.serve, two constant fields appended',
    () => {
      const response = new Response(json, shared)
      response.headers.append('ratelimit-policy', POLICY)
      response.headers.append('ratelimit', '"default";r=999999999;t=3600')
      return response
    },
  ],
  [
    'Bun.serve, two fields in the init',
    () => {
      const headers = new Headers(shared.headers)
      headers.append('ratelimit-policy', POLICY)
      headers.append('ratelimit', rateLimitValue())
      return new Response(json, { status: 200, headers })
    },
  ],
  [
    'Bun.serve, requestIP read',
    (request, server) => {
      if (server.requestIP(request)?.address === undefined) throw new Error('no address')
      return new Response(json, shared)
    },
  ],
]
type Configure = (service: ReturnType<typeof createFw>) => void
const limited = (key?: (request: RequestContext) => string): Configure => (service) =>
  void service.use(rateLimit({ limit: LIMIT, window: '1h', store: MemoryStore(), ...(key ? { key } : {}) }))
const services: [string, Configure][] = [
  ['fw E1, no limit', () => {}],
  ['fw E1, the two fields alone', (service) => void service.use(twoFields(LIMIT))],
  ['fw E1, rateLimit keyed by a header', limited((request) => request.headers.get('x-api-key') ?? 'anonymous')],
  ['fw E1, rateLimit keyed by the address', limited()],
]

const apps: Record<string, AppServer> = {}
for (const [name, fetch] of bare) {
  apps[name] = {
    ...(name === 'Bun.serve alone' ? {} : { base: 'Bun.serve alone' }),
    start: async () => bun.serve({ port: 0, hostname: '127.0.0.1', development: false, fetch }).port,
  }
}
for (const [name, configure] of services) {
  apps[name] = {
    ...(name === 'fw E1, no limit' ? {} : { base: 'fw E1, no limit' }),
    async start() {
      const service = createFw()
      configure(service)
      return (await service.run({ port: 0, host: '127.0.0.1', signals: false })).port
    },
  }
}
apps['Elysia E1'] = { start: async () => createElysia(100).listen({ port: 0, hostname: '127.0.0.1' }).server?.port ?? 0 }
apps['Elysia + elysia-rate-limit'] = {
  base: 'Elysia E1',
  start: async () =>
    createElysia(100, elysiaRateLimit({ duration: 3_600_000, max: LIMIT })).listen({ port: 0, hostname: '127.0.0.1' }).server
      ?.port ?? 0,
}

const started = await serveApps(apps)
if (started) {
  await measureApps(started, PATH, {
    runtime: `Bun ${(process.versions as Record<string, string | undefined>).bun}`,
    processes: 'a process',
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
  })
  for (const app of started) await app.close()
  process.exit(0)
}
