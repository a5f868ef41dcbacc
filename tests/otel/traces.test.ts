/**
 * fw-api/otel traces (SPEC §15, issue 58 #1, #2): one SERVER span per request named by its route's
 * template, the HTTP semantic-convention attributes, the caller's `traceparent` continued, 5xx as
 * errors with their exception event (4xx not), ORM statements and nested spans as children, auth
 * spans; in-process against a real SDK, then over real HTTP on Node exporting OTLP/JSON to a
 * receiver in the test.
 */
import 'fw-api/serve'
import { trace, SpanKind, SpanStatusCode } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { api, Fw, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { otel } from 'fw-api/otel'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attribute, memorySdk, otlpSdk, startReceiver, until, type Receiver, type Sdk } from './sdk'

const notes = pgTable('otel_notes', { id: serial('id').primaryKey(), body: text('body').notNull(), stars: integer('stars').notNull().default(0) })
const SECRET_BODY = 'the-secret-body-7c1e'
const PARENT_TRACE = '0af7651916cd43dd8448eb211c80319c'
const PARENT_SPAN = 'b7ad6b7169203331'

function build(database: orm.Database) {
  class NotesAPI extends api.API {
    @api.get('item/{id}', { id: request.PathParam(v.pipe(v.string(), v.transform(Number))) })
    async one({ id }: { id: number }) {
      const db = (await database.db()) as orm.Db
      const { eq } = await import('drizzle-orm')
      return db.select().from(notes).where(eq(notes.id, id))
    }
    @api.post({ body: request.Json(v.object({ body: v.string() })) })
    async create({ body }: { body: { body: string } }) {
      const db = (await database.db()) as orm.Db
      return db.insert(notes).values({ body: body.body }).returning()
    }
    @api.get
    nested() {
      return trace.getTracer('test').startActiveSpan('inner work', (span) => {
        span.end()
        return 'ok'
      })
    }
    @api.get
    crash(): string {
      throw new Error('handler failed')
    }
    @api.get
    hooked() {
      return 'hooked'
    }
    @api.before('hooked')
    async slowHook() {
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    @api.before('hooked')
    quickHook() {}
    @api.get
    async hashed() {
      return (await auth.hashPassword('a-password-value', { iterations: 1000 })).length > 0
    }
  }
  /** a plugin whose request step takes 15 ms when asked to (`?pause`) */
  class Pause extends api.Plugin {
    override async processRequest(request: Request) {
      if (new URL(request.url).searchParams.has('pause')) await new Promise((resolve) => setTimeout(resolve, 15))
    }
  }
  const service = new Fw(import.meta.url, { api: NotesAPI, route: '/api' })
  // 5 ms (1 ms by default): an empty hook can take over 1 ms on a loaded machine; the slow ones take 15
  service.use(otel({ hookThresholdMs: 5 }))
  service.use(new Pause())
  return service
}

const byName = (spans: readonly ReadableSpan[], name: string) => spans.filter((span) => span.name === name)

describe('fw-api/otel in-process, a real SDK (in-memory exporter)', () => {
  let sdk: Sdk & { spans: import('@opentelemetry/sdk-trace').InMemorySpanExporter }
  const database = orm.Database({ engine: 'pglite', schema: { notes }, create: true })
  const service = build(database)
  const ask = (path: string, init?: RequestInit) => service.fetch(new Request(`http://app.test${path}`, init))

  beforeAll(async () => {
    sdk = memorySdk()
    await database.connect()
  }, 60_000)
  afterAll(async () => {
    await sdk.stop()
    await database.close()
  })

  it('one SERVER span named by the route template, with the HTTP attributes; the query and raw path never name it', async () => {
    sdk.spans.reset()
    const response = await ask('/api/item/12?token=abc', { headers: { 'user-agent': 'otel-test/1' } })
    expect(response.status).toBe(200)
    const servers = sdk.spans.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)
    expect(servers.map((span) => span.name)).toEqual(['GET /api/item/{id}'])
    const span = servers[0]!
    expect(span.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/item/{id}',
      'url.path': '/api/item/12',
      'url.scheme': 'http',
      'http.response.status_code': 200,
      'server.address': 'app.test',
      'user_agent.original': 'otel-test/1',
    })
    expect(JSON.stringify(span.attributes)).not.toContain('token')
    expect(span.status.code).toBe(SpanStatusCode.UNSET)
  })

  it("continues the caller's traceparent (trace id and parent span id)", async () => {
    sdk.spans.reset()
    await ask('/api/item/1', { headers: { traceparent: `00-${PARENT_TRACE}-${PARENT_SPAN}-01` } })
    const [span] = byName(sdk.spans.getFinishedSpans(), 'GET /api/item/{id}')
    expect(span?.spanContext().traceId).toBe(PARENT_TRACE)
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_SPAN)
  })

  it('ORM statements are CLIENT children of the server span: operation and table, never values or SQL', async () => {
    sdk.spans.reset()
    const response = await ask('/api/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: SECRET_BODY }) })
    expect(response.status).toBe(200)
    const spans = sdk.spans.getFinishedSpans()
    const [server] = byName(spans, 'POST /api/create')
    const [insert] = byName(spans, 'INSERT otel_notes')
    expect(server && insert).toBeTruthy()
    expect(insert!.kind).toBe(SpanKind.CLIENT)
    expect(insert!.parentSpanContext?.spanId).toBe(server!.spanContext().spanId)
    expect(insert!.spanContext().traceId).toBe(server!.spanContext().traceId)
    expect(insert!.attributes).toEqual({
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
      'db.collection.name': 'otel_notes',
      'db.query.summary': 'INSERT otel_notes',
    })
    expect(JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events]))).not.toContain(SECRET_BODY)
  })

  it("the handler's own spans are children of the server span (it is the active context)", async () => {
    sdk.spans.reset()
    await ask('/api/nested')
    const spans = sdk.spans.getFinishedSpans()
    const [server] = byName(spans, 'GET /api/nested')
    const [inner] = byName(spans, 'inner work')
    expect(inner?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId)
  })

  it('a 500 is an ERROR span with its exception event; a 404 is not an error and is named by its method only', async () => {
    sdk.spans.reset()
    expect((await ask('/api/crash')).status).toBe(500)
    expect((await ask('/nowhere/at/all')).status).toBe(404)
    const spans = sdk.spans.getFinishedSpans()
    const [crashed] = byName(spans, 'GET /api/crash')
    expect(crashed?.status.code).toBe(SpanStatusCode.ERROR)
    expect(crashed?.attributes['http.response.status_code']).toBe(500)
    const exception = crashed?.events.find((event) => event.name === 'exception')
    expect(exception?.attributes?.['exception.message']).toBe('handler failed')
    const [missed] = byName(spans, 'GET')
    expect(missed?.attributes['http.response.status_code']).toBe(404)
    expect(missed?.attributes['http.route']).toBeUndefined()
    expect(missed?.status.code).toBe(SpanStatusCode.UNSET)
  })

  it('a hook that takes longer than the threshold (hookThresholdMs) is a child span; a quick one is not', async () => {
    sdk.spans.reset()
    expect((await ask('/api/hooked')).status).toBe(200)
    const spans = sdk.spans.getFinishedSpans()
    const [server] = byName(spans, 'GET /api/hooked')
    const hooks = spans.filter((span) => span.name.startsWith('before '))
    expect(hooks.map((span) => span.name)).toEqual(['before NotesAPI.slowHook()'])
    expect(hooks[0]?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId)
    expect(hooks[0]!.duration[1] / 1e6 + hooks[0]!.duration[0] * 1e3).toBeGreaterThanOrEqual(10)
  })

  it('hostile input: a malformed traceparent starts a new trace, a long User-Agent is cut, an unknown method is _OTHER', async () => {
    sdk.spans.reset()
    const answer = await ask('/api/item/1', { headers: { traceparent: `00-${'z'.repeat(32)}-${PARENT_SPAN}-01`, 'user-agent': 'x'.repeat(10_000) } })
    expect(answer.status).toBe(200)
    expect((await ask('/api/item/1', { method: 'BREW' })).status).toBe(405)
    const [first, second] = sdk.spans.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER)
    expect(first?.parentSpanContext).toBeUndefined()
    expect(String(first?.attributes['user_agent.original']).length).toBe(512)
    expect(second?.attributes).toMatchObject({ 'http.request.method': '_OTHER', 'http.request.method_original': 'BREW', 'http.response.status_code': 405 })
    expect(second?.name).toBe('_OTHER')
  })

  it("a plugin step that takes longer than the threshold is a child span too", async () => {
    sdk.spans.reset()
    expect((await ask('/api/item/1?pause')).status).toBe(200)
    expect((await ask('/api/item/1')).status).toBe(200)
    const spans = sdk.spans.getFinishedSpans()
    const servers = spans.filter((span) => span.kind === SpanKind.SERVER)
    const steps = spans.filter((span) => span.name.startsWith('plugin '))
    expect(steps.map((span) => span.name)).toEqual(['plugin Pause.processRequest()'])
    expect(steps[0]?.parentSpanContext?.spanId).toBe(servers[0]?.spanContext().spanId)
  })

  it('password hashing is a span of its own under the request', async () => {
    sdk.spans.reset()
    expect((await ask('/api/hashed')).status).toBe(200)
    const spans = sdk.spans.getFinishedSpans()
    const [server] = byName(spans, 'GET /api/hashed')
    const [hashing] = byName(spans, 'fw.auth.hash_password')
    expect(hashing?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId)
    expect(JSON.stringify(hashing?.attributes)).not.toContain('a-password-value')
  })
})

