/**
 * SPEC §10.2 "Bounded writes" and "Errors": over real
 * HTTP on PGlite and on a PostgreSQL server:
 * - D5: a data exception of the database (SQLSTATE 22xxx: `?within=99999-01-01`)
 *   is a 400 with a clear message, never a 500, and no SQL in the answer;
 * - D6: the documented operator keys (`?comments_num>=2`) filter as a browser
 *   sends them (the query parser cuts the key at its first `=`), on a raw
 *   request line as well as through `fetch`;
 * - D7: every filter value is bounded (1 000 characters by default, `maxLength`
 *   per filter): an 8 KB `icontains` value is a 400 before any SQL, fast.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import net from 'node:net'
import { sql } from 'drizzle-orm'
import { Fw, api, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTables } from '../../examples/blog/sql'
import * as tables from '../../examples/blog/tables'
import { parseAnswer } from '../helpers/http'
import { engines, startPostgres, type PostgresServer } from './engines'

const { articles } = tables
const ArticleRow = orm.Schema(articles, { id: true, title: true })
const ArticleQuery = orm.Query(articles, {
  title: orm.Filter('title', 'icontains'),
  author: orm.Filter('author.username'),
  within: orm.Filter('createdAt', 'gte'),
  commentsMin: orm.Filter(orm.Count('comments'), 'gte', { alias: 'comments_num>=' }),
  commentsMax: orm.Filter(orm.Count('comments'), 'lte', { alias: 'comments_num<=' }),
  notBy: orm.Filter('author.username', 'ne', { alias: 'author!=' }),
  idFrom: orm.Filter({ query: (id: number) => ({ id: { gte: id } }), schema: v.number(), alias: 'id_from' }),
  titleMatches: orm.Filter({ query: (pattern: string) => sql`${articles.title} ~ ${pattern}`, schema: v.string(), alias: 'title_re' }),
  limit: orm.Limit({ max: 100 }),
  order: orm.OrderBy(['id']),
})

class ArticleAPI extends api.API {
  @api.get({ query: request.Query(ArticleQuery) })
  async get({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) {
    return { count: await query.count(), titles: (await ArticleRow.serialize(query)).map((row) => row.title) }
  }
}
class RootAPI extends api.API {
  static article = ArticleAPI
}

/** 3 000 articles: 'A1'..'A3' by alice with 0, 1 and 2 comments, 'B1' by bob with 3, and 2 996 more by bob. */
const SEED = `
INSERT INTO users (username) VALUES ('alice'), ('bob');
INSERT INTO articles (author_id, title) VALUES (1, 'A1'), (1, 'A2'), (1, 'A3'), (2, 'B1');
INSERT INTO comments (article_id, author_id, body) VALUES (2, 2, 'c'), (3, 2, 'c'), (3, 2, 'c'), (4, 1, 'c'), (4, 1, 'c'), (4, 1, 'c');
INSERT INTO articles (author_id, title, content) SELECT 2, 'filler ' || n, repeat('lorem ipsum ', 20) FROM generate_series(1, 2996) AS n;
`

/** Send `target` on a raw request line, exactly as typed (no percent-encoding by a client). */
async function rawGet(port: number, target: string): Promise<Response> {
  const socket = net.connect(port, '127.0.0.1')
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.once('end', resolve)
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
  })
  socket.destroy()
  const answer = parseAnswer(Buffer.concat(chunks), true)
  if (!answer) throw new Error('no complete answer')
  return answer
}

type Listing = { count: number; titles: string[] }
type Failure = { message?: string; msg?: string; error?: unknown }

