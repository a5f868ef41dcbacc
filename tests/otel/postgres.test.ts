/**
 * Issue 58 #2 on both engines: ORM statements observed through each driver — PGlite's `query` and
 * postgres.js's lazy `unsafe` queries (prepared, `.values()` rows, transactions) — are CLIENT
 * spans under the request, with their durations, and the queries still answer what they did.
 */
import { SpanKind } from '@opentelemetry/api'
import { eq } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { api, Fw, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import { otel } from 'fw-api/otel'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startPostgres, type PostgresServer } from '../orm/engines'
import { memorySdk, type Sdk } from './sdk'

const counters = pgTable('otel_counters', { id: serial('id').primaryKey(), name: text('name').notNull(), hits: integer('hits').notNull().default(0) })

describe.each(engines)('ORM statement spans on %s', (engine) => {
  let pg: PostgresServer | undefined
  let database: orm.Database
  let sdk: Sdk & { spans: import('@opentelemetry/sdk-trace').InMemorySpanExporter }
  let service: Fw

  beforeAll(async () => {
    sdk = memorySdk({ withMetrics: true })
    pg = engine === 'postgres' ? await startPostgres() : undefined
    database = pg ? orm.Database({ engine: 'postgres', url: pg.url, schema: { counters }, create: true }) : orm.Database({ engine: 'pglite', schema: { counters }, create: true })
    await database.connect()
    class Counters extends api.API {
      @api.post('{name}', { name: request.PathParam(v.string()) })
      async hit({ name }: { name: string }) {
        const db = (await database.db()) as orm.Db
        return db.transaction(async (tx) => {
          const [row] = await tx.select().from(counters).where(eq(counters.name, name))
          if (!row) return (await tx.insert(counters).values({ name, hits: 1 }).returning())[0]?.hits
          return (await tx.update(counters).set({ hits: row.hits + 1 }).where(eq(counters.id, row.id)).returning())[0]?.hits
        })
      }
    }
    service = new Fw(import.meta.url, { api: Counters, route: '/api' }).use(otel())
  }, 120_000)
  afterAll(async () => {
    await database?.close()
    await pg?.stop()
    await sdk?.stop()
  })

  it('each statement of a transaction is a CLIENT span under the request; the answers are unchanged', async () => {
    const ask = async () => (await service.fetch(new Request('http://x/api/secret-name', { method: 'POST' }))).json()
    expect(await ask()).toBe(1)
    sdk.spans.reset()
    expect(await ask()).toBe(2)
    const spans = sdk.spans.getFinishedSpans()
    const [server] = spans.filter((span) => span.kind === SpanKind.SERVER)
    expect(server?.name).toBe('POST /api/{name}')
    const statements = spans.filter((span) => span.kind === SpanKind.CLIENT)
    expect(statements.map((span) => span.name)).toEqual(expect.arrayContaining(['SELECT otel_counters', 'UPDATE otel_counters']))
    for (const statement of statements) {
      expect(statement.parentSpanContext?.spanId).toBe(server?.spanContext().spanId)
      expect(statement.attributes['db.system.name']).toBe('postgresql')
    }
    expect(JSON.stringify(statements.map((span) => [span.name, span.attributes]))).not.toContain('secret-name')
    await sdk.reader!.forceFlush()
    const durations = sdk.metricExporter!.getMetrics().at(-1)?.scopeMetrics.flatMap((scope) => scope.metrics).find((metric) => metric.descriptor.name === 'db.client.operation.duration')
    expect(durations?.dataPoints.some((point) => point.attributes['db.operation.name'] === 'UPDATE')).toBe(true)
  })
})
