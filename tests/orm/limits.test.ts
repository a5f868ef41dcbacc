/**
 * SPEC §10 limits: bounded Limit / Offset / Page,
 * every allowed order fast at 3,000 rows, a statement timeout answering 503,
 * NUL bytes and prototype keys refused as 400, declaration mistakes refused
 * at declaration or build — and the Logger never writing SQL, bound values,
 * `authorization` or `cookie`.
 */
import 'fw-api/serve'
import { Fw, api, exceptions, plugins, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import { pgTable, serial, text } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArticleSchema, RootAPI, UserInput, UserSchema } from '../../examples/blog/api'
import { createTables } from '../../examples/blog/sql'
import * as tables from '../../examples/blog/tables'
import { compileChecker, Invalid } from '../../src/schema/parse'
import { engines, openEngine, startPostgres, type EngineDb, type PostgresServer } from './engines'

const { articles, comments, users } = tables
/** Convert then validate as a request would: the output, or the reason of the 400. */
function parse(schema: Parameters<typeof compileChecker>[0], input: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  const output = compileChecker(schema)(input)
  return output instanceof Invalid ? { ok: false, reason: output.reason } : { ok: true, value: output as Record<string, unknown> }
}

describe('query limits (in-process)', () => {
  it('orm.Limit() is capped at 100 by default, and defaults to its max', () => {
    const query = orm.Query(articles, { limit: orm.Limit() })
    expect(parse(query, { limit: '100' })).toMatchObject({ ok: true, value: { limit: 100 } })
    expect(parse(query, { limit: '1000000000' }).ok).toBe(false)
    expect(parse(query, {})).toMatchObject({ ok: true, value: { limit: 100 } })
    expect(parse(orm.Query(articles, { limit: orm.Limit({ max: 500 }) }), { limit: '500' }).ok).toBe(true)
  })

  it('orm.Offset() and orm.Page() are bounded at 10 000 by default, or by their max', () => {
    const query = orm.Query(articles, { offset: orm.Offset(), page: orm.Page(), limit: orm.Limit({ max: 10 }) })
    expect(parse(query, { offset: '10000', page: '10000' }).ok).toBe(true)
    expect(parse(query, { offset: '10001' }).ok).toBe(false)
    expect(parse(query, { page: '10001' }).ok).toBe(false)
    expect(parse(orm.Query(articles, { offset: orm.Offset({ max: 50 }) }), { offset: '51' }).ok).toBe(false)
  })

  it('Page without a Limit, an unbounded max, unknown order or filter columns: ImproperlyConfigured when declared', () => {
    expect(() => orm.Query(articles, { page: orm.Page() })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Query(articles, { page: orm.Page(), limit: orm.Limit({ max: Infinity }) })).toThrow(/max must be a positive integer/)
    expect(() => orm.Offset({ max: 0 })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Query(articles, { order: orm.OrderBy(['createdAt', 'nope']) })).toThrow(/OrderBy 'order': no column 'nope'/)
    expect(() => orm.Query(articles, { order: orm.OrderBy(['toString']) })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Query(articles, { x: orm.Filter('nope') })).toThrow(/Filter 'x': no column 'nope'/)
  })

  it('a NUL byte in a filter value is a 400 at parse time, naming the field', () => {
    const query = orm.Query(articles, { title: orm.Filter('title'), q: orm.Filter('title', 'icontains'), ids: orm.Filter('title', 'in') })
    for (const input of [{ title: 'a\0b' }, { q: '\0' }, { ids: ['ok', 'x\0'] }]) {
      const result = parse(query, input)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.reason).toMatch(/NUL byte/)
    }
  })
})

