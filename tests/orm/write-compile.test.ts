/**
 * src/orm/write-compile.ts: a schema's write compiled from drizzle's table and relations — the
 * table's keys, unique keys, owner columns and `$onUpdate` stamps; the schema's declared writable
 * columns (with its to-one relations' foreign keys) and their value checks; its relation lists (a
 * key list through a junction with the junction's owner and key columns, nested to-many rows).
 * The plans kept per schema module and what they answer per call: tests/orm/write-plan.test.ts.
 */
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'
import { compileWritePlan, readTablePlan, valueKindOf } from '../../src/orm/write-compile'
import * as schema from './fixtures/conduit-tables'

const { articles, articleTags, comments, tags, users } = schema
const defOf = (declared: unknown) => (declared as AnyOrmSchema)[DEF]
const compiled = (declared: unknown) => {
  const def = defOf(declared)
  return compileWritePlan(schema, def, readTablePlan(def.table))
}

const Comment = orm.Schema(comments, { id: true, body: true, authorId: true })
const Author = orm.Schema(users, { id: true, username: true })
const ArticleRow = orm.Schema(articles, {
  id: true, slug: true, title: true,
  author: Author,
  tagIds: orm.Field('articleTags.tagId', { mode: 'wa', max: 5 }),
  tagNames: orm.Field('articleTags.tag.name'),
  comments: orm.Field('comments', { schema: [Comment], mode: 'rwa' }),
})
const Tag = orm.Schema(tags, { id: true, name: true })

describe('readTablePlan', () => {
  it("reads a table's write facts: keys, what an insert returns, the $onUpdate stamps, unique keys and owner columns", () => {
    const plan = readTablePlan(articles)
    expect(plan.name).toBe('conduit_articles')
    expect(plan.keys).toEqual(['id'])
    expect(plan.returning).toEqual({ id: articles.id })
    expect(plan.stamped.map(([key]) => key)).toEqual(['updatedAt'])
    expect(plan.insertDefaults).toEqual(['updatedAt'])
    expect(plan.uniques).toEqual([['id'], ['slug']])
    expect(plan.owners).toEqual(['authorId'])
    expect(plan.width).toBe(7)
    expect(readTablePlan(articleTags).keys).toEqual(['articleId', 'tagId'])
    expect(readTablePlan(tags).uniques).toEqual([['id'], ['name']])
  })
})

describe('compileWritePlan', () => {
  it("declares the column fields and the to-one relations' foreign keys writable, each with its value check", () => {
    const plan = compiled(ArticleRow)
    expect([...plan.writableKeys]).toEqual(['id', 'slug', 'title', 'authorId'])
    expect(plan.writable.map(({ key, kind }) => [key, kind])).toEqual([['id', 'scalar'], ['slug', 'scalar'], ['title', 'scalar'], ['authorId', 'scalar']])
    expect(plan.declaresKey).toBe(true)
    expect(compiled(Tag).declaresKey).toBe(true)
    expect(compiled(orm.Schema(tags, { name: true })).declaresKey).toBe(false)
    expect([valueKindOf(articles.createdAt), valueKindOf(articles.title)]).toEqual(['date', 'scalar'])
  })

  it('resolves the relation lists it writes: a key list through the junction, nested rows; a read-only path is a list but no write', () => {
    const plan = compiled(ArticleRow)
    expect(plan.lists.map((field) => field.out)).toEqual(['author', 'tagIds', 'tagNames', 'comments'])
    const [tagIds, nested] = plan.relations
    expect(plan.relations).toHaveLength(2)
    expect(tagIds).toMatchObject({ column: 'tagId', keyColumn: articleTags.tagId, max: 5, ownerKeys: ['articleId'] })
    expect(tagIds?.link.target).toBe(articleTags)
    expect(nested?.child).toBe(defOf(Comment))
    expect(nested?.ownerKeys).toEqual(['articleId'])
  })
})
