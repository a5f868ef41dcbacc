/**
 * src/otel/index.ts: the `fw-api/otel` entry — importing it registers fw's telemetry and the typed
 * client's trace headers; `otel()` makes the plugin; `injectTraceHeaders` / `tracedFetch` put the
 * active span's `traceparent` (and `tracestate`) on an outgoing request, and nothing without an
 * SDK or an active span. In-process with the in-memory SDK (tests/otel/sdk.ts), `fetch` spied on.
 */
import { context, trace, TraceFlags } from '@opentelemetry/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { injectTraceHeaders, OpenTelemetryPlugin, otel, tracedFetch } from 'fw-api/otel'
import { addTraceHeaders } from '../../src/client/trace-headers'
import { telemetryHost } from '../../src/request/telemetry'
import { openTelemetry } from '../../src/otel/spans'
import { memorySdk, type Sdk } from './sdk'

let sdk: Sdk | undefined
afterEach(async () => {
  await sdk?.stop()
  sdk = undefined
})

/** Run `work` inside an active span of the registered SDK; its ids as a traceparent. */
function inSpan<T>(work: (traceparent: string) => T): T {
  return trace.getTracer('test').startActiveSpan('outer', (span) => {
    const { traceId, spanId } = span.spanContext()
    try {
      return work(`00-${traceId}-${spanId}-01`)
    } finally {
      span.end()
    }
  })
}

describe('importing fw-api/otel', () => {
  it('registers fw’s telemetry and the typed client’s trace headers', () => {
    expect(telemetryHost.telemetry).toBe(openTelemetry)
    sdk = memorySdk()
    inSpan((traceparent) => {
      const headers = new Headers()
      addTraceHeaders(headers)
      expect(headers.get('traceparent')).toBe(traceparent)
    })
  })
})

describe('otel()', () => {
  it('is the OpenTelemetry plugin, with or without options', () => {
    expect(otel()).toBeInstanceOf(OpenTelemetryPlugin)
    expect(otel({ ignore: () => true })).toBeInstanceOf(OpenTelemetryPlugin)
  })
})

describe('injectTraceHeaders', () => {
  it('sets the active span’s traceparent on the headers given, and returns them', () => {
    sdk = memorySdk()
    inSpan((traceparent) => {
      const headers = new Headers({ accept: 'application/json' })
      expect(injectTraceHeaders(headers)).toBe(headers)
      expect(headers.get('traceparent')).toBe(traceparent)
      expect(headers.get('accept')).toBe('application/json')
    })
  })

  it('continues a not-sampled trace as not sampled', () => {
    sdk = memorySdk()
    const parent = trace.setSpanContext(context.active(), { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: TraceFlags.NONE, isRemote: true })
    context.with(parent, () => {
      const headers = injectTraceHeaders(new Headers())
      expect(headers.get('traceparent')).toBe(`00-${'a'.repeat(32)}-${'b'.repeat(16)}-00`)
    })
  })

  it('sets nothing without an SDK, or outside a span', () => {
    expect([...injectTraceHeaders(new Headers()).keys()]).toEqual([])
    sdk = memorySdk()
    expect([...injectTraceHeaders(new Headers()).keys()]).toEqual([])
  })
})

describe('tracedFetch', () => {
  /** `fetch` replaced: the headers of each call. */
  function spiedFetch() {
    const calls: { input: unknown; headers: Headers; method: string | undefined }[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push({ input, headers: new Headers(init?.headers), method: init?.method })
      return new Response('ok')
    })
    return calls
  }

  it('fetches with the init’s headers and the traceparent added', async () => {
    sdk = memorySdk()
    const calls = spiedFetch()
    const expected = await inSpan(async (traceparent) => {
      await tracedFetch('https://upstream.example/items', { method: 'POST', headers: { 'x-key': '1' } })
      return traceparent
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.input).toBe('https://upstream.example/items')
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.get('x-key')).toBe('1')
    expect(calls[0]?.headers.get('traceparent')).toBe(expected)
  })

  it('keeps a Request’s own headers when the init gives none', async () => {
    sdk = memorySdk()
    const calls = spiedFetch()
    const upstream = new Request('https://upstream.example/items', { headers: { authorization: 'Bearer t' } })
    await inSpan(() => tracedFetch(upstream))
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer t')
    expect(calls[0]?.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
  })

  it('adds nothing without an SDK', async () => {
    const calls = spiedFetch()
    await tracedFetch('https://upstream.example/items')
    expect([...(calls[0]?.headers.keys() ?? [])]).toEqual([])
  })
})
