/**
 * src/orm/write-plan.ts: a schema's write compiled once per schema and schema module — its
 * table's keys, unique keys, owner columns and `$onUpdate` stamps, its declared writable columns
 * (with the foreign keys of its to-one relations), its relation lists (a key list through a
 * junction with the junction's owner and key columns, nested to-many rows) — and what the plan
 * answers about a value (insert or update, the list it gives, a relation's owner condition).
 */
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'
import {
  givenList,
  keyGiven,
  ownedBy,
  tablePlanOf,
  valueKindOf,
  writeModeOf,
  writePlanOf,
} from '../../src/orm/write-plan'
import * as schema from './fixtures/conduit-tables'

const { articles, articleTags, comments, tags, users } = schema
const defOf = (declared: unknown) => (declared as AnyOrmSchema)[DEF]

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

describe('tablePlanOf', () => {
  it("reads a table's write facts once: keys, what an insert returns, the $onUpdate stamps, unique keys and owner columns", () => {
    const plan = tablePlanOf(articles)
    expect(plan).toBe(tablePlanOf(articles))
    expect(plan.name).toBe('conduit_articles')
    expect(plan.keys).toEqual(['id'])
    expect(plan.returning).toEqual({ id: articles.id })
    expect(plan.stamped.map(([key]) => key)).toEqual(['updatedAt'])
    expect(plan.insertDefaults).toEqual(['updatedAt'])
    expect(plan.uniques).toEqual([['id'], ['slug']])
    expect(plan.owners).toEqual(['authorId'])
    expect(plan.width).toBe(7)
    expect(tablePlanOf(articleTags).keys).toEqual(['articleId', 'tagId'])
    expect(tablePlanOf(tags).uniques).toEqual([['id'], ['name']])
  })
})

describe('writePlanOf', () => {
  it('compiles a schema once per schema module, and again under another module', () => {
    const plan = writePlanOf(schema, defOf(ArticleRow))
    expect(writePlanOf(schema, defOf(ArticleRow))).toBe(plan)
    expect(writePlanOf({ ...schema }, defOf(ArticleRow))).not.toBe(plan)
  })

  it('declares the column fields and the to-one relations\' foreign keys writable, each with its value check', () => {
    const plan = writePlanOf(schema, defOf(ArticleRow))
    expect([...plan.writableKeys]).toEqual(['id', 'slug', 'title', 'authorId'])
    expect(plan.writable.map(({ key, kind }) => [key, kind])).toEqual([['id', 'scalar'], ['slug', 'scalar'], ['title', 'scalar'], ['authorId', 'scalar']])
    expect(plan.declaresKey).toBe(true)
    expect(writePlanOf(schema, defOf(Tag)).declaresKey).toBe(true)
    expect(writePlanOf(schema, defOf(orm.Schema(tags, { name: true }))).declaresKey).toBe(false)
    expect(valueKindOf(articles.createdAt)).toBe('date')
  })

  it('resolves the relation lists it writes: a key list through the junction, nested rows; a read-only path is a list but no write', () => {
    const plan = writePlanOf(schema, defOf(ArticleRow))
    expect(plan.lists.map((field) => field.out)).toEqual(['author', 'tagIds', 'tagNames', 'comments'])
    const [tagIds, nested] = plan.relations
    expect(plan.relations).toHaveLength(2)
    expect(tagIds).toMatchObject({ column: 'tagId', keyColumn: articleTags.tagId, max: 5, ownerKeys: ['articleId'] })
    expect(tagIds?.link.target).toBe(articleTags)
    expect(nested?.child).toBe(defOf(Comment))
    expect(nested?.ownerKeys).toEqual(['articleId'])
  })
})

describe('what the plan answers about a value', () => {
  const plan = writePlanOf(schema, defOf(ArticleRow))

  it('an update when the value gives the declared key (not with mustCreate), else an insert', () => {
    expect(writeModeOf(plan, { id: 3, title: 't' })).toBe('w')
    expect(writeModeOf(plan, { id: 3 }, true)).toBe('a')
    expect(writeModeOf(plan, { id: null, title: 't' })).toBe('a')
    expect(writeModeOf(writePlanOf(schema, defOf(orm.Schema(articles, { title: true }))), { id: 3 })).toBe('a')
    expect(keyGiven(tablePlanOf(articleTags), { articleId: 1 })).toBe(false)
    expect(keyGiven(tablePlanOf(articleTags), { articleId: 1, tagId: 2 })).toBe(true)
  })

  it('the list a relation field is given, under its output key or its own key', () => {
    const field = plan.relations[0]?.field
    if (!field) throw new Error('no relation')
    expect(givenList(field, { tagIds: [1, 2] })).toEqual([1, 2])
    expect(givenList(field, { tagIds: 'x' })).toBeUndefined()
  })

  it("a to-many relation's rows owned by the parent: the condition and the owner values new rows get", () => {
    const relation = plan.relations[0]
    if (!relation) throw new Error('no relation')
    const owned = ownedBy(relation, { id: 7, title: 't' })
    expect(owned.values).toEqual({ articleId: 7 })
    expect(owned.where).toBeDefined()
  })
})
