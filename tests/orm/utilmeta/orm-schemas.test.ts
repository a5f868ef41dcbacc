/**
 * utilmeta-py tests/test_1_orm/test_orm_schemas.py, ported: declaration checks
 * (a schema over a wrong relation, a path or aggregate over nothing, a declared
 * type the column cannot become) are `ImproperlyConfigured` when declared, and
 * a to-many path's field type is a list of the column's type.
 */
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileChecker, Invalid } from '../../../src/schema/parse'
import { ContentSchema } from './schema'
import * as tables from './tables'

const { article, user } = tables

describe('UtilMeta test_orm_schemas', () => {
  let connections: orm.DatabaseConnections
  beforeAll(() => {
    // declaration checks need the schema module (relations): active connections (nothing is opened)
    connections = new orm.DatabaseConnections({ default: new orm.Database({ engine: 'pglite', schema: tables }) }).activate()
  })
  afterAll(() => connections.close())

  it('test_incorrect_related_model', () => {
    expect(() => orm.Schema(user, { followers: orm.Field('userFollowers.user', { schema: [ContentSchema] }) })).toThrow(exceptions.ImproperlyConfigured)
  })

  it('test_multiple_single_field_type', () => {
    const UserTestSchema = orm.Schema(user, { followerNames: orm.Field('userFollowers.user.username') })
    const ft = UserTestSchema.entries.followerNames as v.GenericSchema
    const check = compileChecker(ft)
    expect(check([1, 2])).toEqual(['1', '2'])
    expect(check(['a'.repeat(30)])).toBeInstanceOf(Invalid)
  })

  it('test_non_exists_fields', () => {
    expect(() => orm.Schema(user, { notExistsField: orm.Field('notExistsField') })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(user, { notExistsAddon: orm.Field('username.notExists') })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(user, { notExistsRelField: orm.Field('articles.notExists') })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(article, { notExistsFkField: orm.Field('author.notExists') })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(article, { notExistsLk: orm.Field('author__contains') })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(article, { id: true, notExists: orm.Count('notExists') })).toThrow(exceptions.ImproperlyConfigured)
  })

  it('test_transform_fields', () => {
    const ArticleTestSchema = orm.Schema(article, { createdYear: orm.Field('createdAt.year'), firstTag: orm.Field('tags__0', { type: v.string() }) })
    // utype's Year: an integer year
    const year = ArticleTestSchema.entries.createdYear as v.GenericSchema
    expect(v.is(year, 2024)).toBe(true)
    expect(v.is(year, 'x')).toBe(false)
    expect(() => orm.Schema(user, { latestArticleYear: orm.Max('contents.article.createdAt.year') })).not.toThrow()
  })

  it('test_lookup_fields', () => {
    expect(() => orm.Schema(article, { authorName: orm.Field('author.username', { type: v.number() }) })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(article, { title: orm.Field({ type: v.number() }) })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Schema(article, { createdAt: orm.Field({ type: v.number() }) })).not.toThrow() // a timestamp
  })
})
