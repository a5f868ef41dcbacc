/**
 * `bulkSave` with the relation fields `save` writes (UtilMeta's
 * `bulk_save`): key lists through a junction and nested to-many rows, every
 * row and relation in one transaction, on PGlite and a real Postgres.
 */
import { asc, eq } from 'drizzle-orm'
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, comments, follows, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const CommentWrite = orm.Schema(comments, { id: true, body: true, authorId: true })
const ArticleWrite = orm.Schema(articles, { id: true, title: true, comments: orm.Field('comments', { schema: [CommentWrite], mode: 'rwa' }) })
const Writer = orm.Schema(users, {
  id: true,
  username: true,
  following: orm.Field('following.followingId', { mode: 'raw' }),
  articles: orm.Field('articles', { schema: [ArticleWrite], mode: 'rwa' }),
})
const Names = orm.Schema(users, { id: true, username: true })

describe.each(engines)('bulkSave with relations on %s', (engine) => {
  let db: EngineDb
  let alice = 0
  let bob = 0

  beforeAll(async () => {
    db = await openEngine(engine)
    ;[alice = 0, bob = 0] = await Names.bulkSave([{ username: 'alice' }, { username: 'bob' }])
  })
  afterAll(() => db?.stop())

  /** The followed ids of `id`, sorted (read straight from the junction table). */
  async function followed(id: number): Promise<number[]> {
    const rows = await (await db.database.db()).select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, id)).orderBy(asc(follows.followingId))
    return rows.map((row) => row.id)
  }

  /** Article titles with their comment bodies, of `authorId`. */
  async function written(authorId: number): Promise<Record<string, string[]>> {
    const rows = await orm.Schema(articles, { title: true, comments: [orm.Schema(comments, { body: true })] }).serialize({ authorId })
    return Object.fromEntries(rows.map((row) => [row.title, row.comments.map((comment) => comment.body).sort()]))
  }

  it('saves key lists through the junction and nested to-many rows of every row, in one transaction', async () => {
    db.connections.activate()
    const rows = [
      { username: 'carol', following: [alice, bob], articles: [{ title: 'c1', comments: [{ body: 'x', authorId: alice }, { body: 'y', authorId: bob }] }, { title: 'c2' }] },
      { username: 'dave', following: [alice] },
      { username: 'erin' },
    ]
    const [carol = 0, dave = 0, erin = 0] = await Writer.bulkSave(rows)
    expect(await followed(carol)).toEqual([alice, bob].sort((a, b) => a - b))
    expect(await followed(dave)).toEqual([alice])
    expect(await followed(erin)).toEqual([])
    expect(await written(carol)).toEqual({ c1: ['x', 'y'], c2: [] })
    expect((await Names.serialize([carol, dave, erin])).map((row) => row.username)).toEqual(['carol', 'dave', 'erin'])

    // keyed rows update: a new key list replaces the junction rows, nested rows absent from the list are deleted
    const updates = [
      { id: carol, username: 'carol', following: [bob], articles: [{ title: 'c3' }] },
      { id: dave, username: 'dave2', following: [] },
    ]
    expect(await Writer.bulkSave(updates)).toEqual([carol, dave])
    expect(await followed(carol)).toEqual([bob])
    expect(await followed(dave)).toEqual([])
    expect(await written(carol)).toEqual({ c3: [] })
    expect((await Names.init(dave)).username).toBe('dave2')
  })

  it('rolls every row back when one row or one of its relations fails', async () => {
    db.connections.activate()
    const before = (await Names.serialize()).map((row) => row.username).sort()
    const missing = 987654
    // the first row is fine; the second follows a user that does not exist (a foreign-key 400)
    const failingRelation = [
      { username: 'frank', following: [alice], articles: [{ title: 'f1', comments: [{ body: 'z', authorId: bob }] }] },
      { username: 'gina', following: [missing] },
    ]
    await expect(Writer.bulkSave(failingRelation)).rejects.toBeInstanceOf(exceptions.BadRequest)
    // the last row itself fails (a duplicate username: 409) after rows with relations were written
    const failingRow = [{ username: 'hank', following: [bob], articles: [{ title: 'h1' }] }, { username: 'alice' }]
    await expect(Writer.bulkSave(failingRow)).rejects.toBeInstanceOf(exceptions.Conflict)
    // an update of alice's follows before the failing row is undone too
    const failingUpdate = [{ id: alice, username: 'alice', following: [bob] }, { username: 'ivy', articles: [{ title: 'i1', comments: [{ body: 'w', authorId: missing }] }] }]
    await expect(Writer.bulkSave(failingUpdate)).rejects.toBeInstanceOf(exceptions.BadRequest)

    expect((await Names.serialize()).map((row) => row.username).sort()).toEqual(before)
    expect(await followed(alice)).toEqual([])
    for (const title of ['f1', 'h1', 'i1']) expect(await orm.Schema(articles, { id: true }).serialize({ title })).toEqual([])
    expect(await orm.Schema(comments, { id: true }).serialize({ body: 'z' })).toEqual([])
  })
})
