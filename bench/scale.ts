/**
 * Scale and memory (issue item 4), on the current runtime:
 * - the same endpoints with 10 and with 1000 endpoints registered (the extra
 *   ones first, half static, half with a path param), fw and Hono;
 * - RSS and heap before/after 1M fw requests (E1, E2, E3 in turn).
 * Prints one JSON line. Env: BENCH_ROUNDS, BENCH_MS, BENCH_MEM_REQUESTS.
 */
import { createFw } from './apps/fw'
import { createHono } from './apps/hono'
import { clock, collect, measure, runtimeName, type App } from './harness'
import { extraRoutes, fixtures, makeRequest, type Fixture } from './schemas'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 5)
const ms = Number(env('BENCH_MS') ?? 80)
const total = Number(env('BENCH_MEM_REQUESTS') ?? 1_000_000)

// The fw and Hono apps declare 5 endpoints of their own (E0–E4; E5 shares E3's route).
const OWN = 5
const fwApp = (count: number): App => {
  const service = createFw(count - OWN)
  return async (request) => service.fetch(request)
}
const honoApp = (count: number): App => {
  const app = createHono(count - OWN)
  return async (request) => app.fetch(request)
}

const byId = (id: string): Fixture => fixtures.find((fixture) => fixture.id === id) as Fixture
/** `Ex`: the last extra route with a param (the last one a linear scan would try). */
const lastExtra = (count: number): Fixture => {
  const route = extraRoutes(count - OWN).filter((entry) => entry.param).at(-1) as { path: string }
  return { id: 'Ex', label: 'last extra route', method: 'GET', path: route.path.replace('{id}', '77'), status: 200 }
}
const scaled = ['E0', 'E1', 'E2', 'E3', 'Ex']
const scale: Record<string, Record<string, unknown>> = {}
for (const [label, make] of [['fw', fwApp], ['hono', honoApp]] as const) {
  const apps = { [`${label}@10`]: make(10), [`${label}@1000`]: make(1000) }
  for (const id of scaled) {
    const fixture = id === 'Ex' ? { [`${label}@10`]: lastExtra(10), [`${label}@1000`]: lastExtra(1000) } : byId(id)
    const result = await measure(apps, fixture, rounds, ms)
    const small = result[`${label}@10`]?.p50 as number
    const large = result[`${label}@1000`]?.p50 as number
    ;(scale[label] ??= {})[id] = { at10: small, at1000: large, growth: large / small }
  }
}

// Memory: 1M requests through one fw service.
interface MemoryHost {
  process?: { memoryUsage(): { rss: number; heapUsed: number } }
  Deno?: { memoryUsage(): { rss: number; heapUsed: number } }
}
const memoryUsage = (): { rss: number; heapUsed: number } => {
  const host = globalThis as MemoryHost
  return (host.process ?? host.Deno)?.memoryUsage() ?? { rss: 0, heapUsed: 0 }
}
const app = fwApp(105)
const cycle = ['E1', 'E2', 'E3'].map(byId)
const gets = cycle.map((fixture) => (fixture.method === 'GET' ? makeRequest(fixture) : undefined))
const run = async (count: number): Promise<number> => {
  let peak = 0
  for (let i = 0; i < count; i++) {
    const k = i % cycle.length
    const response = await app(gets[k] ?? makeRequest(cycle[k] as Fixture))
    if (response.status !== 200) throw new Error(`status ${response.status}`)
    if (i % 100_000 === 0) peak = Math.max(peak, memoryUsage().rss)
  }
  return peak
}
await run(30_000)
collect()
const before = memoryUsage()
const started = performance.now()
const peak = await run(total)
const seconds = (performance.now() - started) / 1000
collect()
const after = memoryUsage()
console.log(JSON.stringify({ ...runtimeName(), clock, rounds, batchMs: ms, scale, memory: { requests: total, seconds, before, after, peakRss: Math.max(peak, after.rss) } }))
