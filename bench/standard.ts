/**
 * The Standard Schema rows (issue #39 item 8), in-process on the current runtime: fw with valibot,
 * zod and arktype against Hono with valibot (`@hono/valibot-validator`) and with zod
 * (`@hono/standard-validator`), and, on Bun, Elysia with zod (`app.handle`), for E1 (query),
 * E3 (JSON body) and E5 (invalid body), with E0 (no schema: what every request costs before any
 * validation) and, on Bun and Deno, E3s/E5s (the bodies as Bun.serve / Deno.serve hand them over:
 * read whole, not through the counting reader an in-process Request gets). Same timing loop as
 * bench/inproc.ts (process CPU time, alternating rounds, p50). Also times zod's own
 * `~standard.validate` alone on each row's value ("zod alone"): the rest of fw-zod's time is the
 * framework's share. Prints a table and one JSON line.
 * Run: `npx tsx bench/standard.ts` (Node), `node_modules/.bin/bun bench/standard.ts` (Bun).
 * Env: BENCH_ROUNDS (default 5), BENCH_MS per batch (default 80).
 */
import { createFw } from './apps/fw'
import { createFwStandard } from './apps/fw-standard'
import { createHono } from './apps/hono'
import { createHonoZod } from './apps/hono-zod'
import { type App, captureServedEnv, measure, median, runtimeName, snapshot } from './harness'
import { type Fixture, fixtures, invalidUserBody, userBody } from './schemas'
import { zodCreateUser, zodItemsQuery } from './schemas-standard'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 5)
const ms = Number(env('BENCH_MS') ?? 80)
const host = globalThis as { Bun?: unknown; Deno?: unknown }
const served = host.Bun !== undefined || host.Deno !== undefined
await captureServedEnv()
const base = fixtures.filter((fixture) => ['E0', 'E1', 'E3', 'E5'].includes(fixture.id))
const servedRows = (['E3', 'E5'] as const).map((id) => ({ ...(base.find((fixture) => fixture.id === id) as Fixture), id: `${id}s`, served: true }))
const list: Fixture[] = served ? [...base, ...servedRows] : base

const asApp = (handler: { fetch(request: Request): Response | Promise<Response> }): App => async (request) => handler.fetch(request)
const apps: Record<string, App> = {
  'fw-valibot': asApp(createFw(100)),
  'fw-zod': asApp(createFwStandard('zod', 100)),
  'fw-arktype': asApp(createFwStandard('arktype', 100)),
  'hono-valibot': asApp(createHono(100)),
  'hono-zod': asApp(createHonoZod(100)),
  // Hono bounding the body as fw does (its `bodyLimit` middleware, fw's default 1 MiB)
  'hono-zod-limited': asApp(createHonoZod(100, true)),
}
if ((globalThis as { Bun?: unknown }).Bun) {
  const { createElysiaZod } = await import('./apps/elysia-zod')
  const elysia = createElysiaZod(100)
  apps['elysia-zod'] = async (request) => elysia.handle(request)
}

// Every app answers every row alike: E1 and E3 with the same JSON (arktype's output lists keys in its own
// order), E5 with its status (each library words its message).
const sortedKeys = (_key: string, value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value
const canonical = (body: string | undefined): string => JSON.stringify(JSON.parse(body ?? 'null'), sortedKeys)
for (const fixture of list) {
  const seen = await Promise.all(Object.entries(apps).map(async ([name, app]) => [name, await snapshot(app, fixture)] as const))
  const [firstName, first] = seen[0] ?? []
  for (const [name, snap] of seen) {
    if (snap.status !== fixture.status) throw new Error(`${fixture.id}: ${name} answered ${snap.status} ${snap.body}`)
    const sameType = name.startsWith('elysia') || snap.type === first?.type // Elysia names its own content type
    if (!fixture.id.startsWith('E5') && (canonical(snap.body) !== canonical(first?.body) || !sameType)) throw new Error(`${fixture.id}: ${name} ${snap.body} differs from ${firstName} ${first?.body}`)
  }
  // fw and Hono word a zod failure alike: the same bytes.
  const byName = Object.fromEntries(seen)
  if (fixture.id.startsWith('E5') && byName['fw-zod']?.body !== byName['hono-zod']?.body) throw new Error(`E5: fw-zod ${byName['fw-zod']?.body} vs hono-zod ${byName['hono-zod']?.body}`)
}

// zod's own validate on each row's value (already converted, as fw hands it over), ns per call, p50 of `rounds`.
type CpuProcess = { process?: { cpuUsage(): { user: number; system: number } } }
const cpuMs = (): number => {
  const usage = (globalThis as CpuProcess).process?.cpuUsage()
  return usage ? (usage.user + usage.system) / 1000 : performance.now()
}
function zodAlone(schema: { '~standard': { validate(value: unknown): unknown } }, value: unknown): number {
  const validate = schema['~standard'].validate
  let count = 1000
  const once = (): number => {
    const start = cpuMs()
    for (let i = 0; i < count; i++) validate(value)
    return ((cpuMs() - start) * 1e6) / count
  }
  while (once() * count < ms * 1e6 && count < 1 << 22) count *= 4
  return median(Array.from({ length: rounds }, once))
}
const zodValue: Record<string, () => number> = {
  E1: () => zodAlone(zodItemsQuery, { page: 2, limit: 50 }),
  E3: () => zodAlone(zodCreateUser, JSON.parse(userBody)),
  E5: () => zodAlone(zodCreateUser, JSON.parse(invalidUserBody)),
}

const results: Record<string, Record<string, number>> = {}
// Per row, the median over rounds of fw-zod's time / the other app's in the same round (load that comes and goes
// between rounds cancels out), with the lowest and highest round.
const paired: Record<string, Record<string, string>> = {}
const pairedRatio = (fw: readonly number[], other: readonly number[]): string => {
  const ratios = fw.map((time, round) => time / (other[round] ?? Number.NaN))
  return `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
}
for (const fixture of list) {
  const measured = await measure(apps, fixture, rounds, ms)
  const fwRounds = measured['fw-zod']?.rounds ?? []
  paired[fixture.id] = Object.fromEntries(['hono-zod', 'hono-zod-limited', 'elysia-zod'].map((other) => [other, measured[other] ? pairedRatio(fwRounds, measured[other].rounds) : '-']))
  const row: Record<string, number> = Object.fromEntries(Object.entries(measured).map(([name, value]) => [name, Math.round(value.p50)]))
  const alone = zodValue[fixture.id.slice(0, 2)]
  if (alone) row['zod-alone'] = Math.round(alone())
  results[fixture.id] = row
}
const { runtime, version } = runtimeName()
console.log(`in-process, ${runtime} ${version}: ns per request (process CPU time, p50 of ${rounds} alternating rounds; fw-zod/other: median of the per-round time ratios, lowest–highest)`)
const names = [...Object.keys(apps), 'zod-alone']
console.log(['row', ...names, 'fw-zod/hono-zod', 'fw-zod/hono-zod-limited', 'fw-zod/elysia-zod'].join('\t'))
for (const [id, row] of Object.entries(results)) console.log([id, ...names.map((name) => String(row[name] ?? '-')), paired[id]?.['hono-zod'], paired[id]?.['hono-zod-limited'], paired[id]?.['elysia-zod']].join('\t'))
console.log(JSON.stringify({ runtime, version, rounds, batchMs: ms, results, paired }))
