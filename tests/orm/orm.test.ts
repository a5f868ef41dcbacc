/**
 * orm.Schema / orm.Query against both engines: the serialised tree, statement
 * counts (one per serialize, whatever the row count: no N+1), save / bulkSave
 * transactions, and constraint errors mapped to 409 / 400.
 */
import { eq } from 'drizzle-orm'
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { compileChecker, Invalid } from '../../src/schema/parse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArticleQuery, ArticleSchema, UserSchema } from '../../examples/blog/api'
import { articles, comments, follows, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const FollowSchema = orm.Schema(follows, { followerId: true, followingId: true })
const CommentSchema = orm.Schema(comments, { id: true, body: true, articleId: true, authorId: true })
const WriterSchema = orm.Schema(users, { id: true, username: true, hasArticles: orm.Exists('articles'), followers: orm.Count('followers') })
const Deep = orm.Schema(comments, { id: true, article: orm.Schema(articles, { id: true, author: orm.Schema(users, { username: true }) }) })

/** Convert then validate `input` as a request would (throws on invalid input). */
function parse(schema: Parameters<typeof compileChecker>[0], input: unknown): unknown {
  const output = compileChecker(schema)(input)
  if (output instanceof Invalid) throw new Error(output.reason)
  return output
}
const parseQuery = (input: Record<string, unknown>) => parse(ArticleQuery, input) as orm.QueryOf<typeof ArticleQuery>

describe.each(engines)('orm on %s', (engine) => {
  let db: EngineDb
  let alice: number
  let bob: number
  const ARTICLES = 60

  beforeAll(async () => {
    db = await openEngine(engine)
    const userIds = await UserSchema.bulkSave([{ username: 'alice' }, { username: 'bob' }])
    if (userIds[0] === undefined || userIds[1] === undefined) throw new Error('bulkSave returned no ids')
    ;[alice, bob] = [userIds[0], userIds[1]]
    const rows = Array.from({ length: ARTICLES }, (_, index) => ({
      authorId: index % 3 === 0 ? bob : alice,
      title: `title ${String(index).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
    }))
    // a write sets only the columns its schema declares (SPEC §10.2): the seed declares createdAt
    const ids = await orm.Schema(articles, { id: true, authorId: true, title: true, createdAt: true }).bulkSave(rows)
    await CommentSchema.bulkSave(ids.flatMap((articleId, index) => Array.from({ length: index % 4 }, (_, n) => ({ articleId, authorId: n % 2 ? alice : bob, body: `c${n}` }))))
  })
  afterAll(() => db?.stop())

  it('serializes the whole tree in ONE statement, whatever the row count', async () => {
    db.connections.activate()
    db.statements.length = 0
    const rows = await ArticleSchema.serialize()
    expect(rows).toHaveLength(ARTICLES)
    expect(db.statements).toHaveLength(1)
    const third = rows.find((row) => row.title === 'title 03')
    expect(third).toMatchObject({ content: '', commentsNum: 3, author: { id: bob, username: 'bob', articlesNum: 20 } })
    expect(third?.comments.map((comment) => comment.body).sort()).toEqual(['c0', 'c1', 'c2'])
    expect(Object.keys(third ?? {}).sort()).toEqual(['author', 'comments', 'commentsNum', 'content', 'id', 'title'])
    // every row's aggregates agree with its lists
    for (const row of rows) expect(row.commentsNum).toBe(row.comments.length)
    // the rows are the valibot schema's output
    expect(v.safeParse(v.array(ArticleSchema), rows).success).toBe(true)
  })

  it('Count / Exists are SQL aggregates, nested schemas three levels deep are still one statement', async () => {
    await FollowSchema.save({ followerId: alice, followingId: bob })
    await FollowSchema.save({ followerId: alice, followingId: bob }) // a key-only row: inserted once
    db.statements.length = 0
    const writers = await WriterSchema.serialize({ id: [alice, bob] })
    expect(db.statements).toHaveLength(1)
    expect(db.statements[0]).toMatch(/count\(\*\)/)
    expect(db.statements[0]).toMatch(/exists \(select 1/)
    expect(writers.map((writer) => [writer.username, writer.hasArticles, writer.followers]).sort()).toEqual([['alice', true, 0], ['bob', true, 1]])
    db.statements.length = 0
    const deep = await Deep.serialize({ 'article.author.username': 'bob' })
    expect(db.statements).toHaveLength(1)
    expect(deep).toHaveLength(30) // the seed's comments on bob's articles
    for (const row of deep) expect(row.article?.author?.username).toBe('bob')
  })

  it('orm.Query: relation filters, ranges, order, offset/limit, page and count()', async () => {
    db.statements.length = 0
    const query = parseQuery({ author: 'bob', within: '2024-01-10', order: ['-createdAt'], offset: '1', limit: '5' })
    const rows = await ArticleSchema.serialize(query)
    expect(db.statements).toHaveLength(1)
    expect(rows.map((row) => row.title)).toEqual(['title 54', 'title 51', 'title 48', 'title 45', 'title 42'])
    expect(rows.every((row) => row.author?.username === 'bob')).toBe(true)
    expect(await query.count()).toBe(17) // bob's articles from day 10 on (index 9..57 step 3), offset/limit ignored
    expect(db.statements).toHaveLength(2)
    const byTitle = await ArticleSchema.serialize(parseQuery({ order: 'title', limit: '3' }))
    expect(byTitle.map((row) => row.title)).toEqual(['title 00', 'title 01', 'title 02'])
    expect(await parseQuery({}).count()).toBe(ARTICLES)
    expect(() => parseQuery({ limit: '101' })).toThrow()
    expect(() => parseQuery({ order: 'content' })).toThrow()
    const Paged = orm.Query(articles, { page: orm.Page(), size: orm.Limit({ max: 10 }), order: orm.OrderBy(['id']) })
    const page2 = await ArticleSchema.serialize(parse(Paged, { page: '2', size: '10', order: 'id' }) as orm.QueryOf<typeof Paged>)
    expect(page2.map((row) => row.title)).toEqual(Array.from({ length: 10 }, (_, index) => `title ${String(10 + index)}`))
  })

  it('init(id) serialises one row; a missing key is 404', async () => {
    const [first] = await ArticleSchema.serialize(parseQuery({ order: 'title', limit: '1' }))
    expect(await ArticleSchema.init(first?.id ?? -1)).toEqual(first)
    await expect(ArticleSchema.init(987654)).rejects.toBeInstanceOf(exceptions.NotFound)
  })

  it('save inserts without a key and updates with it', async () => {
    const id = await ArticleSchema.save({ authorId: alice, title: 'draft' })
    expect(typeof id).toBe('number')
    db.statements.length = 0
    expect(await ArticleSchema.save({ id, title: 'final', content: 'text' })).toBe(id)
    expect(db.statements).toEqual([expect.stringMatching(/^update "articles" set/)])
    expect(await ArticleSchema.init(id)).toMatchObject({ id, title: 'final', content: 'text', author: { username: 'alice' } })
    await expect(ArticleSchema.save({ id: 987654, title: 'x' })).rejects.toBeInstanceOf(exceptions.NotFound)
    const [row] = await ArticleSchema.serialize(eq(articles.id, id))
    expect(row?.title).toBe('final')
  })

  it('bulkSave inserts in one statement inside one transaction, and a failure writes nothing', async () => {
    db.statements.length = 0
    const keys = await UserSchema.bulkSave([{ username: 'u1' }, { username: 'u2' }, { username: 'u3' }])
    expect(keys).toHaveLength(3)
    expect(db.statements.filter((sql) => sql.startsWith('insert'))).toHaveLength(1)
    const before = await UserSchema.serialize()
    // the third row violates the unique username: the first two must not stay
    const failing = UserSchema.bulkSave([{ username: 'u4' }, { username: 'u5' }, { username: 'alice' }])
    await expect(failing).rejects.toBeInstanceOf(exceptions.Conflict)
    // an update that fails after an insert succeeded: the insert is rolled back too
    await expect(ArticleSchema.bulkSave([{ authorId: alice, title: 'kept?' }, { id: 987654, title: 'missing' }])).rejects.toBeInstanceOf(exceptions.NotFound)
    const after = await UserSchema.serialize()
    expect(after.map((user) => user.username).sort()).toEqual(before.map((user) => user.username).sort())
    expect(await ArticleSchema.serialize({ title: 'kept?' })).toEqual([])
  })

  it('maps constraint violations to 409 / 400 naming the field, never the constraint or the driver text', async () => {
    const unique = await UserSchema.save({ username: 'alice' }).catch((error: unknown) => error)
    expect(unique).toBeInstanceOf(exceptions.Conflict)
    const conflict = unique as exceptions.HttpError
    expect(conflict.status).toBe(409)
    expect(conflict.message).toBe('users.username must be unique: a row with this username already exists')
    expect(conflict.errors).toEqual([{ in: 'body', name: 'username', path: ['username'], message: conflict.message }])
    const foreign = (await ArticleSchema.save({ authorId: 987654, title: 'orphan' }).catch((error: unknown) => error)) as exceptions.HttpError
    expect(foreign).toBeInstanceOf(exceptions.BadRequest)
    expect(foreign.status).toBe(400)
    expect(foreign.message).toBe('articles.authorId refers to a row that does not exist')
    const missing = (await ArticleSchema.save({ authorId: alice }).catch((error: unknown) => error)) as exceptions.HttpError
    expect(missing).toBeInstanceOf(exceptions.BadRequest)
    expect(missing.message).toMatch(/^articles\.title is required/)
    for (const error of [conflict, foreign, missing]) expect(error.message).not.toMatch(/Failed query|insert into|params:/)
  })

  it('input() is a valibot schema: declared columns plus to-one foreign keys, omit and partial', () => {
    const input = ArticleSchema.input({ omit: ['id'] })
    expect(Object.keys((input as unknown as { entries: object }).entries).sort()).toEqual(['authorId', 'content', 'title'])
    expect(v.safeParse(input, { title: 't', authorId: 1 }).success).toBe(true)
    const bad = v.safeParse(input, { title: 5, authorId: 1 })
    expect(bad.success).toBe(false)
    expect(bad.issues?.[0]?.path?.map((item) => item.key)).toEqual(['title'])
    expect(v.safeParse(ArticleSchema.input({ partial: true }), {}).success).toBe(true)
  })
})