describe.each(engines)('orm filters over HTTP on %s', (engine) => {
  let pg: PostgresServer | undefined
  let port = 0
  let close: () => Promise<void> = async () => {}
  let service: Fw
  const statements: string[] = []
  const url = (query: string) => `http://127.0.0.1:${port}/api/article?${query}`

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const database = orm.Database({ name: 'filters', engine, url: pg?.url, schema: tables, onQuery: (sql) => statements.push(sql) })
    service = new Fw(import.meta.url, { name: 'filters', api: RootAPI, route: '/api' })
    service.use(orm.DatabaseConnections({ default: database }))
    await database.execute(createTables)
    await database.execute('TRUNCATE follows, comments, articles, users RESTART IDENTITY CASCADE')
    await database.execute(SEED)
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    port = server.port
    close = () => server.close()
  }, 120_000)
  afterAll(async () => {
    await close()
    await pg?.stop()
  })

  it('D5: a value the database refuses (SQLSTATE 22xxx) is a 400 with a clear message and no SQL, never a 500', async () => {
    // a date drizzle would send as '+099999-…' (22009) is refused when the query is parsed, naming the field
    for (const query of ['within=99999-01-01', 'within=-271821-04-20', 'within=275760-09-13']) {
      const res = await fetch(url(query))
      const text = await res.text()
      expect(res.status, `${query}: ${text}`).toBe(400)
      expect(JSON.parse(text)).toMatchObject({ detail: "BadRequest: parse item: ['query'] failed: parse item: ['within'] failed: a date from year 1 to 9999" })
    }
    // a value only the database finds out of range (an integer column, 22003 / 22P02) is mapped to a 400
    for (const query of ['id_from=1e20', 'id_from=-99999999999']) {
      const res = await fetch(url(query))
      const text = await res.text()
      expect(res.status, `${query}: ${text}`).toBe(400)
      expect(JSON.parse(text)).toMatchObject({ detail: expect.stringMatching(/^BadRequest: articles(\.id)?: (a filter value is invalid or out of range|invalid or out-of-range value) \((numeric_value_out_of_range|invalid_text_representation)\)$/) })
      expect(text).not.toMatch(/select|from "|\$1|99999999999|1e\+?20|at .*\.ts/i)
    }
    // a data exception fw had no mapping for (2201B, an invalid regular expression from an app's own filter): 400, was 500
    const regex = await fetch(url(`title_re=${encodeURIComponent('(secret')}`))
    const regexText = await regex.text()
    expect(regex.status, regexText).toBe(400)
    expect(JSON.parse(regexText)).toMatchObject({ detail: 'BadRequest: articles: a filter value is invalid or out of range (invalid_regular_expression)', errors: [{ in: 'query' }] })
    expect(regexText).not.toMatch(/secret|select/i)
    const fine = await fetch(url('within=2000-01-01&id_from=2&title_re=^[AB]&order=id'))
    expect(fine.status).toBe(200)
    expect(await fine.json()).toEqual({ count: 3, titles: ['A2', 'A3', 'B1'] })
  })

  it('D6: ?comments_num>=2 and ?comments_num<=1 filter as a browser and a raw request line send them', async () => {
    const all = (await (await fetch(url('limit=5'))).json()) as Listing
    expect(all.count).toBe(3000)
    // fetch percent-encodes '>' and '<' (not '='): the key arrives as 'comments_num>' / 'comments_num<'
    const atLeast = await fetch(url('comments_num>=2&order=id'))
    expect(atLeast.status).toBe(200)
    expect(await atLeast.json()).toEqual({ count: 2, titles: ['A3', 'B1'] })
    const atMost = (await (await fetch(url('comments_num<=1&limit=3&order=id'))).json()) as Listing
    expect(atMost.count).toBe(2998)
    expect(atMost.titles).toEqual(['A1', 'A2', 'filler 1'])
    // typed in an address bar / sent by a hand-written client: '>' literal on the request line
    const raw = await rawGet(port, '/api/article?comments_num>=2&author!=bob&order=id')
    expect(raw.status).toBe(200)
    expect(await raw.json()).toEqual({ count: 1, titles: ['A3'] })
    // the document names both keys, the browser's form as such
    const operation = service.openapi().paths['/api/article']?.get as { parameters?: { name: string; required: boolean; description?: string }[] } | undefined
    const parameters = operation?.parameters ?? []
    expect(parameters.find((parameter) => parameter.name === 'comments_num>=')).toMatchObject({ required: false })
    expect(parameters.find((parameter) => parameter.name === 'comments_num>')).toMatchObject({ required: false, description: "'comments_num>=' as a browser sends '?comments_num>=…' (the key ends at its first '=')" })
    // the percent-encoded key (URLSearchParams, the generated client) still works
    const encoded = await fetch(url(new URLSearchParams({ 'comments_num>=': '3' }).toString()))
    expect(await encoded.json()).toEqual({ count: 1, titles: ['B1'] })
  })

  it('D6: the same filter given in both forms, or an operator key no filter declares, is a 400 — never silently unfiltered', async () => {
    const twice = await fetch(url(`comments_num>=2&${new URLSearchParams({ 'comments_num>=': '3' }).toString()}`))
    expect(twice.status).toBe(400)
    expect(await twice.text()).toMatch(/comments_num>=/)
    for (const query of ['comments_num>2', 'title!=A1', 'views>=3']) {
      const unknown = await rawGet(port, `/api/article?${query}`)
      const text = await unknown.text()
      expect(unknown.status, `${query}: ${text}`).toBe(400)
      expect(text).toMatch(/unknown filter/)
    }
  })

  it('D7: an 8 KB icontains value is a 400 before any SQL, answered in under 100 ms', async () => {
    const huge = 'ab'.repeat(4096) // 8 KB, as sent
    const times: number[] = []
    for (let round = 0; round < 5; round++) {
      statements.length = 0
      const started = performance.now()
      const res = await fetch(url(`title=${encodeURIComponent(huge)}`))
      const text = await res.text()
      times.push(performance.now() - started)
      expect(res.status, text.slice(0, 300)).toBe(400)
      expect(text).toMatch(/title.*at most 1000 characters/)
      expect(statements).toEqual([])
    }
    times.sort((a, b) => a - b)
    // no SQL ran (above): the refusal costs the request alone (measured 2-50 ms, median 11-14 ms);
    // the bounds guard a blow-up with a wide margin (an 8 KB icontains held PGlite 0.5-12.9 s)
    expect(times[0]).toBeLessThan(10_000)
    expect(times[4]).toBeLessThan(2000)
    // at the bound it is still a filter
    const atBound = await fetch(url(`title=${'A'.repeat(1000)}`))
    expect(await atBound.json()).toEqual({ count: 0, titles: [] })
    const fine = await fetch(url('title=a2'))
    expect(await fine.json()).toEqual({ count: 1, titles: ['A2'] })
  })
})