describe('fw-api/otel on Node over real HTTP, exporting OTLP/JSON to a receiver', () => {
  let receiver: Receiver
  let sdk: Sdk
  let base = ''
  let close: () => Promise<void> = async () => {}
  const database = orm.Database({ engine: 'pglite', schema: { notes }, create: true })

  beforeAll(async () => {
    receiver = await startReceiver()
    sdk = otlpSdk(receiver)
    await database.connect()
    const server = await build(database).run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}`
    close = () => server.close()
  }, 60_000)
  afterAll(async () => {
    await close()
    await sdk.stop()
    await database.close()
    await receiver.close()
  })

  it('each request arrives at the receiver as one server span with its statements as children', async () => {
    const created = await fetch(`${base}/api/create`, { method: 'POST', headers: { 'content-type': 'application/json', traceparent: `00-${PARENT_TRACE}-${PARENT_SPAN}-01` }, body: JSON.stringify({ body: SECRET_BODY }) })
    expect(created.status).toBe(200)
    await until(() => receiver.spans.some((span) => span.name === 'POST /api/create') && receiver.spans.some((span) => span.name === 'INSERT otel_notes'))
    const server = receiver.spans.find((span) => span.name === 'POST /api/create')!
    const insert = receiver.spans.find((span) => span.name === 'INSERT otel_notes')!
    expect(server.kind).toBe(2) // SPAN_KIND_SERVER
    expect(server.traceId).toBe(PARENT_TRACE)
    expect(server.parentSpanId).toBe(PARENT_SPAN)
    expect(insert.parentSpanId).toBe(server.spanId)
    expect(attribute(server, 'http.route')).toBe('/api/create')
    expect(attribute(server, 'client.address')).toBe('127.0.0.1')
    expect(attribute(server, 'server.address')).toBe('127.0.0.1')
    expect(attribute(server, 'http.response.status_code')).toBe(200)
    expect(receiver.bodies.join('\n')).not.toContain(SECRET_BODY)
  })
})
