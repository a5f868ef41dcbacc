/**
 * Issue 58 #7 on Workers: a traced fw Worker (tests/otel/fixtures/traced-worker.ts) bundled and
 * run in workerd without nodejs_compat (bundled as wrangler does, esbuild's browser platform), its spans posted as OTLP/JSON with `fetch` from
 * `ctx.waitUntil` to a receiver in the test: the server span named by its route template, in the
 * caller's trace, and a 500 as an ERROR span.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'
import { attribute, startReceiver, until, type Receiver } from './sdk'

const START_MS = 120_000
const CALLER_TRACE = '7d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a'
const CALLER_SPAN = 'a1b2c3d4e5f60718'

describe.each(runtimesFor(['workerd']))('fw-api/otel in $label', (runtime) => {
  let receiver: Receiver
  let server: Server | undefined
  beforeAll(async () => {
    receiver = await startReceiver()
    server = await startServer(runtime, 'tests/otel/fixtures/traced-worker.ts', START_MS, {
      WORKERD_BINDINGS: JSON.stringify({ OTLP_URL: `${receiver.url}/v1/traces` }),
      // bundled as wrangler does: the SDK 2.x line reaches its Worker build through `browser`
      WORKERD_PLATFORM: 'browser',
    })
  }, START_MS + 10_000)
  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  it('exports the server span in the caller trace; a 500 is an ERROR span', async () => {
    const answer = await fetch(`${server?.origin}/api/hello/ada`, { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } })
    expect(answer.status, server?.output()).toBe(200)
    expect((await fetch(`${server?.origin}/api/crash`)).status).toBe(500)
    await until(() => receiver.spans.some((span) => span.name === 'GET /api/hello/{name}') && receiver.spans.some((span) => span.name === 'GET /api/crash'), 20_000)
    const hello = receiver.spans.find((span) => span.name === 'GET /api/hello/{name}')
    expect(hello?.traceId).toBe(CALLER_TRACE)
    expect(hello?.parentSpanId).toBe(CALLER_SPAN)
    expect(hello && attribute(hello, 'url.path')).toBe('/api/hello/ada')
    const crash = receiver.spans.find((span) => span.name === 'GET /api/crash')
    expect(crash?.status?.code).toBe(2)
    expect(crash && attribute(crash, 'http.response.status_code')).toBe(500)
  })
})
