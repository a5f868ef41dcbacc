/**
 * Issue 58 #8, an SDK that samples nothing of its own (`ParentBased` on `AlwaysOff`, the
 * SAMPLER=parent-off mode of tests/otel/fixtures/traced-server.ts) on Node, Bun and Deno over
 * real HTTP: a request with no caller's trace starts no span and enters no context (a handler's
 * `trace.getActiveSpan()` is `undefined`, nothing goes out as `traceparent`, nothing is
 * exported); a caller's trace not sampled is still continued (its trace id is active and sent on,
 * flagged not sampled); a caller's sampled trace is recorded as usual. In process: fw's own seams
 * (the server span, ORM statements, auth, slow hooks) start no span the sampler surely drops.
 */
import { trace } from '@opentelemetry/api'
import { AlwaysOffSampler, ParentBasedSampler, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace'
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { api, Fw } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { injectTraceHeaders, otel } from 'fw-api/otel'
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'
import { memorySdk, startReceiver, until, type Receiver } from './sdk'

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

const rows = pgTable('sampling_rows', { id: serial('id').primaryKey(), body: text('body').notNull() })

describe.each([
  ['ParentBased on AlwaysOff', () => new ParentBasedSampler({ root: new AlwaysOffSampler() })],
  ['ParentBased on a ratio of 0', () => new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(0) })],
  ['AlwaysOff', () => new AlwaysOffSampler()],
])('in process, %s: no span started that the sampler surely drops', (_, sampler) => {
  const database = orm.Database({ engine: 'pglite', schema: { rows }, create: true })
  class Work extends api.API {
    @api.get
    async work() {
      const db = (await database.db()) as orm.Db
      await db.select().from(rows).limit(1)
      await auth.hashPassword('a-password-value', { iterations: 1000 })
      const span = trace.getActiveSpan()
      return { traceId: span?.spanContext().traceId ?? null, traceparent: injectTraceHeaders(new Headers()).get('traceparent') }
    }
    @api.before('work')
    async slowHook() {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  const service = new Fw(import.meta.url, { api: Work, route: '/api' }).use(otel({ hookThresholdMs: 1 }))
  // the API's globals are set once: each SDK in its own describe's turn
  let sdk: ReturnType<typeof memorySdk>
  let started: MockInstance
  beforeAll(async () => {
    sdk = memorySdk({ sampler: sampler() })
    started = vi.spyOn(sdk.provider.getTracer('fw-api'), 'startSpan')
    await database.connect()
  }, 60_000)
  afterAll(async () => {
    started.mockRestore()
    await sdk.stop()
    await database.close()
  })
  const ask = async (traceparent?: string) => {
    const answer = await service.fetch(new Request('http://app.test/api/work', { headers: traceparent ? { traceparent } : {} }))
    expect(answer.status).toBe(200)
    return (await answer.json()) as { traceId: string | null; traceparent: string | null }
  }

  it('without a caller trace: no span started, none active, no traceparent', async () => {
    started.mockClear()
    expect(await ask()).toEqual({ traceId: null, traceparent: null })
    expect(started).not.toHaveBeenCalled()
    expect(sdk.spans.getFinishedSpans()).toEqual([])
  })

  it("a caller's unsampled trace: continued by ids only, no span started", async () => {
    started.mockClear()
    const answer = await ask(`00-${CALLER_TRACE}-${CALLER_SPAN}-00`)
    expect(answer.traceId).toBe(CALLER_TRACE)
    expect(answer.traceparent).toMatch(new RegExp(`^00-${CALLER_TRACE}-(?!${CALLER_SPAN})[0-9a-f]{16}-00$`))
    expect(started).not.toHaveBeenCalled()
    expect(sdk.spans.getFinishedSpans()).toEqual([])
  })
})
