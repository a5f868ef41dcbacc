/**
 * Issue 58 #6: `serverTiming()` puts the request's durations in `Server-Timing` — per phase
 * (`params`, `hooks`, `method`, `db` its ORM statements counted, `render`), the rest (`app`) and
 * `total` — in process and over real HTTP on Node, with no OpenTelemetry SDK registered; off when
 * `enabled: false` (the default under NODE_ENV=production).
 */
import 'fw-api/serve'
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import { api, Fw, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import { serverTiming } from 'fw-api/otel'
import * as v from 'valibot'
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
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  class Phased extends api.API {
    @api.before('*')
    async gate() {
      await pause(15)
    }
    @api.get({ n: request.QueryParam(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))) })
    async slow({ n }: { n: number }) {
      await pause(25)
      const db = (await database.db()) as orm.Db
      return { n, rows: (await db.select().from(marks)).length }
    }
  }
  const phased = new Fw(import.meta.url, { api: Phased, route: '/phased' }).use(
    serverTiming({ enabled: true }),
  )
  const PHASES = ['params', 'hooks', 'method', 'db', 'render', 'app', 'total']
  /** The header's entries by name, in order, each with its duration (ms). */
  const entries = (header: string | null): [string, number][] =>
    (header ?? '').split(', ').map((entry) => {
      const [name = '', dur = ''] = entry.split(';')
      return [name, Number(dur.replace('dur=', ''))]
    })
  /** The phases of a `GET /phased/slow?n=3` answer: named, non-negative, the slow ones seen, adding up to no more than `total`. */
  const expectPhases = (header: string | null) => {
    const found = entries(header)
    expect(found.map(([name]) => name)).toEqual(PHASES)
    for (const [, ms] of found) expect(ms).toBeGreaterThanOrEqual(0)
    const of = Object.fromEntries(found) as Record<string, number>
    expect(of.hooks).toBeGreaterThanOrEqual(10)
    expect(of.method).toBeGreaterThanOrEqual(20)
    expect(of.method).toBeLessThan(of.total! - of.hooks! + 0.3)
    const phases = of.params! + of.hooks! + of.method! + of.db! + of.render!
    expect(phases).toBeLessThanOrEqual(of.total! + 0.3) // each rounded to 0.1 ms
    expect(of.db! + of.app!).toBeCloseTo(of.total!, 0)
    expect(header).toMatch(/db;dur=[\d.]+;desc="1 statements"/)
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
    expect(header).toMatch(/^params;dur=[\d.]+, hooks;dur=[\d.]+, method;dur=[\d.]+, db;dur=[\d.]+;desc="2 statements", render;dur=[\d.]+, app;dur=[\d.]+, total;dur=[\d.]+$/)
    const [, , , db, , app, total] = [...header.matchAll(/dur=([\d.]+)/g)].map((found) => Number(found[1]))
    expect(db! + app!).toBeCloseTo(total!, 0)
    expect((await fetch(`${base}/plain`)).headers.get('server-timing')).toMatch(/^params;dur=[\d.]+, hooks;dur=[\d.]+, method;dur=[\d.]+, db;dur=0;desc="0 statements", render;dur=[\d.]+, app;dur=/) // no params or hooks: ~0 ms (0.1 under load)
  })

  it('params, hooks, method, db and render, each its own, in process', async () => {
    const answer = await phased.fetch(new Request('http://x/phased/slow?n=3'))
    expect(await answer.json()).toMatchObject({ n: 3 })
    expectPhases(answer.headers.get('server-timing'))
  })

  it('params, hooks, method, db and render over HTTP on Node; a bad param still times its phases', async () => {
    const server = await phased.run({ port: 0, host: '127.0.0.1' })
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/phased/slow?n=3`)
      expect(answer.status).toBe(200)
      expectPhases(answer.headers.get('server-timing'))
      const invalid = await fetch(`http://127.0.0.1:${server.port}/phased/slow?n=x`)
      expect(invalid.status).toBe(400)
      expect(entries(invalid.headers.get('server-timing')).map(([name]) => name)).toEqual(PHASES)
    } finally {
      await server.close()
    }
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
