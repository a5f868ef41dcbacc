/**
 * src/orm/drivers.ts: which engine runs where (SPEC §10.2 "Workers").
 * `engine: 'postgres'` in workerd (tests/runtimes/workerd.ts: esbuild bundle,
 * miniflare, nodejs_compat) against a real PostgreSQL server: the blog's
 * save and serialize over HTTP, request after request and concurrently (a
 * Worker must not reuse one request's socket in another), with no connection
 * left open; `engine: 'pglite'` in a Worker refused at its start, naming the
 * alternative; both engines on Node, Bun and Deno.
 *
 *   npx vitest run tests/orm/drivers.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { refuseEngineHere } from '../../src/orm/drivers'
import { orm } from 'fw-api/orm'
import { createTables } from '../../examples/blog/sql'
import * as tables from '../../examples/blog/tables'
import { runCommand, runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'
import { postgresSkipReason, startPostgres, type PostgresServer } from './engines'

const START_MS = 90_000
/** a script's whole run under a runtime (tsx, bun, deno start slowly on a busy machine): a hang guard */
const RUN_MS = 240_000
const PGLITE_REFUSED = /orm\.Database 'blog': engine 'pglite' does not run on Cloudflare Workers .*Use engine: 'postgres' with a url.*Hyperdrive/

describe('refuseEngineHere (in-process)', () => {
  it('refuses PGlite on Workers with ImproperlyConfigured naming the alternative; allows postgres there and PGlite elsewhere', () => {
    expect(() => refuseEngineHere('pglite', 'blog', true)).toThrow(ImproperlyConfigured)
    expect(() => refuseEngineHere('pglite', 'blog', true)).toThrow(PGLITE_REFUSED)
    expect(() => refuseEngineHere('postgres', 'blog', true)).not.toThrow()
    expect(() => refuseEngineHere('pglite', 'blog', false)).not.toThrow()
  })
})

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('both engines on $label', (runtime) => {
  let pg: PostgresServer | undefined
  beforeAll(async () => {
    if (!postgresSkipReason) pg = await startPostgres()
  }, START_MS)
  afterAll(async () => {
    await pg?.stop()
  })

  it('opens PGlite and postgres.js and runs a statement on each', async () => {
    const { code, output } = await runCommand(runtime.command('tests/runtimes/fixtures/orm-engines.ts'), RUN_MS, pg ? { PG_URL: pg.url } : {})
    expect(code, output).toBe(0)
    expect(output).toContain('pglite ok [{"answer":42}]')
    if (pg) expect(output).toContain('postgres ok [{"answer":42}]')
  }, RUN_MS + 10_000)
})

describe.each(runtimesFor(['workerd']))('orm on $label', (runtime) => {
  it('engine pglite: the Worker fails to start with ImproperlyConfigured naming engine postgres / Hyperdrive, not "No such module"', async () => {
    const started = startServer(runtime, 'tests/runtimes/fixtures/orm-pglite-worker.ts', START_MS, { WORKERD_FLAGS: 'nodejs_compat' })
    const failure = await started.then(
      async (server) => {
        await server.stop()
        return new Error('the PGlite Worker started')
      },
      (error: unknown) => error as Error,
    )
    expect(failure.message).toMatch(/exited before listening/)
    expect(failure.message).toMatch(PGLITE_REFUSED)
    expect(failure.message).not.toMatch(/No such module/)
  })

  describe.skipIf(postgresSkipReason !== undefined)('engine postgres against a real server', () => {
    let pg: PostgresServer | undefined
    let server: Server | undefined
    let base = ''
    const post = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    /** client connections open on the server, the asking one excluded */
    const workerConnections = async (database: orm.Database): Promise<number> => {
      const db = await database.db()
      const rows = (await db.execute("SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")) as unknown as { n: number }[]
      return rows[0]?.n ?? -1
    }
    let setup: orm.Database | undefined

    beforeAll(async () => {
      pg = await startPostgres()
      setup = orm.Database({ name: 'setup', engine: 'postgres', url: pg.url, schema: tables, max: 1 })
      await setup.execute(`DROP TABLE IF EXISTS follows, comments, articles, users CASCADE;${createTables}`)
      server = await startServer(runtime, 'tests/runtimes/fixtures/orm-worker.ts', START_MS, {
        WORKERD_FLAGS: 'nodejs_compat',
        WORKERD_BINDINGS: JSON.stringify({ DATABASE_URL: pg.url }),
      })
      base = `${server.origin}/api`
    }, START_MS + 30_000)
    afterAll(async () => {
      await server?.stop()
      await setup?.close()
      await pg?.stop()
    })

    it('saves and serializes over HTTP, request after request (each on its own connection)', async () => {
      const users = await post('/user/bulk', [{ username: 'alice' }, { username: 'bob' }])
      expect(users.status, server?.output()).toBe(200)
      const [alice, bob] = ((await users.json()) as { data: { id: number; username: string; articlesNum: number }[] }).data
      expect(alice).toMatchObject({ username: 'alice', articlesNum: 0 })
      for (const [authorId, title] of [[alice?.id, 'A1'], [bob?.id, 'B1'], [alice?.id, 'A2']] as const) {
        const created = await post('/article', { title, content: `about ${title}`, authorId })
        expect(created.status, server?.output()).toBe(200)
        expect(((await created.json()) as { data: unknown }).data).toMatchObject({ title, author: { id: authorId }, comments: [], commentsNum: 0 })
      }
      const list = await fetch(`${base}/article?author=alice&order=-title&limit=10`)
      expect(list.status).toBe(200)
      const body = (await list.json()) as { data: { title: string; author: unknown }[] }
      expect(body.data.map((row) => row.title)).toEqual(['A2', 'A1'])
      expect(body.data[0]?.author).toEqual({ id: alice?.id, username: 'alice', articlesNum: 2 })
      const user = await fetch(`${base}/user/${String(bob?.id)}`)
      expect(await user.json()).toMatchObject({ data: { id: bob?.id, username: 'bob', articlesNum: 1 } })
    }, 60_000)

    it('answers concurrent requests, then leaves no connection open', async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => (n % 2 ? fetch(`${base}/article?limit=5`) : post('/user', { username: `user${n}` }))))
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 200))
      // Each use's client closes once idle (0.5 s) or with its request: none stays behind.
      let open = Number.POSITIVE_INFINITY
      for (let tries = 0; tries < 100 && open > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        open = await workerConnections(setup as orm.Database)
      }
      expect(open).toBe(0)
    }, 60_000)
  })
})
