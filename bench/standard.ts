/**
 * The Standard Schema rows (issue #39 item 8), in-process on the current runtime: fw with valibot,
 * zod and arktype against Hono with valibot (`@hono/valibot-validator`) and with zod
 * (`@hono/standard-validator`), and, on Bun, Elysia with zod (`app.handle`), for E1 (query),
 * E3 (JSON body) and E5 (invalid body). Same timing loop as bench/inproc.ts (process CPU time,
 * alternating rounds, p50). Prints a table and one JSON line.
 * Run: `npx tsx bench/standard.ts` (Node), `node_modules/.bin/bun bench/standard.ts` (Bun).
 * Env: BENCH_ROUNDS (default 5), BENCH_MS per batch (default 80).
 */
import { createFw } from './apps/fw'
import { createFwStandard } from './apps/fw-standard'
import { createHono } from './apps/hono'
import { createHonoZod } from './apps/hono-zod'
import { type App, measure, runtimeName, snapshot } from './harness'
import { fixtures } from './schemas'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 5)
const ms = Number(env('BENCH_MS') ?? 80)
const list = fixtures.filter((fixture) => ['E1', 'E3', 'E5'].includes(fixture.id))

const asApp = (handler: { fetch(request: Request): Response | Promise<Response> }): App => async (request) => handler.fetch(request)
const apps: Record<string, App> = {
  'fw-valibot': asApp(createFw(100)),
  'fw-zod': asApp(createFwStandard('zod', 100)),
  'fw-arktype': asApp(createFwStandard('arktype', 100)),
  'hono-valibot': asApp(createHono(100)),
  'hono-zod': asApp(createHonoZod(100)),
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
    if (fixture.id !== 'E5' && (canonical(snap.body) !== canonical(first?.body) || !sameType)) throw new Error(`${fixture.id}: ${name} ${snap.body} differs from ${firstName} ${first?.body}`)
  }
  // fw and Hono word a zod failure alike: the same bytes.
  const byName = Object.fromEntries(seen)
  if (fixture.id === 'E5' && byName['fw-zod']?.body !== byName['hono-zod']?.body) throw new Error(`E5: fw-zod ${byName['fw-zod']?.body} vs hono-zod ${byName['hono-zod']?.body}`)
}

const results: Record<string, Record<string, number>> = {}
for (const fixture of list) {
  const measured = await measure(apps, fixture, rounds, ms)
  results[fixture.id] = Object.fromEntries(Object.entries(measured).map(([name, value]) => [name, Math.round(value.p50)]))
}
const { runtime, version } = runtimeName()
console.log(`in-process, ${runtime} ${version}: ns per request (process CPU time, p50 of ${rounds} alternating rounds)`)
const names = Object.keys(apps)
const ratio = (row: Record<string, number>, other: string): string => (row[other] === undefined ? '-' : ((row['fw-zod'] ?? 0) / row[other]).toFixed(2))
console.log(['row', ...names, 'fw-zod/hono-zod', 'fw-zod/elysia-zod'].join('\t'))
for (const [id, row] of Object.entries(results)) console.log([id, ...names.map((name) => String(row[name])), ratio(row, 'hono-zod'), ratio(row, 'elysia-zod')].join('\t'))
console.log(JSON.stringify({ runtime, version, rounds, batchMs: ms, results }))
