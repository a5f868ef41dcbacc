/**
 * Issue 58 #7, the RealWorld acceptance: examples/realworld with `otel()` (and `plugins.Logger`)
 * on Node over real HTTP, the official Postman collection's 32 requests run by newman against a
 * real SDK (traces in memory, metrics through sdk-metrics' reader): each request is exactly one
 * SERVER span named by its route template, its ORM statements CLIENT children in its trace; an
 * upstream `traceparent` is continued; a 500 is an error span with its exception event; the log
 * lines carry the span's ids; and no span, metric attribute or log line holds the password, a
 * token or an article's body.
 */
import 'fw-api/serve'
import '../realworld/secret'
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { plugins } from 'fw-api'
import { otel } from 'fw-api/otel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConduit } from '../../examples/realworld/app'
import { runCollection } from '../realworld/newman'
import { memorySdk } from './sdk'

const PASSWORD = 'Otel-Pw-3f9c1a'
const OWN_BODY = 'own-article-body-5d2e'
const COLLECTION_BODIES = ['With two hands', 'Very carefully.', 'Thank you so much!']
const UPSTREAM_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const UPSTREAM_SPAN = '00f067aa0ba902b7'

describe('RealWorld (examples/realworld) traced: the Postman collection on Node', () => {
  const sdk = memorySdk({ withMetrics: true })
  const lines: string[] = []
  const { service, database } = createConduit()
  service.use(otel())
  service.use(new plugins.Logger({ sink: (line) => lines.push(line) }))
  let api = ''
  let close: () => Promise<void> = async () => {}
  const username = `ot${Date.now().toString(36)}`
  let collectionSpans: ReadableSpan[] = []
  let token = ''

  beforeAll(async () => {
    await database.connect()
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    api = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
    sdk.spans.reset()
    const result = await runCollection(api, username, PASSWORD)
    expect(result.failures).toEqual([])
    expect(result.requests).toBe(32)
    collectionSpans = sdk.spans.getFinishedSpans().slice()
  }, 300_000)
  afterAll(async () => {
    await close()
    await sdk.stop()
    await database.close().catch(() => {})
  })

  const servers = (spans: readonly ReadableSpan[]) => spans.filter((span) => span.kind === SpanKind.SERVER)

  it('the 32 requests are exactly 32 SERVER spans, each named METHOD and its route template', () => {
    const found = servers(collectionSpans)
    expect(found).toHaveLength(32)
    for (const span of found) {
      const route = span.attributes['http.route']
      expect(route, span.name).toMatch(/^\/api\//)
      expect(span.name).toBe(`${String(span.attributes['http.request.method'])} ${String(route)}`)
      expect(span.name).not.toContain(username)
    }
    const names = new Set(found.map((span) => span.name))
    expect(names).toContain('GET /api/profiles/{username}')
    expect(names).toContain('GET /api/articles/{slug}')
    expect(names).toContain('POST /api/users/login')
  })

  it('every ORM statement is a CLIENT span inside a request: its parent the server span or an auth span of the same trace', () => {
    const byId = new Map(collectionSpans.map((span) => [span.spanContext().spanId, span]))
    const statements = collectionSpans.filter((span) => span.attributes['db.system.name'] === 'postgresql')
    expect(statements.length).toBeGreaterThanOrEqual(32)
    const rootOf = (span: ReadableSpan): ReadableSpan => {
      const parent = span.parentSpanContext ? byId.get(span.parentSpanContext.spanId) : undefined
      return parent ? rootOf(parent) : span
    }
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT)
      const root = rootOf(statement)
      expect(root.kind, statement.name).toBe(SpanKind.SERVER)
      expect(root.spanContext().traceId).toBe(statement.spanContext().traceId)
      expect(statement.attributes['db.operation.name']).toMatch(/^[A-Z]+$/)
    }
    // every request of the collection runs statements, each under its own server span
    const withStatements = new Set(statements.map((statement) => rootOf(statement).spanContext().spanId))
    expect(withStatements.size).toBe(32)
    const logins = collectionSpans.filter((span) => span.name === 'fw.auth.login')
    expect(logins.length).toBeGreaterThan(0)
    expect(collectionSpans.some((span) => span.name === 'fw.auth.verify_password')).toBe(true)
  })

  it("continues an upstream traceparent; the Logger's lines carry the span's ids", async () => {
    sdk.spans.reset()
    lines.length = 0
    const registered = await fetch(`${api}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${UPSTREAM_TRACE}-${UPSTREAM_SPAN}-01` },
      body: JSON.stringify({ user: { username: `${username}x`, email: `${username}x@mail.com`, password: PASSWORD } }),
    })
    expect(registered.status).toBe(200)
    token = ((await registered.json()) as { user: { token: string } }).user.token
    const created = await fetch(`${api}/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
      body: JSON.stringify({ article: { title: 'Otel', description: 'd', body: OWN_BODY, tagList: ['otel'] } }),
    })
    expect(created.status).toBe(200)
    const [register] = servers(sdk.spans.getFinishedSpans()).filter((span) => span.name === 'POST /api/users')
    expect(register?.spanContext().traceId).toBe(UPSTREAM_TRACE)
    expect(register?.parentSpanContext?.spanId).toBe(UPSTREAM_SPAN)
    const logged = lines.map((line) => JSON.parse(line) as { trace_id?: string; span_id?: string; path: string })
    expect(logged[0]).toMatchObject({ trace_id: UPSTREAM_TRACE, span_id: register?.spanContext().spanId, path: '/api/users' })
    expect(logged.every((line) => typeof line.trace_id === 'string' && typeof line.span_id === 'string')).toBe(true)
  })

  it('records the durations by route, method and status, and the statements by operation and table', async () => {
    await sdk.reader!.forceFlush()
    const exported = sdk.metricExporter!.getMetrics().at(-1)
    const metrics = exported?.scopeMetrics.flatMap((scope) => scope.metrics) ?? []
    const duration = metrics.find((metric) => metric.descriptor.name === 'http.server.request.duration')
    expect(duration?.descriptor.unit).toBe('s')
    const points = (duration?.dataPoints ?? []) as { attributes: Record<string, unknown>; value: { count: number } }[]
    expect(points.reduce((sum, point) => sum + point.value.count, 0)).toBeGreaterThanOrEqual(34)
    expect(points.find((point) => point.attributes['http.route'] === '/api/articles/{slug}' && point.attributes['http.request.method'] === 'GET')?.attributes).toMatchObject({ 'http.response.status_code': 200, 'url.scheme': 'http' })
    const active = metrics.find((metric) => metric.descriptor.name === 'http.server.active_requests')
    expect((active?.dataPoints ?? []).every((point) => point.value === 0)).toBe(true)
    const statements = metrics.find((metric) => metric.descriptor.name === 'db.client.operation.duration')
    const tables = (statements?.dataPoints ?? []).map((point) => point.attributes['db.collection.name'])
    expect(tables).toContain('articles')
  })

  it('a 500 (a table gone) is an ERROR span with its exception event, naming no SQL or value', async () => {
    await database.execute('DROP TABLE tags CASCADE')
    sdk.spans.reset()
    const answer = await fetch(`${api}/tags`)
    expect(answer.status).toBe(500)
    const [failed] = servers(sdk.spans.getFinishedSpans())
    expect(failed?.name).toBe('GET /api/tags')
    expect(failed?.status.code).toBe(SpanStatusCode.ERROR)
    const exception = failed?.events.find((event) => event.name === 'exception')
    expect(exception?.attributes?.['exception.type']).toBe('DatabaseError')
    expect(String(exception?.attributes?.['exception.message'])).toMatch(/^undefined_table \(42P01\)/)
    expect(JSON.stringify(failed?.events)).not.toMatch(/select|from "/i)
  })

  it('no span, metric attribute or log line holds the password, a token or an article body', async () => {
    await sdk.reader!.forceFlush()
    const spans = [...collectionSpans, ...sdk.spans.getFinishedSpans()]
    const seen = [
      JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status }))),
      JSON.stringify(sdk.metricExporter!.getMetrics()),
      lines.join('\n'),
    ].join('\n')
    expect(token.length).toBeGreaterThan(20)
    for (const secret of [PASSWORD, token, OWN_BODY, ...COLLECTION_BODIES]) expect(seen).not.toContain(secret)
  })
})
