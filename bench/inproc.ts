/**
 * In-process benchmark: each app's fetch function called directly, on the
 * current runtime (Node, Bun or Deno). Prints one JSON line.
 * Every body endpoint is measured twice: with Content-Length (`E3`) and without (`E3u`).
 * `requestNs` is the cost of building the fixture's `Request` alone: inside the
 * POST numbers (a fresh one per call), outside the GET ones (one is reused).
 * Env: BENCH_ROUNDS (default 5), BENCH_MS per batch (default 80), BENCH_ONLY (e.g. `E1,E3u`),
 * BENCH_REQUESTS (Request constructions timed per fixture, default 10000; 3 timed runs after a warm-up one).
 */
import { assertIdentical, captureServedEnv, clock, createApps, measure, requestCost, runtimeName } from './harness'
import { inprocFixtures, makeRequest } from './schemas'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 5)
const ms = Number(env('BENCH_MS') ?? 80)
const constructions = Number(env('BENCH_REQUESTS') ?? 10000)
const only = env('BENCH_ONLY')?.split(',')
const served = await captureServedEnv()
// `E3s`…: only where a server hands its handler such an argument (Bun, Deno).
const list = inprocFixtures.filter((fixture) => (!only || only.includes(fixture.id)) && (!fixture.served || served !== undefined))

// The unsized rows must really lack the header on this runtime, or they would measure the sized path twice.
for (const fixture of list) {
  const length = makeRequest(fixture).headers.get('content-length')
  if (fixture.body !== undefined && (length === null) !== (fixture.sized === false)) throw new Error(`${fixture.id}: content-length ${length} on ${runtimeName().runtime}`)
}

const apps = createApps(100)
await assertIdentical(apps, list)
const results: Record<string, unknown> = {}
const requestNs: Record<string, number> = {}
for (const fixture of list) {
  results[fixture.id] = await measure(apps, fixture, rounds, ms)
  requestNs[fixture.id] = requestCost(fixture, constructions)
}
console.log(JSON.stringify({ ...runtimeName(), clock, rounds, batchMs: ms, results, requestNs }))