describe.each(engines)('ORM input safety on %s (in-process)', (engine) => {
  let db: EngineDb
  beforeAll(async () => {
    db = await openEngine(engine)
    await UserInput.save({ username: 'alice' })
  })
  afterAll(() => db?.stop())

  it('prototype keys in a where-object or a saved row are a 400, never a TypeError inside drizzle', async () => {
    db.connections.activate()
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const where = JSON.parse(`{"${key}": "x"}`) as Record<string, unknown>
      await expect(UserSchema.serialize(where)).rejects.toMatchObject({ status: 400, message: `users.${key}: the key '${key}' is not allowed` })
      await expect(UserInput.save({ username: 'bob', ...where })).rejects.toMatchObject({ status: 400 })
      await expect(UserInput.bulkSave([{ username: 'bob', ...where }])).rejects.toMatchObject({ status: 400 })
    }
    expect(await UserSchema.serialize({ username: 'bob' })).toEqual([])
  })

  it('a NUL byte in a saved value or a where-object is a 400 naming the field', async () => {
    db.connections.activate()
    await expect(UserInput.save({ username: 'nul\0user' })).rejects.toMatchObject({ status: 400, errors: [{ in: 'body', name: 'username' }] })
    await expect(UserSchema.serialize({ username: 'a\0' })).rejects.toMatchObject({ status: 400, errors: [{ in: 'query', name: 'username' }] })
  })

  it('unknown relation paths in a schema: ImproperlyConfigured at declaration once connections are active', () => {
    db.connections.activate()
    expect(() => orm.Schema(articles, { id: true, n: orm.Count('likes') })).toThrow(/orm.Schema\(articles\): field 'n': 'articles' has no column or relation 'likes'/)
    expect(() => orm.Query(articles, { q: orm.Filter('author.nickname') })).toThrow(/orm.Query\(articles\): Filter 'q': 'users' has no column or relation 'nickname'/)
  })

  it('a database error carries kind and constraint, never SQL text or values, in its whole cause chain', async () => {
    db.connections.activate()
    const error = await UserInput.save({ username: 'alice' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(exceptions.Conflict)
    const chain: unknown[] = []
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) chain.push(current)
    const cause = chain[1]
    expect(cause).toBeInstanceOf(orm.DatabaseError)
    expect(cause).toMatchObject({ kind: 'unique_violation', code: '23505', constraint: 'users_username_unique' })
    for (const link of chain) {
      const text = `${String((link as Error).message)}\n${String((link as Error).stack)}\n${JSON.stringify(link)}`
      expect(text).not.toMatch(/insert into|alice|params/i)
    }
  })
})

// ---- over HTTP ----

const Unbounded = orm.Query(articles, { limit: orm.Limit(), offset: orm.Offset(), title: orm.Filter('title') })
const Missing = pgTable('missing_table', { id: serial('id').primaryKey(), name: text('name') })
const MissingSchema = orm.Schema(Missing, { id: true, name: true })
// any JSON object, as an endpoint taking `v.custom` / `v.any()` would pass it on (valibot's record drops prototype keys itself)
const Loose = v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input))

class ExtraAPI extends api.API {
  @api.get({ query: request.Query(Unbounded) })
  async get({ query }: { query: orm.QueryOf<typeof Unbounded> }) {
    return ArticleSchema.serialize(query)
  }
  @api.post('find', { where: request.Body(Loose) })
  async find({ where }: { where: Record<string, unknown> }) {
    return UserSchema.serialize(where)
  }
  @api.post('save', { row: request.Body(Loose) })
  async save({ row }: { row: Record<string, unknown> }) {
    return UserInput.save(row as orm.SaveValue<typeof users>)
  }
  @api.get('broken', { name: v.string() })
  async broken({ name }: { name: string }) {
    return MissingSchema.serialize({ name })
  }
}
class Root extends RootAPI {
  static extra = ExtraAPI
}

const ROWS = 3000
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

