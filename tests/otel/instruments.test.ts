/**
 * src/otel/instruments.ts: the tracer and the metric instruments of fw-api/otel from the global
 * OpenTelemetry API — `undefined` while no SDK is registered (the one check a request pays), the
 * SDK's own once one is, found again when another is registered; the sampling plan of the SDK's
 * sampler; the three instruments with the semantic conventions' names, units and buckets.
 * In-process with the in-memory SDK (tests/otel/sdk.ts).
 */
import { metrics, trace } from '@opentelemetry/api'
import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler } from '@opentelemetry/sdk-trace'
import { afterEach, describe, expect, it } from 'vitest'
import { activeTracer, instruments, samplingPlan, SCOPE } from '../../src/otel/instruments'
import { memorySdk, type Sdk } from './sdk'

const sdks: Sdk[] = []
afterEach(async () => {
  for (const sdk of sdks.splice(0)) await sdk.stop()
})
const started = (options: Parameters<typeof memorySdk>[0] = {}) => {
  const sdk = memorySdk(options)
  sdks.push(sdk)
  return sdk
}

describe('activeTracer', () => {
  it('is undefined while no SDK is registered', () => {
    expect(activeTracer()).toBeUndefined()
  })

  it('is the registered SDK’s tracer, the same one while that SDK stays, a new one for another SDK', () => {
    const first = started()
    const tracer = activeTracer()
    expect(tracer).toBeDefined()
    expect(activeTracer()).toBe(tracer)
    tracer?.startSpan('probe').end()
    expect(first.spans.getFinishedSpans().map((span) => [span.name, span.instrumentationScope.name])).toEqual([['probe', SCOPE]])
    trace.disable()
    expect(activeTracer()).toBeUndefined()
    const second = started()
    const other = activeTracer()
    expect(other).toBeDefined()
    expect(other).not.toBe(tracer)
    other?.startSpan('again').end()
    expect(second.spans.getFinishedSpans().map((span) => span.name)).toEqual(['again'])
  })
})

describe('samplingPlan', () => {
  it('of the default sampler (ParentBased on AlwaysOn): only children of not-sampled parents are surely dropped', () => {
    started()
    activeTracer()
    expect(samplingPlan()).toMatchObject({ root: false, remoteSampled: false, localSampled: false, remoteUnsampled: true, localUnsampled: true })
  })

  it('says nothing for a sampler that may sample anything', () => {
    started({ sampler: new AlwaysOnSampler() })
    activeTracer()
    expect(samplingPlan()).toBeUndefined()
  })

  it('is the plan of the last tracer found: ParentBased(AlwaysOff) drops roots, keeps sampled parents', () => {
    started({ sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) })
    activeTracer()
    expect(samplingPlan()).toMatchObject({ root: true, remoteSampled: false, localSampled: false })
    expect(samplingPlan()?.spanId()).toMatch(/^[0-9a-f]{16}$/)
  })
})

describe('instruments', () => {
  it('is undefined while no meter provider is registered', () => {
    expect(instruments()).toBeUndefined()
  })

  it('makes the three instruments once per meter provider, with their names, units and buckets', async () => {
    const sdk = started({ withMetrics: true })
    const made = instruments()
    expect(made).toBeDefined()
    expect(instruments()).toBe(made)
    made?.requestDuration.record(0.02, { 'http.request.method': 'GET' })
    made?.activeRequests.add(1, { 'http.request.method': 'GET' })
    made?.statementDuration.record(0.003, { 'db.system.name': 'postgresql' })
    await sdk.reader?.forceFlush()
    const exported = sdk.metricExporter?.getMetrics().flatMap((resource) => resource.scopeMetrics) ?? []
    expect(exported.map((scope) => scope.scope.name)).toEqual([SCOPE])
    const described = Object.fromEntries(exported.flatMap((scope) => scope.metrics).map((metric) => [metric.descriptor.name, metric.descriptor.unit]))
    expect(described).toEqual({ 'http.server.request.duration': 's', 'http.server.active_requests': '{request}', 'db.client.operation.duration': 's' })
    const duration = exported.flatMap((scope) => scope.metrics).find((metric) => metric.descriptor.name === 'http.server.request.duration')
    const point = duration?.dataPoints[0]?.value as { buckets: { boundaries: number[] } } | undefined
    expect(point?.buckets.boundaries).toEqual([0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10])
  })

  it('is found again for another provider, and undefined once metrics are disabled', () => {
    started({ withMetrics: true })
    const first = instruments()
    metrics.disable()
    expect(instruments()).toBeUndefined()
    started({ withMetrics: true })
    const second = instruments()
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
  })
})
