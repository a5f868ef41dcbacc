/**
 * In-process old/new comparison on the current runtime (Node, Bun, Deno) for
 * `npm run bench:compare` (bench/compare.mjs bundles this with `fw-old` and `fw-new`
 * resolved to the two commits' builds of bench/apps/fw.ts): both apps in one process,
 * byte-identical answers asserted first, then per fixture the harness's alternating
 * rounds (process CPU time, order rotating, each timed batch after an untimed one of the same app). Prints one JSON line shaped like bench/inproc.ts's
 * (per fixture, each side's p50 and per-round ns per request; the apps are `old` and `new`).
 * Env: BENCH_ROUNDS (15), BENCH_MS per batch (50), BENCH_ONLY (e.g. `E1,E3`).
 */
import { createFw as createNew } from 'fw-new'
import { createFw as createOld } from 'fw-old'
import { assertIdentical, type App, captureServedEnv, clock, type Measured, measure, runtimeName } from '../harness'
import { fixtures } from '../schemas'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 15)
const ms = Number(env('BENCH_MS') ?? 50)
const only = env('BENCH_ONLY')?.split(',')
await captureServedEnv()

const oldFw = createOld(100)
const newFw = createNew(100)
const apps: Record<'old' | 'new', App> = {
  old: async (request, served) => oldFw.fetch(request, served),
  new: async (request, served) => newFw.fetch(request, served),
}
const list = fixtures.filter((fixture) => !only || only.includes(fixture.id))
await assertIdentical(apps, list)
const results: Record<string, Record<string, Measured>> = {}
for (const fixture of list) results[fixture.id] = await measure(apps, fixture, rounds, ms, true)
console.log(JSON.stringify({ ...runtimeName(), clock, rounds, batchMs: ms, results }))