describe.each(engines)('ORM limits over HTTP on %s', (engine) => {
  let pg: PostgresServer | undefined
  let base = ''
  let close = async () => {}
  const lines: string[] = []

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const database = new orm.Database({ engine, url: pg?.url, schema: { ...tables, Missing } }) // missing_table: declared, never created
    const service = new Fw(import.meta.url, { api: Root, route: '/api' })
    service.use(new orm.DatabaseConnections({ default: database })).use(new plugins.Logger({ sink: (line) => lines.push(line) }))
    await database.execute(`DROP TABLE IF EXISTS follows, comments, articles, users CASCADE;${createTables}`)
    const ids = await UserInput.bulkSave(Array.from({ length: 50 }, (_, index) => ({ username: `user${index}` })))
    // a write sets only the columns its schema declares (SPEC §10.2)
    const articleIds = await orm.Schema(articles, { id: true, authorId: true, title: true, content: true, createdAt: true }).bulkSave(
      Array.from({ length: ROWS }, (_, index) => ({ authorId: ids[index % 50] as number, title: `title ${index}`, content: 'x'.repeat(100), createdAt: new Date(Date.UTC(2024, 0, 1, 0, index)) })),
    )
    await orm.Schema(comments, { id: true, articleId: true, authorId: true, body: true }).bulkSave(articleIds.flatMap((articleId, index) => Array.from({ length: index % 3 }, (_, n) => ({ articleId, authorId: ids[n] as number, body: 'c' }))))
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
  }, 120_000)
  afterAll(async () => {
    await close()
    await pg?.stop()
  })

  it(`every allowed order, and the deepest offset, answers fast at ${ROWS} rows (the page is chosen before relations are built)`, async () => {
    const timings: Record<string, number> = {}
    for (const query of ['limit=10', 'order=-createdAt&limit=10', 'order=createdAt&limit=10', 'order=title&limit=10', 'order=-title&limit=10', `offset=${ROWS - 1}&limit=1`, 'order=-createdAt&author=user7&limit=10']) {
      const times: number[] = []
      let first: { data: { title: string }[] } | undefined
      for (let round = 0; round < 5; round++) {
        const started = performance.now()
        const response = await fetch(`${base}/article?${query}`)
        first ??= (await response.json()) as { data: { title: string }[] }
        if (round > 0) await response.body?.cancel()
        times.push(performance.now() - started)
        expect(response.status).toBe(200)
      }
      timings[query] = median(times)
      expect(first?.data.length).toBeGreaterThan(0)
    }
    console.log(`${engine} median ms per request:`, JSON.stringify(timings))
    // the target is < 50 ms on PGlite (docs/orm.md has the measurement); this bound only guards the
    // seconds-long plans of before (1.2 s - 2.6 s, 130x the unordered page), with a 10x margin over the
    // target; on a busy machine the bound grows with the unordered page measured in the same run
    const bound = Math.max(500, 20 * (timings['limit=10'] ?? 0))
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(bound)
    const page = (await (await fetch(`${base}/article?order=-createdAt&limit=3&offset=1`)).json()) as { data: { title: string }[] }
    expect(page.data.map((row) => row.title)).toEqual([`title ${ROWS - 2}`, `title ${ROWS - 3}`, `title ${ROWS - 4}`])
    const last = (await (await fetch(`${base}/article?offset=${ROWS - 1}&limit=1`)).json()) as { data: { title: string }[] }
    expect(last.data.map((row) => row.title)).toEqual([`title ${ROWS - 1}`])
  }, 120_000)

  it('orm.Limit() without max refuses a huge limit (400) and serves at most 100 rows', async () => {
    expect((await fetch(`${base}/extra?limit=1000000000`)).status).toBe(400)
    expect((await fetch(`${base}/extra?offset=10001`)).status).toBe(400)
    const rows = (await (await fetch(`${base}/extra`)).json()) as { data: unknown[] }
    expect(rows.data).toHaveLength(100)
  })

  it('NUL bytes and prototype keys in filter values or bodies are 400, never 500', async () => {
    const post = (path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect((await fetch(`${base}/article?author=al%00ice`)).status).toBe(400)
    expect((await fetch(`${base}/extra?title=a%00`)).status).toBe(400)
    expect((await post('/article', JSON.stringify({ title: 'a\0', content: '', authorId: 1 }))).status).toBe(400)
    expect((await post('/user', JSON.stringify({ username: 'x\0y' }))).status).toBe(400)
    for (const key of ['constructor', 'toString', 'valueOf']) {
      expect((await post('/extra/find', `{"${key}": "x"}`)).status).toBe(400)
      expect((await post('/extra/save', `{"username": "k", "${key}": 1}`)).status).toBe(400)
    }
    expect((await post('/extra/find', '{"__proto__": {"username": "user1"}}')).status).toBe(200) // dropped by the JSON parser: no filter at all
    expect((await post('/extra/find', '{"username": "a\\u0000"}')).status).toBe(400)
  })

  it('the Logger writes a database error by kind, never SQL, bound values, authorization or cookie', async () => {
    lines.length = 0
    const response = await fetch(`${base}/extra/broken?name=secret-value-42`, { headers: { authorization: 'Bearer token-xyz', cookie: 'session=cookie-abc' } })
    expect(response.status).toBe(500)
    const duplicate = await fetch(`${base}/user`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Basic dXNlcjpwYXNz' }, body: JSON.stringify({ username: 'user1' }) })
    expect(duplicate.status).toBe(409)
    const text = lines.join('\n')
    // the missing table is named (issue 54 #8): an identifier, never the SQL text or a value
    expect(text).toContain('DatabaseError: undefined_table (42P01) of table missing_table')
    expect(text).not.toMatch(/"missing_table"|from missing_table/i)
    for (const secret of ['secret-value-42', 'select', 'token-xyz', 'cookie-abc', 'dXNlcjpwYXNz', 'params', 'user1']) expect(text).not.toContain(secret)
    expect(lines.length).toBeGreaterThanOrEqual(3)
    // the error itself says which table and what to do (issue 54 #8)
    const missing = await MissingSchema.serialize({ name: 'x' }).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(orm.DatabaseError)
    expect((missing as Error).message).toMatch(/^database error: undefined_table \(42P01\) of table missing_table: the table missing_table does not exist — orm\.Database\(\{ create: true \}\) creates/)
    expect((missing as Error).message).toContain('drizzle-kit migrations')
  })
})

