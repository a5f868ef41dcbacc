/**
 * src/otel/spans.ts: the `Telemetry` fw-api/otel registers — ORM statements as CLIENT spans named
 * by their summary (by operation and table, never values) and in `db.client.operation.duration`,
 * database errors by kind, `around` spans (auth), trace ids for log lines, the exception of a
 * server error on the active span, hook spans over the threshold; `exceptionOf` leaving out what a
 * database error's message quotes. In-process with the in-memory SDK (tests/otel/sdk.ts).
 */
import { trace } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { afterEach, describe, expect, it } from 'vitest'
import type { RequestContext } from '../../src/request/context'
import { exceptionOf, hookSettings, inject, openTelemetry, recordFailure, serverSpans } from '../../src/otel/spans'
import { memorySdk, type Sdk } from './sdk'

let sdk: (Sdk & { spans: { getFinishedSpans(): ReadableSpan[] } }) | undefined
afterEach(async () => {
  await sdk?.stop()
  sdk = undefined
  hookSettings.thresholdMs = 1
})
const finished = () => sdk?.spans.getFinishedSpans() ?? []

/** A Postgres error as drivers throw it: a SQLSTATE code, and a message quoting a value. */
const uniqueViolation = () =>
  Object.assign(new Error('duplicate key value violates unique constraint "users_email_key": Key (email)=(ann@example.com)'), {
    code: '23505',
    constraint: 'users_email_key',
    table: 'users',
  })

describe('exceptionOf', () => {
  it('describes a database error by kind, code, constraint and table, its stack by frames only: no value', () => {
    const described = exceptionOf(uniqueViolation())
    expect(described.name).toBe('DatabaseError')
    expect(described.message).toContain('(23505) on constraint users_email_key of table users')
    expect(JSON.stringify(described)).not.toContain('ann@example.com')
    expect(described.stack?.split('\n').every((line) => /^\s+at /.test(line))).toBe(true)
  })

  it('keeps any other error as it is, and names a thrown non-error', () => {
    const error = new TypeError('bad')
    expect(exceptionOf(error)).toEqual({ name: 'TypeError', message: 'bad', stack: error.stack })
    expect(exceptionOf('just a string')).toEqual({ name: 'Error', message: 'just a string' })
  })
})

describe('recordFailure', () => {
  it('sets ERROR, error.type and the exception event on the span', () => {
    sdk = memorySdk()
    const span = trace.getTracer('test').startSpan('work')
    recordFailure(span, uniqueViolation())
    span.end()
    const [done] = finished()
    expect(done?.status.code).toBe(2)
    expect(done?.attributes['error.type']).toBe('DatabaseError')
    expect(done?.events.map((event) => event.name)).toEqual(['exception'])
    expect(JSON.stringify(done?.events)).not.toContain('ann@example.com')
  })
})

describe('openTelemetry.statement', () => {
  it('is undefined (nothing to do) without an SDK, metrics or a Server-Timing request', () => {
    expect(openTelemetry.statement('SELECT * FROM users', 'postgresql')).toBeUndefined()
  })

  it('is a CLIENT span named by the statement’s summary, with system, operation and table, no values', () => {
    sdk = memorySdk()
    const end = openTelemetry.statement("SELECT id FROM users WHERE email = 'ann@example.com'", 'postgresql')
    end?.()
    const [span] = finished()
    expect(span?.name).toBe('SELECT users')
    expect(span?.kind).toBe(2) // CLIENT
    expect(span?.attributes).toEqual({
      'db.system.name': 'postgresql',
      'db.operation.name': 'SELECT',
      'db.query.summary': 'SELECT users',
      'db.collection.name': 'users',
    })
    expect(JSON.stringify([span?.name, span?.attributes, span?.events])).not.toContain('ann@example.com')
  })

  it('marks a failed statement by the error’s kind (its SQLSTATE), and records its duration', async () => {
    sdk = memorySdk({ withMetrics: true })
    openTelemetry.statement('INSERT INTO users (email) VALUES ($1)', 'postgresql')?.(uniqueViolation())
    const [span] = finished()
    expect(span?.status.code).toBe(2)
    expect(span?.attributes['error.type']).toBe('23505')
    await sdk.reader?.forceFlush()
    const metric = sdk.metricExporter?.getMetrics().flatMap((resource) => resource.scopeMetrics).flatMap((scope) => scope.metrics).find((found) => found.descriptor.name === 'db.client.operation.duration')
    expect(metric?.dataPoints[0]?.attributes).toMatchObject({ 'db.operation.name': 'INSERT', 'db.collection.name': 'users', 'error.type': '23505' })
  })
})

