/**
 * Issue 58 #6: `serverTiming()` puts the request's durations in `Server-Timing` — its ORM
 * statements (`db`, counted), the rest (`app`) and `total` — over real HTTP on Node, with no
 * OpenTelemetry SDK registered; off when `enabled: false` (the default under NODE_ENV=production).
 */
import 'fw-api/serve'
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { api, Fw } from 'fw-api'
import { orm } from 'fw-api/orm'
import { serverTiming } from 'fw-api/otel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const marks = pgTable('timing_marks', { id: serial('id').primaryKey(), label: text('label').notNull() })

describe('serverTiming()', () => {
  const database = orm.Database({ engine: 'pglite', schema: { marks }, create: true })
  class Marks extends api.API {
    @api.post
    async add() {
      const db = (await database.db()) as orm.Db
      await db.insert(marks).values({ label: 'a' })
      return (await db.select().from(marks)).length > 0
    }
    @api.get
    plain() {
      return 'plain'
    }
  }
  const on = new Fw(import.meta.url, { api: Marks, route: '/api' }).use(serverTiming({ enabled: true }))
  const off = new Fw(import.meta.url, { api: Marks, route: '/api' }).use(serverTiming({ enabled: false }))
  let base = ''
  let close: () => Promise<void> = async () => {}

  beforeAll(async () => {
    await database.connect()
    const server = await on.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
  }, 60_000)
  afterAll(async () => {
    await close()
    await database.close()
  })

  it('db (its statements counted), app and total on the answer, over HTTP', async () => {
    const answer = await fetch(`${base}/add`, { method: 'POST' })
    expect(answer.status).toBe(200)
    const header = answer.headers.get('server-timing') ?? ''
    expect(header).toMatch(/^db;dur=[\d.]+;desc="2 statements", hooks;dur=[\d.]+, app;dur=[\d.]+, total;dur=[\d.]+$/)
    const [db, , app, total] = [...header.matchAll(/dur=([\d.]+)/g)].map((found) => Number(found[1]))
    expect(db! + app!).toBeCloseTo(total!, 0)
    expect((await fetch(`${base}/plain`)).headers.get('server-timing')).toMatch(/^db;dur=0;desc="0 statements", hooks;dur=0, app;dur=/)
  })

  it('enabled: false sends none; NODE_ENV=production turns it off by default', async () => {
    expect((await off.fetch(new Request('http://x/api/plain'))).headers.get('server-timing')).toBeNull()
    const saved = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      expect(serverTiming().enabled).toBe(false)
    } finally {
      process.env.NODE_ENV = saved
    }
    expect(serverTiming().enabled).toBe(true)
  })
})
