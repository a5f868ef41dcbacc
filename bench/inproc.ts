/**
 * In-process benchmark: each app's fetch function called directly, on the
 * current runtime (Node, Bun or Deno). Prints one JSON line.
 * Env: BENCH_ROUNDS (default 5), BENCH_MS per batch (default 80), BENCH_ONLY (e.g. `E1,E2`).
 */
import { assertIdentical, clock, createApps, measure, requestCost, runtimeName } from './harness'
import { fixtures } from './schemas'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 5)
const ms = Number(env('BENCH_MS') ?? 80)

const apps = createApps(100)
await assertIdentical(apps)
const results: Record<string, unknown> = {}
const requestNs: Record<string, number> = {}
const only = env('BENCH_ONLY') ? (env('BENCH_ONLY') as string).split(',') : undefined
for (const fixture of fixtures) {
  if (only && !only.includes(fixture.id)) continue
  results[fixture.id] = await measure(apps, fixture, rounds, ms)
  if (fixture.method !== 'GET') requestNs[fixture.id] = requestCost(fixture, 20000)
}
console.log(JSON.stringify({ ...runtimeName(), clock, rounds, batchMs: ms, results, requestNs }))
