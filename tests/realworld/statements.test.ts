/**
 * Issue 56 #2: statements per request of examples/realworld over real HTTP (Node), counted as drizzle
 * sends them (`onQuery`; a transaction's begin/commit are not counted), on PGlite and a PostgreSQL 15
 * server. The budget of each route is what the Fastify/Hono/Elysia + drizzle peers send (bench/realworld):
 * B1 articles anonymous 2, B2 the same authenticated 2, B3 one article 1, B4 feed 2, B5 a new article
 * with tags 7, B6 tags 1, B7 login 1. fw's counts: the same, fewer on B1 and B2 (1: the page's statement
 * counts too; the viewer is the token's id, `jwtUser.claims()`), B4 (1, the same) and B5 (5: the user,
 * the tags' one upsert, the article, its links, the answer).
 */
import 'fw-api/serve'
import './secret'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConduit } from '../../examples/realworld/app'
import { engines, startPostgres, type PostgresServer } from '../orm/engines'

describe.each(engines)('Conduit statements per request on %s', (engine) => {
  let pg: PostgresServer | undefined
  let api = ''
  let close: () => Promise<void> = async () => {}
  const statements: string[] = []
  let token = ''
  let slug = ''
  let email = ''
  const send = async (method: string, path: string, body?: unknown, auth?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(auth ? { authorization: `Token ${auth}` } : {}) }
    const response = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }
  /** The statements `method path` sends, and its answer's status. */
  const counted = async (method: string, path: string, body?: unknown, auth?: string) => {
    statements.length = 0
    const { status, body: answer } = await send(method, path, body, auth)
    return { status, answer, sent: [...statements] }
  }

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const { service, database } = createConduit({ url: pg?.url, onQuery: (sql) => statements.push(sql) })
    // opened (and its tables created) before the first request, which a loaded machine could push past the deadline
    await database.connect()
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    api = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
    const name = `s${Date.now().toString(36)}`
    const other = `${name}o`
    email = `${name}@mail.com`
    const registered = await send('POST', '/users', { user: { username: name, email: `${name}@mail.com`, password: 'password' } })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    token = registered.body.user.token
    const otherToken = (await send('POST', '/users', { user: { username: other, email: `${other}@mail.com`, password: 'password' } })).body.user.token
    await send('POST', `/profiles/${other}/follow`, undefined, token)
    for (let index = 0; index < 3; index++)
      slug = (await send('POST', '/articles', { article: { title: `t ${index}`, description: 'd', body: 'b', tagList: ['x', 'y'] } }, otherToken)).body.article.slug
    await send('POST', `/articles/${slug}/favorite`, undefined, token)
  }, 120_000)
  afterAll(async () => {
    await close()
    await pg?.stop()
  })

  it('B1 GET /api/articles?limit=20 anonymous: 1 (the page and its count)', async () => {
    const { status, answer, sent } = await counted('GET', '/articles?limit=20')
    expect([status, answer.articles.length, answer.articlesCount]).toEqual([200, 3, 3])
    expect(sent).toHaveLength(1)
  })

  it('B2 GET /api/articles?limit=20 authenticated: 1 (the page and its count; the viewer is the token\'s id)', async () => {
    const { status, answer, sent } = await counted('GET', '/articles?limit=20', undefined, token)
    expect([status, answer.articles.length]).toEqual([200, 3])
    // the viewer is `jwtUser.claims()`: the verified token's id, no user row read (docs/auth.md, "The id alone")
    expect(sent).toHaveLength(1)
    expect(sent[0]).not.toMatch(/password/)
    // …and it is this viewer's: the article it favorited, its author followed
    const favorited = answer.articles.map((article: { slug: string; favorited: boolean; author: { following: boolean } }) => [article.slug === slug, article.favorited, article.author.following])
    expect(favorited).toEqual(expect.arrayContaining([[true, true, true], [false, false, true]]))
    const anonymous = (await send('GET', '/articles?limit=20')).body.articles.map((article: { favorited: boolean }) => article.favorited)
    expect(anonymous).toEqual([false, false, false])
  })

  it('the list built once per shape: other filter values and pages get their own answers; hostile ones a 422', async () => {
    expect((await send('GET', '/articles?tag=x&limit=2')).body.articles.length).toBe(2)
    expect((await send('GET', '/articles?tag=x&limit=2&offset=2')).body.articles.length).toBe(1)
    expect((await send('GET', '/articles?tag=nope&limit=2')).body).toEqual({ articles: [], articlesCount: 0 })
    for (const query of ['tag=a%00b', 'limit=1e9', 'offset=-1', 'limit=abc', `tag=${'x'.repeat(5000)}`]) {
      const { status, answer } = await counted('GET', `/articles?${query}`, undefined, token)
      expect([status, answer.errors?.body?.length], query).toEqual([422, 1])
    }
    // SQL in a value is a value: bound, matching nothing
    expect((await send('GET', `/articles?author=${encodeURIComponent("x'; drop table users; --")}`, undefined, token)).body).toEqual({ articles: [], articlesCount: 0 })
    expect((await send('GET', '/articles?limit=20', undefined, token)).body.articlesCount).toBe(3)
  })

  it('B3 GET /api/articles/:slug: 1', async () => {
    const { status, answer, sent } = await counted('GET', `/articles/${slug}`)
    expect([status, answer.article.slug, answer.article.tagList]).toEqual([200, slug, ['x', 'y']])
    expect(sent).toHaveLength(1)
  })

  it('B4 GET /api/articles/feed: 1 (the page and its count; the reader is the token\'s id)', async () => {
    const { status, answer, sent } = await counted('GET', '/articles/feed?limit=20', undefined, token)
    expect([status, answer.articles.length, answer.articlesCount]).toEqual([200, 3, 3])
    expect(sent).toHaveLength(1)
  })

  it('B5 POST /api/articles with tags: 5 (the tags in one upsert, no junction delete or select for a new row)', async () => {
    const { status, answer, sent } = await counted('POST', '/articles', { article: { title: 'new one', description: 'd', body: 'b', tagList: ['y', 'z', 'w'] } }, token)
    expect([status, answer.article.tagList]).toEqual([200, ['w', 'y', 'z']])
    expect(sent, sent.join('\n')).toHaveLength(5)
    expect(sent.filter((text) => /^delete/i.test(text))).toEqual([])
  })

  it('B6 GET /api/tags: 1', async () => {
    const { status, answer, sent } = await counted('GET', '/tags')
    expect([status, [...answer.tags].sort()]).toEqual([200, ['w', 'x', 'y', 'z']])
    expect(sent).toHaveLength(1)
  })

  it('B7 POST /api/users/login: 1', async () => {
    const { status, sent } = await counted('POST', '/users/login', { user: { email, password: 'password' } })
    expect(status).toBe(200)
    expect(sent).toHaveLength(1)
  })
})
