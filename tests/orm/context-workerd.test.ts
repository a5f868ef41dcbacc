/**
 * SPEC §5.2 (last bullet): on Cloudflare Workers WITHOUT nodejs_compat (no AsyncLocalStorage), a
 * context filter reads the user from the context passed explicitly, and one given no context
 * fails loudly (a 500 naming the fix, in debug) — never a silent "no user" (`following: false`).
 * With nodejs_compat, the request itself is carried (AsyncLocalStorage.run; `enterWith`, which
 * workerd lacks, is not used), concurrently.
 * workerd via miniflare (tests/runtimes/workerd.ts, no compatibility flags), over real HTTP; the
 * Worker's statements run on a real PGlite in this process through drizzle's pg-proxy driver
 * (tests/orm/fixtures/context-worker.ts).
 *
 *   FW_RUNTIMES=workerd npx vitest run tests/orm/context-workerd.test.ts
 */
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 120_000

describe.each(runtimesFor(['workerd']).flatMap((runtime) => [
  { runtime, flags: '', label: 'without nodejs_compat' },
  { runtime, flags: 'nodejs_compat', label: 'with nodejs_compat' },
]))('request context on workerd $label', ({ runtime, flags }) => {
  let pg: PGlite | undefined
  let proxy: HttpServer | undefined
  let server: Server | undefined
  let statements = 0

  beforeAll(async () => {
    pg = new PGlite()
    await pg.exec(`
      CREATE TABLE users (id serial PRIMARY KEY, username text NOT NULL UNIQUE, email text, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE follows (follower_id integer NOT NULL REFERENCES users(id), following_id integer NOT NULL REFERENCES users(id), PRIMARY KEY (follower_id, following_id));
      INSERT INTO users (username) VALUES ('alice'), ('bob'), ('carol');
      INSERT INTO follows VALUES (2, 1);`)
    const db = pg
    // drizzle's pg-proxy protocol: { sql, params, method } in, { rows } out (arrays for 'all')
    proxy = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => void (body += chunk.toString()))
      request.on('end', async () => {
        try {
          const { sql, params, method } = JSON.parse(body) as { sql: string; params: unknown[]; method: string }
          statements++
          const result = await db.query(sql, params, method === 'all' ? { rowMode: 'array' } : {})
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rows: result.rows }))
        } catch (error) {
          response.writeHead(500).end(String(error))
        }
      })
    })
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve))
    const { port } = proxy.address() as AddressInfo
    server = await startServer(runtime, 'tests/orm/fixtures/context-worker.ts', START_MS, {
      WORKERD_BINDINGS: JSON.stringify({ SQL_PROXY: `http://127.0.0.1:${port}/` }),
      WORKERD_FLAGS: flags,
      WORKERD_EXTERNAL: 'postgres', // postgres.js needs nodejs_compat; the fixture never loads it
    })
  }, START_MS + 30_000)
  afterAll(async () => {
    await server?.stop()
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)))
    await pg?.close()
  })

  const ask = (path: string, user?: number) =>
    fetch(`${server?.origin}/api/${path}?name=alice`, { headers: user ? { 'x-user': String(user) } : {} })

  it('a context passed explicitly (this.request.state): the viewer who follows reads true, others false', async () => {
    for (const [user, following] of [[2, true], [3, false], [undefined, false], [2, true]] as const) {
      const response = await ask('explicit', user)
      expect(response.status, server?.output()).toBe(200)
      expect(await response.json()).toEqual({ following })
    }
    expect(statements).toBeGreaterThanOrEqual(4)
  })

  it.runIf(flags === 'nodejs_compat')('with nodejs_compat (AsyncLocalStorage.run), no context given: the request\'s own, per request', async () => {
    const viewers = [2, undefined, 3, 2, undefined, 2]
    const answers = await Promise.all(viewers.map(async (user) => {
      const response = await ask('implicit', user)
      expect(response.status, server?.output()).toBe(200)
      return ((await response.json()) as { following: boolean }).following
    }))
    expect(answers).toEqual(viewers.map((user) => user === 2))
  })

  it.runIf(flags === '')('no context given where the request cannot be carried: a 500 naming the fix, never following: false', async () => {
    for (const user of [2, undefined]) {
      const before = statements
      const response = await ask('implicit', user)
      const text = await response.text()
      expect(response.status, text).toBe(500)
      expect(text).toContain('ImproperlyConfigured')
      expect(text).toContain('context: this.request.state')
      expect(text).not.toContain('"following"')
      expect(statements).toBe(before) // refused before any statement
    }
  })
})
