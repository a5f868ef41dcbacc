/**
 * SPEC §10.2 "Types": `orm.Field` outputs are typed from their column (a
 * same-table path, `orm.Field({ ... })` on the field's own column), their
 * `type`, their nested `schema`, an expression or a computed function's return;
 * `save()` accepts the relation key lists and nested rows it accepts at run time.
 */
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { articles, comments, users } from '../../examples/blog/tables'

const CommentSchema = orm.Schema(comments, { id: true, body: true })
const ArticleSchema = orm.Schema(articles, {
  id: true,
  heading: orm.Field('title'),
  content: orm.Field({ mode: 'ra' }),
  authorName: orm.Field('author.username'),
  comments: orm.Field('comments', { schema: [CommentSchema], mode: 'rwa' }),
  first: orm.Field('comments', { schema: CommentSchema }),
  words: orm.Field('content', { type: v.pipe(v.string(), v.transform((text) => text.split(' ').length)) }),
  commentsNum: orm.Field(orm.Count('comments')),
  hasComments: orm.Field(orm.Exists('comments')),
  shout: orm.Computed((row) => String(row.title).toUpperCase(), ['title']),
  inline: [CommentSchema],
})
const UserSchema = orm.Schema(users, { id: true, username: true, followings: orm.Field('following.followingId', { mode: 'wa' }) })

describe('orm.Field outputs', () => {
  it('are typed from the column, type, schema, expression or function', () => {
    type Article = orm.OutputOf<typeof ArticleSchema>
    expectTypeOf<Article['heading']>().toEqualTypeOf<string>()
    expectTypeOf<Article['content']>().toEqualTypeOf<string>()
    expectTypeOf<Article['comments']>().toEqualTypeOf<{ id: number; body: string }[]>()
    expectTypeOf<Article['first']>().toEqualTypeOf<{ id: number; body: string } | null>()
    expectTypeOf<Article['words']>().toEqualTypeOf<number>()
    expectTypeOf<Article['commentsNum']>().toEqualTypeOf<number | null>()
    expectTypeOf<Article['hasComments']>().toEqualTypeOf<boolean>()
    expectTypeOf<Article['shout']>().toEqualTypeOf<string>()
    // a path through relations: the related table is known only from the schema module at run time
    expectTypeOf<Article['authorName']>().toEqualTypeOf<unknown>()
  })
})

describe('save() input', () => {
  it('accepts nested rows of a to-many schema and key lists through a junction', () => {
    expectTypeOf(ArticleSchema.save).toBeCallableWith({ title: 't', authorId: 1, comments: [{ body: 'hi' }, { id: 2, body: 'kept' }] })
    expectTypeOf(ArticleSchema.save).toBeCallableWith({ title: 't', authorId: 1, inline: [{ body: 'hi' }] })
    expectTypeOf(UserSchema.save).toBeCallableWith({ username: 'bob', followings: [2, 3] })
    expectTypeOf(UserSchema.bulkSave).toBeCallableWith([{ username: 'bob', followings: [2] }, { username: 'eve' }])
    expectTypeOf(ArticleSchema.save).toBeCallableWith({ slug: 'x' } as never, { onConflict: 'ignore' })
  })
  it('refuses what it does not write: unknown keys, a nested row of the wrong shape, a bad onConflict', () => {
    // @ts-expect-error not a column nor a relation field of the schema
    void ArticleSchema.save({ title: 't', authorId: 1, nope: 1 })
    // @ts-expect-error a nested comment's body is a string
    void ArticleSchema.save({ title: 't', authorId: 1, comments: [{ body: 3 }] })
    // @ts-expect-error an aggregate is output only
    void ArticleSchema.save({ title: 't', authorId: 1, commentsNum: [1] })
    // @ts-expect-error 'merge' is not an onConflict
    void ArticleSchema.save({ title: 't', authorId: 1 }, { onConflict: 'merge' })
  })
  it('delete returns the number of rows', () => {
    expectTypeOf(ArticleSchema.delete({ id: 3 })).resolves.toEqualTypeOf<number>()
    expectTypeOf(ArticleSchema.delete([1, 2])).resolves.toEqualTypeOf<number>()
  })
})
