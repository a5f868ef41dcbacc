/**
 * The cost of fw-api/otel on E1 (`GET /items?page=2&limit=50`, bench/apps/fw.ts), in process
 * (SPEC §15, issue 58 #8): the same app without the plugin, with `otel()` and no SDK registered
 * (goal ≤ 3 %), and with `otel()` under a registered SDK whose sampler is AlwaysOff, with the
 * AsyncLocalStorage context manager and the W3C propagator (goal ≤ 10 %). Each pair is measured in
 * its own phase (the SDK is process-global) with the harness's alternating rounds; prints one
 * JSON line and the ratios. A third phase: the SDK's default sampler (ParentBased on AlwaysOn) and
 * each request carrying a caller's `traceparent` flagged not sampled (continued, not recorded). Run: `npx tsx bench/otel.ts` (BENCH_ROUNDS, 21; BENCH_MS, 100).
 */
import { context, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { AlwaysOffSampler, InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { otel } from 'fw-api/otel'
import { createFw } from './apps/fw'
import { assertIdentical, type App, clock, measure, runtimeName } from './harness'
import { fixtures } from './schemas'

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
const rounds = Number(env('BENCH_ROUNDS') ?? 21)
const ms = Number(env('BENCH_MS') ?? 100)
const e1 = fixtures.find((fixture) => fixture.id === 'E1')
if (!e1) throw new Error('bench/otel: no E1 fixture')

const plain = createFw(100)
const traced = createFw(100).use(otel())
const apps: Record<'plain' | 'otel', App> = {
  plain: async (request, served) => plain.fetch(request, served),
  otel: async (request, served) => traced.fetch(request, served),
}
await assertIdentical(apps, [e1])

const noSdk = await measure(apps, e1, rounds, ms, true)

const provider = new TracerProvider({ sampler: new AlwaysOffSampler(), spanProcessors: [new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() })] })
trace.setGlobalTracerProvider(provider)
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
propagation.setGlobalPropagator(new W3CTraceContextPropagator())
const sampledOff = await measure(apps, e1, rounds, ms, true)

// a caller's trace not sampled (`traceparent` flagged 00) under the SDK's default sampler
// (ParentBased on AlwaysOn): continued, not recorded; the header is set on both apps' requests
const UNSAMPLED_PARENT = '00-5b8efff798038103d269b633813fc60c-eee19b7ec3c1b174-00'
trace.disable()
trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() })] }))
const withParent = (request: Request): Request => {
  request.headers.set('traceparent', UNSAMPLED_PARENT)
  return request
}
const continued: Record<'plain' | 'otel', App> = {
  plain: async (request, served) => plain.fetch(withParent(request), served),
  otel: async (request, served) => traced.fetch(withParent(request), served),
}
const parentUnsampled = await measure(continued, e1, rounds, ms, true)

const ratio = (measured: typeof noSdk): number => (measured.otel?.p50 ?? Number.NaN) / (measured.plain?.p50 ?? Number.NaN)
const results = { noSdk: { ...noSdk, ratio: ratio(noSdk) }, alwaysOff: { ...sampledOff, ratio: ratio(sampledOff) }, parentUnsampled: { ...parentUnsampled, ratio: ratio(parentUnsampled) } }
console.log(JSON.stringify({ ...runtimeName(), clock, rounds, batchMs: ms, results }))
console.log(`E1 otel() without an SDK: ${results.noSdk.ratio.toFixed(3)}× (goal ≤ 1.03); with an SDK sampling nothing: ${results.alwaysOff.ratio.toFixed(3)}× (goal ≤ 1.10); a caller's trace not sampled: ${results.parentUnsampled.ratio.toFixed(3)}×`)