describe('openTelemetry.around', () => {
  it('runs the work as it is without an SDK', async () => {
    expect(await openTelemetry.around('auth.login', async () => trace.getActiveSpan())).toBeUndefined()
  })

  it('runs the work in an active span named so, ended when it settles; a rejection is an error by its name', async () => {
    sdk = memorySdk()
    const inside = await openTelemetry.around('auth.login', async () => trace.getActiveSpan()?.spanContext().spanId)
    await expect(openTelemetry.around('auth.verify', async () => Promise.reject(new RangeError('no')))).rejects.toThrow('no')
    const [login, verify] = finished()
    expect(login?.name).toBe('auth.login')
    expect(login?.spanContext().spanId).toBe(inside)
    expect(verify?.status.code).toBe(2)
    expect(verify?.attributes['error.type']).toBe('RangeError')
  })
})

describe('openTelemetry.logIds, failed and inject', () => {
  it('gives the request’s server span ids for its log lines, else the active span’s, else none', () => {
    sdk = memorySdk()
    const request = {} as RequestContext
    expect(openTelemetry.logIds(request)).toBeUndefined()
    const server = trace.getTracer('test').startSpan('server')
    serverSpans.set(request, server)
    expect(openTelemetry.logIds(request)).toEqual({ trace_id: server.spanContext().traceId, span_id: server.spanContext().spanId })
    const other = {} as RequestContext
    trace.getTracer('test').startActiveSpan('active', (span) => {
      expect(openTelemetry.logIds(other)?.span_id).toBe(span.spanContext().spanId)
      span.end()
    })
    server.end()
  })

  it('records a server error on the active recording span only', () => {
    sdk = memorySdk()
    openTelemetry.failed(new Error('nowhere to record'))
    trace.getTracer('test').startActiveSpan('request', (span) => {
      openTelemetry.failed(new Error('the handler broke'))
      span.end()
    })
    const [span] = finished()
    expect(span?.events[0]?.attributes?.['exception.message']).toBe('the handler broke')
  })

  it('injects a traceparent only with an SDK and an active span', () => {
    const headers = new Headers()
    inject(headers)
    expect(headers.has('traceparent')).toBe(false)
    sdk = memorySdk()
    trace.getTracer('test').startActiveSpan('outgoing', (span) => {
      inject(headers)
      span.end()
    })
    expect(headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
  })
})

describe('openTelemetry.hook', () => {
  it('is a span `kind label` for a hook at least the threshold long, from its start; none under it', () => {
    sdk = memorySdk()
    hookSettings.thresholdMs = 5
    const now = performance.now()
    openTelemetry.hook('before', 'ItemsAPI.check', now - 1)
    openTelemetry.hook('after', 'ItemsAPI.audit', now - 20, new SyntaxError('x'))
    const spans = finished()
    expect(spans.map((span) => span.name)).toEqual(['after ItemsAPI.audit'])
    expect(spans[0]?.attributes).toMatchObject({ 'fw.hook.kind': 'after', 'code.function.name': 'ItemsAPI.audit', 'error.type': 'SyntaxError' })
    expect(spans[0]?.status.code).toBe(2)
  })

  it('starts no hook span without an SDK', () => {
    hookSettings.thresholdMs = 0
    expect(() => openTelemetry.hook('plugin', 'Auth', performance.now() - 50)).not.toThrow()
    sdk = memorySdk()
    expect(finished()).toEqual([])
  })
})