describe.skipIf(!engines.includes('postgres'))('statement timeout', () => {
  it('is refused for PGlite, which cannot cancel a statement', () => {
    expect(() => new orm.Database({ engine: 'pglite', schema: tables, statementTimeout: 100 })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => new orm.Database({ engine: 'postgres', url: 'postgres://x', schema: tables, statementTimeout: -1 })).toThrow(exceptions.ImproperlyConfigured)
  })

  it('a statement over postgres statement_timeout answers 503 over HTTP', async () => {
    const pg = await startPostgres()
    const Slow = pgTable('slow_users', { id: serial('id').primaryKey(), name: text('name') })
    const SlowSchema = orm.Schema(Slow, { id: true, name: true })
    class SlowAPI extends api.API {
      @api.get
      async list() {
        return SlowSchema.serialize()
      }
    }
    const database = new orm.Database({ engine: 'postgres', url: pg.url, schema: { Slow }, statementTimeout: 200 })
    const service = new Fw(import.meta.url, { api: SlowAPI })
    service.use(new orm.DatabaseConnections({ default: database }))
    await database.execute(`CREATE VIEW slow_users AS SELECT 1 AS id, pg_sleep(3)::text AS name`)
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    try {
      const started = performance.now()
      const response = await fetch(`http://127.0.0.1:${server.port}/list`)
      expect(response.status).toBe(503)
      expect(performance.now() - started).toBeLessThan(2500) // cancelled, not run to its 3 s end
    } finally {
      await server.close()
      await pg.stop()
    }
  }, 60_000)
})
