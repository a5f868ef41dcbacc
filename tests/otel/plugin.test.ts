/**
 * src/otel/plugin.ts: `OpenTelemetryPlugin` — one SERVER span per request, named by its route's
 * template once matched, with the HTTP semantic conventions' attributes (the method as they name
 * it, the path, scheme, server address and port, a bounded user agent, the status), the caller's
 * `traceparent` continued, 5xx an error and 4xx not, the span active for the handler; the request
 * duration and active requests; nothing for an ignored request or without an SDK; a span the
 * sampler surely drops never started. In-process: the service's fetch, the in-memory SDK.
 */
import { trace } from '@opentelemetry/api'
import * as v from 'valibot'
import { AlwaysOffSampler, ParentBasedSampler } from '@opentelemetry/sdk-trace'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { afterEach, describe, expect, it } from 'vitest'
import { api, exceptions, Fw, request as params } from 'fw-api'
import { otel } from 'fw-api/otel'
import { memorySdk, type Sdk } from './sdk'

const CALLER_TRACE = '7d3c9b2a1f0e4d5c6b7a8f9e0d1c2b3a'
const CALLER_SPAN = '3a2b1c0d9e8f7a6b'

/** What the handler saw of the active span. */
const seen: { traceId?: string; spanId?: string; recording?: boolean }[] = []

class ItemsAPI extends api.API {
  @api.get('item/{id}', { id: params.PathParam(v.pipe(v.string(), v.transform(Number))) })
  item({ id }: { id: number }) {
    const span = trace.getActiveSpan()
    seen.push({ traceId: span?.spanContext().traceId, spanId: span?.spanContext().spanId, recording: span?.isRecording() })
    if (id === 500) throw new Error('the item broke')
    if (id === 404) throw new exceptions.NotFound('no such item')
    return { id }
  }
}

let sdk: (Sdk & { spans: { getFinishedSpans(): ReadableSpan[] } }) | undefined
afterEach(async () => {
  await sdk?.stop()
  sdk = undefined
  seen.length = 0
})

const served = (options: Parameters<typeof otel>[0] = {}) => new Fw({ api: ItemsAPI, route: '/api' }).use(otel(options))
const get = (service: Fw<unknown>, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  service.fetch(new Request(`https://shop.example:8443${path}`, { method, headers }))
const finished = () => sdk?.spans.getFinishedSpans() ?? []

describe('OpenTelemetryPlugin without an SDK', () => {
  it('serves as usual, with no active span', async () => {
    const response = await get(served(), '/api/item/1')
    expect(await response.json()).toEqual({ id: 1 })
    expect(seen).toEqual([{ traceId: undefined, spanId: undefined, recording: undefined }])
  })
})

describe('OpenTelemetryPlugin: the server span', () => {
  it('is one SERVER span named by the route template, with the HTTP attributes, active for the handler', async () => {
    sdk = memorySdk()
    const agent = `agent/${'x'.repeat(600)}`
    expect((await get(served(), '/api/item/7', { 'user-agent': agent })).status).toBe(200)
    const [span] = finished()
    expect(finished()).toHaveLength(1)
    expect(span?.name).toBe('GET /api/item/{id}')
    expect(span?.kind).toBe(1) // SERVER
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.path': '/api/item/7',
      'url.scheme': 'https',
      'server.address': 'shop.example',
      'server.port': 8443,
      'http.route': '/api/item/{id}',
      'http.response.status_code': 200,
    })
    expect(String(span?.attributes['user_agent.original'])).toHaveLength(512)
    expect(span?.status.code).toBe(0) // UNSET
    expect(seen[0]?.spanId).toBe(span?.spanContext().spanId)
  })

  it('continues the caller’s traceparent', async () => {
    sdk = memorySdk()
    await get(served(), '/api/item/1', { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` })
    const [span] = finished()
    expect(span?.spanContext().traceId).toBe(CALLER_TRACE)
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN)
  })

  it('marks a 5xx an error with its exception event; a 4xx is the client’s, not an error', async () => {
    sdk = memorySdk()
    const service = served()
    const original = console.error
    console.error = () => undefined
    try {
      expect((await get(service, '/api/item/500')).status).toBe(500)
    } finally {
      console.error = original
    }
    expect((await get(service, '/api/item/404')).status).toBe(404)
    const [failed, missing] = finished()
    expect(failed?.status.code).toBe(2) // ERROR
    expect(failed?.attributes['error.type']).toBeDefined()
    expect(missing?.status.code).toBe(0)
    expect(missing?.attributes['http.response.status_code']).toBe(404)
    expect(missing?.attributes['error.type']).toBeUndefined()
  })

  it('names a request no route matched by its method only; a method the conventions do not know is _OTHER', async () => {
    sdk = memorySdk()
    const service = served()
    expect((await get(service, '/api/nowhere')).status).toBe(404)
    await get(service, '/api/item/1', {}, 'PROPFIND')
    const [unmatched, other] = finished()
    expect(unmatched?.name).toBe('GET')
    expect(unmatched?.attributes['http.route']).toBeUndefined()
    expect(other?.attributes['http.request.method']).toBe('_OTHER')
    expect(other?.attributes['http.request.method_original']).toBe('PROPFIND')
  })

  it('traces and measures nothing of an ignored request', async () => {
    sdk = memorySdk({ withMetrics: true })
    const service = served({ ignore: (request) => request.path === '/api/item/1' })
    await get(service, '/api/item/1')
    expect(finished()).toEqual([])
    expect(seen[0]?.spanId).toBeUndefined()
    await sdk.reader?.forceFlush()
    expect(sdk.metricExporter?.getMetrics().flatMap((resource) => resource.scopeMetrics)).toEqual([])
  })
})

describe('OpenTelemetryPlugin: metrics', () => {
  it('records the request duration by method, route, status and scheme; the active requests back to 0', async () => {
    sdk = memorySdk({ withMetrics: true })
    await get(served(), '/api/item/3')
    await sdk.reader?.forceFlush()
    const all = sdk.metricExporter?.getMetrics().flatMap((resource) => resource.scopeMetrics).flatMap((scope) => scope.metrics) ?? []
    const duration = all.find((metric) => metric.descriptor.name === 'http.server.request.duration')
    expect(duration?.dataPoints[0]?.attributes).toEqual({
      'http.request.method': 'GET',
      'url.scheme': 'https',
      'http.response.status_code': 200,
      'http.route': '/api/item/{id}',
    })
    const active = all.find((metric) => metric.descriptor.name === 'http.server.active_requests')
    expect(active?.dataPoints[0]?.value).toBe(0)
  })
})

describe('OpenTelemetryPlugin with a sampler that samples no root', () => {
  const parentOff = () => memorySdk({ sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) })

  it('starts no span and enters no context without a caller’s trace', async () => {
    sdk = parentOff()
    await get(served(), '/api/item/1')
    expect(seen).toEqual([{ traceId: undefined, spanId: undefined, recording: undefined }])
    expect(finished()).toEqual([])
  })

  it('continues a caller’s unsampled trace with ids only; records a sampled one', async () => {
    sdk = parentOff()
    const service = served()
    await get(service, '/api/item/1', { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` })
    expect(seen[0]).toMatchObject({ traceId: CALLER_TRACE, recording: false })
    expect(seen[0]?.spanId).not.toBe(CALLER_SPAN)
    expect(finished()).toEqual([])
    await get(service, '/api/item/1', { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` })
    expect(seen[1]).toMatchObject({ traceId: CALLER_TRACE, recording: true })
    expect(finished().map((span) => span.name)).toEqual(['GET /api/item/{id}'])
  })
})
