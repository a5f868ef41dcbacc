/**
 * Issue 58 #8, an SDK that samples nothing of its own (`ParentBased` on `AlwaysOff`, the
 * SAMPLER=parent-off mode of tests/otel/fixtures/traced-server.ts) on Node, Bun and Deno over
 * real HTTP: a request with no caller's trace starts no span and enters no context (a handler's
 * `trace.getActiveSpan()` is `undefined`, nothing goes out as `traceparent`, nothing is
 * exported); a caller's trace not sampled is still continued (its trace id is active and sent on,
 * flagged not sampled); a caller's sampled trace is recorded as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'
import { startReceiver, until, type Receiver } from './sdk'

const START_MS = 120_000
const CALLER_TRACE = '7d3c9b2a1f0e4d5c6b7a8f9e0d1c2b3a'
const CALLER_SPAN = '3a2b1c0d9e8f7a6b'

interface Seen {
  traceId: string | null
  recording: boolean | null
  traceparent: string | null
}

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('fw-api/otel with a sampler sampling no root, $label', (runtime) => {
  let receiver: Receiver
  let server: Server | undefined
  beforeAll(async () => {
    receiver = await startReceiver()
    server = await startServer(runtime, 'tests/otel/fixtures/traced-server.ts', START_MS, {
      OTLP_URL: `${receiver.url}/v1/traces`,
      SAMPLER: 'parent-off',
    })
  }, START_MS + 10_000)
  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  const seen = async (traceparent?: string): Promise<Seen> => {
    const answer = await fetch(`${server?.origin}/api/seen`, { headers: traceparent ? { traceparent } : {} })
    expect(answer.status, server?.output()).toBe(200)
    return (await answer.json()) as Seen
  }

  it('a request with no caller trace: no active span, no traceparent sent, nothing exported', async () => {
    expect(await seen()).toEqual({ traceId: null, recording: null, traceparent: null })
  })

  it("a caller's trace not sampled: continued, not recorded, sent on as not sampled", async () => {
    const answer = await seen(`00-${CALLER_TRACE}-${CALLER_SPAN}-00`)
    expect(answer.traceId).toBe(CALLER_TRACE)
    expect(answer.recording).toBe(false)
    expect(answer.traceparent).toMatch(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-00$`))
  })

  it("a caller's sampled trace: recorded and exported, its statement a child", async () => {
    const answer = await seen(`00-${CALLER_TRACE}-${CALLER_SPAN}-01`)
    expect(answer.recording).toBe(true)
    expect(answer.traceparent).toMatch(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-01$`))
    await until(() => receiver.spans.some((span) => span.name === 'GET /api/seen'), 20_000)
    await until(() => receiver.spans.some((span) => span.name === 'SELECT fixture_notes'), 20_000)
    const server = receiver.spans.find((span) => span.name === 'GET /api/seen')
    const select = receiver.spans.find((span) => span.name === 'SELECT fixture_notes')
    expect(server?.traceId).toBe(CALLER_TRACE)
    expect(select?.parentSpanId).toBe(server?.spanId)
    // the two requests before exported nothing: every span is of the sampled caller's trace
    expect(receiver.spans.every((span) => span.traceId === CALLER_TRACE)).toBe(true)
    expect(receiver.spans.filter((span) => span.kind === 2)).toHaveLength(1)
  })
})
