/**
 * Over real HTTP, on PGlite and on a real PostgreSQL
 * server (SPEC §10.2 "Nested writes stay inside their parent"): a nested row
 * given with its key must already belong to its parent, else 400 naming the
 * field, and nothing is written; key lists only link and unlink junction rows;
 * an update that carries only relation fields updates only the relations.
 */
import { asc, eq } from 'drizzle-orm'
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, comments, follows, users } from '../../examples/blog/tables'
import { engines, startPostgres, type PostgresServer } from './engines'
import { startWriteApp, tables, Writer, type WriteApp } from './writes-app'

const Article = orm.Schema(articles, { id: true, authorId: true, title: true })
const Comment = orm.Schema(comments, { id: true, articleId: true, authorId: true, body: true })

describe.each(engines)('nested writes stay inside their parent on %s', (engine) => {
  let pg: PostgresServer | undefined
  let database: orm.Database
  let app: WriteApp
  const ids = { alice: 0, bob: 0, aliceArticle: 0, bobArticle: 0, aliceComment: 0, bobComment: 0 }

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    database = new orm.Database({ engine, url: pg?.url, schema: tables })
    app = await startWriteApp(database)
    const signup = async (body: unknown) => {
      const response = await app.send('POST', '/signup', body)
      expect(response.status).toBe(200)
      return (await response.json()) as number
    }
    ids.alice = await signup({ username: 'alice', articles: [{ title: 'A1', comments: [{ body: 'alice on A1', authorId: 1 }] }] })
    ids.bob = await signup({ username: 'bob', articles: [{ title: 'B1', comments: [{ body: 'bob on B1', authorId: 2 }] }] })
    ;[ids.aliceArticle = 0, ids.bobArticle = 0] = (await Article.serialize()).map((row) => row.id).sort((a, b) => a - b)
    ;[ids.aliceComment = 0, ids.bobComment = 0] = (await Comment.serialize()).map((row) => row.id).sort((a, b) => a - b)
    expect(await Article.init(ids.bobArticle)).toMatchObject({ authorId: ids.bob, title: 'B1' })
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await pg?.stop()
  })

  /** Every article and comment, as stored (to compare before / after a refused write). */
  async function snapshot(): Promise<unknown> {
    const db = await database.db()
    return {
      users: await db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id)),
      articles: await db.select({ id: articles.id, authorId: articles.authorId, title: articles.title }).from(articles).orderBy(asc(articles.id)),
      comments: await db.select({ id: comments.id, articleId: comments.articleId, body: comments.body }).from(comments).orderBy(asc(comments.id)),
      follows: await db.select().from(follows).orderBy(asc(follows.followerId), asc(follows.followingId)),
    }
  }

  async function refused(response: Response, field: string): Promise<void> {
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(text).toContain(field)
    expect(text).not.toMatch(/update |insert |select |at \w+ \(/i) // no SQL, no stack
  }

  it("signup with Bob's article key neither rewrites nor re-parents it: 400 naming articles[0].id, nothing written", async () => {
    const before = await snapshot()
    await refused(await app.send('POST', '/signup', { username: 'carol', articles: [{ id: ids.bobArticle, title: 'owned by carol' }] }), 'articles[0].id')
    expect(await snapshot()).toEqual(before) // no carol either: the row and its relations are one transaction
    await refused(await app.send('POST', '/raw', { username: 'carol', articles: [{ id: ids.bobArticle, title: 'owned by carol' }] }), 'articles[0].id')
    await refused(await app.send('POST', '/bulk', [{ username: 'carol' }, { username: 'dave', articles: [{ id: ids.bobArticle }] }]), '[1].articles[0].id')
    expect(await snapshot()).toEqual(before)
  })

  it("PUT /me cannot move Bob's comment onto Alice's article, nor touch Bob's article: 400, nothing written", async () => {
    const before = await snapshot()
    const asAlice = { 'x-user': String(ids.alice) }
    const moveComment = { username: 'alice', articles: [{ id: ids.aliceArticle, comments: [{ id: ids.bobComment, body: 'x' }] }] }
    await refused(await app.send('PUT', '/me', moveComment, asAlice), 'articles[0].comments[0].id')
    // Bob's article listed as Alice's: never updated, and Alice's own articles are not deleted by the refused list
    await refused(await app.send('PUT', '/me', { articles: [{ id: ids.bobArticle, title: 'mine now' }] }, asAlice), 'articles[0].id')
    await refused(await app.send('PUT', '/me', { articles: [{ id: ids.aliceArticle }, { id: ids.bobArticle }] }, asAlice), 'articles[1].id')
    // a key that does not exist at all is refused the same way (never inserted with a chosen key)
    await refused(await app.send('PUT', '/me', { articles: [{ id: 987654, title: 'new' }] }, asAlice), 'articles[0].id')
    expect(await snapshot()).toEqual(before)
    await expect(Writer.save({ id: ids.alice, articles: [{ id: ids.bobArticle, title: 'x' }] } as never)).rejects.toMatchObject({ status: 400, errors: [{ in: 'body', name: 'articles', path: ['articles', 0, 'id'] }] })
  })

  it("a nested update of the parent's own rows still works: update, insert, and delete the ones left out", async () => {
    const asAlice = { 'x-user': String(ids.alice) }
    const body = { articles: [{ id: ids.aliceArticle, title: 'A1 edited', comments: [{ id: ids.aliceComment, body: 'edited' }, { body: 'new', authorId: ids.bob }] }, { title: 'A2' }] }
    const response = await app.send('PUT', '/me', body, asAlice)
    expect(response.status).toBe(200)
    const mine = await Article.serialize({ authorId: ids.alice })
    expect(mine.map((row) => row.title).sort()).toEqual(['A1 edited', 'A2'])
    expect((await Comment.serialize({ articleId: ids.aliceArticle })).map((row) => row.body).sort()).toEqual(['edited', 'new'])
    expect(await Article.init(ids.bobArticle)).toMatchObject({ authorId: ids.bob, title: 'B1' })
    expect(await Comment.init(ids.bobComment)).toMatchObject({ articleId: ids.bobArticle, body: 'bob on B1' })
  })

  it('an update with only relation fields updates only the relations (no insert); key lists only link and unlink junction rows', async () => {
    const db = await database.db()
    await db.insert(follows).values({ followerId: ids.bob, followingId: ids.alice })
    const following = async (id: number) => (await db.select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, id))).map((row) => row.id)
    const asAlice = { 'x-user': String(ids.alice) }
    const response = await app.send('PUT', '/me', { following: [ids.bob] }, asAlice)
    expect(response.status).toBe(200) // was 400 "users.username is required": the insert branch
    expect(await following(ids.alice)).toEqual([ids.bob])
    expect(await following(ids.bob)).toEqual([ids.alice]) // Bob's own follows untouched
    expect((await Writer.init(ids.alice)).username).toBe('alice')
    expect(await Writer.save({ id: ids.alice, following: [] } as never)).toBe(ids.alice)
    expect(await following(ids.alice)).toEqual([])
    expect(await following(ids.bob)).toEqual([ids.alice])
    // a relations-only update of a row that does not exist is a 404, never an insert
    await expect(Writer.save({ id: 987654, following: [ids.bob] } as never)).rejects.toBeInstanceOf(exceptions.NotFound)
    expect((await app.send('PUT', '/me', { following: [ids.bob] }, { 'x-user': '987654' })).status).toBe(404)
    expect(await Writer.serialize({ id: 987654 })).toEqual([])
  })

  it("input({ omit: ['id'] }) takes the relation fields input('a') takes: nested rows and key lists saved, never parsed and dropped (issue 54 #12)", async () => {
    const body = { username: 'dora', following: [ids.alice], articles: [{ title: 'D1', comments: [{ body: 'dora on D1', authorId: ids.alice }] }] }
    const response = await app.send('POST', '/signup-omit', body)
    expect(response.status).toBe(200)
    const dora = (await response.json()) as number
    expect(await Writer.init(dora)).toMatchObject({ username: 'dora', following: [ids.alice], articles: [{ title: 'D1', comments: [{ body: 'dora on D1' }] }] })
    // the same bounds as input('a'): a list over its max is a 400 naming it
    const tooMany = await app.send('POST', '/signup-omit', { username: 'eve', following: Array.from({ length: 1001 }, (_, index) => index) })
    expect(tooMany.status).toBe(400)
    expect(await tooMany.text()).toContain('following')
    expect(await Writer.serialize({ username: 'eve' })).toEqual([])
  })
})
