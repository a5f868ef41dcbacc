/**
 * utilmeta-py's tests/test_1_orm/test_prepare_data.py: the peer's data, through
 * the ported schemas (`UserSchema[orm.A].bulk_save` → `input('a')` + `bulkSave`).
 */
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { expect } from 'vitest'
import { ArticleSchema, UserSchema } from './schema'
import { createTables } from './sql'
import * as tables from './tables'

/** The database alias (the peer puts it in every article's tags as `db_using`). */
export const DB_USING = 'default'

const Follow = orm.Schema(tables.follow, { id: true, userId: true, targetId: true })
const Comment = orm.Schema(tables.comment, { id: true, authorId: true, onContentId: true, content: true, public: true })
const Liked = orm.Schema(tables.liked, { contentId: true, userId: true })

/** Create the tables and load the peer's data; returns nothing, asserts what the peer asserts. */
export async function prepareData(database: orm.Database): Promise<void> {
  await database.execute(createTables)
  const users = [
    { id: 1, username: 'alice', password: 'alice123' },
    { id: 2, username: 'bob', password: 'bob123' },
    { id: 3, username: 'jack', password: 'jack123' },
    { id: 4, username: 'tony', password: 'tony123' },
    { id: 5, username: 'supervisor', admin: true, password: 'sudo-123' },
  ]
  await UserSchema.bulkSave(users.map(({ id, admin: _admin, ...row }) => ({ id, ...(v.parse(UserSchema.input('a'), row) as object) })), { mustCreate: true })
  // UserSchema does not declare `admin`, so its save never writes it (SPEC §10.2): a schema that declares it does
  await orm.Schema(tables.user, { id: true, admin: true }).bulkSave(users.filter((row) => row.admin).map(({ id, admin }) => ({ id, admin })))
  await Follow.bulkSave([
    { id: 1, targetId: 1, userId: 2 },
    { id: 2, targetId: 1, userId: 3 },
    { id: 3, targetId: 2, userId: 1 },
    { id: 4, targetId: 2, userId: 4 },
    { id: 5, targetId: 3, userId: 2 },
  ], { mustCreate: true })
  const articles = [
    { id: 1, authorId: 2, title: 'big shot', content: 'big shot content', views: 10, tags: ['shock', 'head', DB_USING] },
    { id: 2, authorId: 2, title: 'Some News', content: 'news content', views: 3, tags: [DB_USING, 'news'] },
    { id: 3, authorId: 2, title: 'this is a huge one', content: 'huge one', views: 0, tags: [DB_USING] },
    { id: 4, authorId: 1, title: 'About tech', content: 'tech', views: 103 },
    { id: 5, authorId: 4, title: 'nothing really matter', content: 'nothing', views: 17, public: false },
  ]
  await ArticleSchema.bulkSave(articles.map(({ id, ...row }) => ({ id, ...(v.parse(ArticleSchema.input('a'), row) as object) })), { mustCreate: true })
  await Comment.bulkSave([
    { id: 6, authorId: 1, onContentId: 1, content: 'nice one', public: true },
    { id: 7, authorId: 3, onContentId: 1, content: 'nice two', public: true },
    { id: 8, authorId: 2, onContentId: 2, content: 'lol!', public: true },
    { id: 9, authorId: 4, onContentId: 4, content: 'wow', public: true },
    { id: 10, authorId: 5, onContentId: 4, content: 'brilliant~', public: true },
  ], { mustCreate: true })
  await database.execute(`SELECT setval('user_id_seq', 5); SELECT setval('follow_id_seq', 5); SELECT setval('content_id_seq', 10);`)
  const likes: [number, number[]][] = [[1, [1, 3, 4]], [2, [5]], [3, [2, 5]], [4, [1, 2]], [6, [1, 2, 4, 5]], [7, [2, 3]]]
  await Liked.bulkSave(likes.flatMap(([contentId, userIds]) => userIds.map((userId) => ({ contentId, userId }))))

  const ContentIds = orm.Schema(tables.content, { id: true, public: true, type: true })
  const all = await ContentIds.serialize()
  expect(all.filter((row) => row.type === 'article').map((row) => row.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5])
  expect(all.filter((row) => row.type === 'comment').map((row) => row.id).sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10])
  expect(all.filter((row) => row.public).length).toBe(9)
}
