/**
 * Issue 58 #7 on every server runtime: a traced fw service (tests/otel/fixtures/traced-server.ts)
 * run by Node, Bun and Deno, asked over real HTTP with an upstream `traceparent`, exports its
 * spans as OTLP/JSON over HTTP to a receiver in the test: one SERVER span named by the route
 * template, in the upstream's trace, with its ORM statement as a CLIENT child, and never the
 * body's value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'
import { attribute, startReceiver, until, type Receiver } from './sdk'

const START_MS = 120_000
const UPSTREAM_TRACE = '2a5a8a5c2b6b4f1e9d3c7b6a5f4e3d2c'
const UPSTREAM_SPAN = '1f2e3d4c5b6a7980'
const BODY = 'runtime-note-body-91ab'

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('fw-api/otel on $label over real HTTP', (runtime) => {
  let receiver: Receiver
  let server: Server | undefined
  beforeAll(async () => {
    receiver = await startReceiver()
    server = await startServer(runtime, 'tests/otel/fixtures/traced-server.ts', START_MS, { OTLP_URL: `${receiver.url}/v1/traces` })
  }, START_MS + 10_000)
  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  it('exports one server span in the upstream trace, its statement a child', async () => {
    const answer = await fetch(`${server?.origin}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01` },
      body: JSON.stringify({ body: BODY }),
    })
    expect(answer.status, server?.output()).toBe(200)
    await until(() => receiver.spans.some((span) => span.name === 'POST /api/notes') && receiver.spans.some((span) => span.name === 'INSERT fixture_notes'), 20_000)
    const servers = receiver.spans.filter((span) => span.kind === 2)
    expect(servers.map((span) => span.name)).toEqual(['POST /api/notes'])
    const [span] = servers
    const insert = receiver.spans.find((each) => each.name === 'INSERT fixture_notes')
    expect(span?.traceId).toBe(UPSTREAM_TRACE)
    expect(span?.parentSpanId).toBe(UPSTREAM_SPAN)
    expect(insert?.parentSpanId).toBe(span?.spanId)
    expect(insert?.traceId).toBe(UPSTREAM_TRACE)
    expect(span && attribute(span, 'http.route')).toBe('/api/notes')
    expect(span && attribute(span, 'client.address')).toBe('127.0.0.1')
    expect(span && attribute(span, 'http.response.status_code')).toBe(200)
    expect(receiver.bodies.join('\n')).not.toContain(BODY)
  })
})

describe.each(runtimesFor(['deno']))('fw-api/otel through the built-in OpenTelemetry of $label (OTEL_DENO=true)', (runtime) => {
  let receiver: Receiver
  let server: Server | undefined
  beforeAll(async () => {
    receiver = await startReceiver()
    server = await startServer(runtime, 'tests/otel/fixtures/traced-server.ts', START_MS, {
      OTEL_DENO: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'fw-otel-deno',
    })
  }, START_MS + 10_000)
  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  it("records the route's span and its statement through Deno's tracer provider", async () => {
    const answer = await fetch(`${server?.origin}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01` },
      body: JSON.stringify({ body: BODY }),
    })
    expect(answer.status, server?.output()).toBe(200)
    await until(() => receiver.spans.some((span) => span.name === 'POST /api/notes') && receiver.spans.some((span) => span.name === 'INSERT fixture_notes'), 30_000)
    const span = receiver.spans.find((each) => each.name === 'POST /api/notes')
    const insert = receiver.spans.find((each) => each.name === 'INSERT fixture_notes')
    expect(span?.traceId).toBe(UPSTREAM_TRACE)
    expect(insert?.parentSpanId).toBe(span?.spanId)
    expect(receiver.bodies.join('\n')).not.toContain(BODY)
  })
})
