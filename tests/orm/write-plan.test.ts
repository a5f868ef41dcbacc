/**
 * src/orm/write-plan.ts: a schema's write plan kept once per schema and schema module (compiled by
 * orm/write-compile.ts: tests/orm/write-compile.test.ts), and what it answers per call — insert or
 * update, the list a field is given, a relation's owner condition — and the value checked against
 * it before any SQL: the declared row (undeclared keys dropped, types checked, a NUL byte or a
 * prototype key a 400) and the size bound (413). Over HTTP: tests/orm/declared-writes.test.ts,
 * tests/orm/bounds.test.ts.
 */
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { BadRequest, RequestEntityTooLarge } from '../../src/exceptions'
import { assertSafe } from '../../src/orm/safe'
import { DEF, type AnyOrmSchema } from '../../src/orm/types'
import {
  checkWriteSize,
  declaredRow,
  givenList,
  keyGiven,
  ownedBy,
  tablePlanOf,
  writeModeOf,
  writePlanOf,
} from '../../src/orm/write-plan'
import * as schema from './fixtures/conduit-tables'

const { articles, articleTags, comments, users } = schema
const defOf = (declared: unknown) => (declared as AnyOrmSchema)[DEF]

const Comment = orm.Schema(comments, { id: true, body: true, authorId: true })
const Author = orm.Schema(users, { id: true, username: true })
const ArticleRow = orm.Schema(articles, {
  id: true, slug: true, title: true, createdAt: true,
  author: Author,
  tagIds: orm.Field('articleTags.tagId', { mode: 'wa', max: 5 }),
  comments: orm.Field('comments', { schema: [Comment], mode: 'rwa', max: 3 }),
})

describe('writePlanOf and tablePlanOf', () => {
  it('keep one plan per schema and schema module (another module compiles its own), one per table', () => {
    const plan = writePlanOf(schema, defOf(ArticleRow))
    expect(writePlanOf(schema, defOf(ArticleRow))).toBe(plan)
    expect(writePlanOf({ ...schema }, defOf(ArticleRow))).not.toBe(plan)
    expect(plan.table).toBe(tablePlanOf(articles))
    expect(tablePlanOf(articles)).toBe(tablePlanOf(articles))
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

describe('the value checked against the plan', () => {
  const plan = writePlanOf(schema, defOf(ArticleRow))

  it('declaredRow: only the declared columns, an ISO date converted, a wrong type a 400 naming the field', () => {
    const row = declaredRow(plan, { title: 't', isAdmin: true, tagIds: [1], authorId: 2, createdAt: '2024-01-31' }, [])
    expect(Object.keys(row)).toEqual(['title', 'createdAt', 'authorId'])
    expect(row.createdAt).toBeInstanceOf(Date)
    expect(() => declaredRow(plan, { title: 't', createdAt: 5 }, [0])).toThrow('[0].createdAt: expected a date-time')
    expect(() => declaredRow(plan, { title: { x: 1 } }, [])).toThrow(BadRequest)
    expect(() => declaredRow(plan, { title: 'ok', tagIds: ['a\0'] }, [])).toThrow('a NUL byte is not allowed')
  })

  it("declaredRow and checkWriteSize refuse what assertSafe refuses, with its 400, whether the plan knows the keys or not", () => {
    expect([...plan.knownKeys].sort()).toEqual(['author', 'authorId', 'comments', 'createdAt', 'id', 'slug', 'tagIds', 'title'])
    const options = { maxRows: 10, listed: false, relations: true }
    const values: Record<string, unknown>[] = [
      { title: 'a\0b' }, // a known key, a NUL byte
      { title: 'ok', tagIds: [1, 'x\0'] }, // in a known list
      { title: 'ok', note: 'n\0' }, // an unknown key's value
      JSON.parse('{"title": "ok", "__proto__": {"x": 1}}'), // a prototype key (never a known one)
      { title: 'ok', constructor: 1 },
      { title: 'ok', createdAt: new Date(0), comments: [{ body: 'c\0' }] }, // a nested row
      { title: 'ok', tagIds: [[1, '\0']] }, // a nested list
    ]
    for (const value of values) {
      const expected = (() => {
        try {
          assertSafe(value, 'body', plan.def.name)
        } catch (error) {
          return error as BadRequest
        }
        throw new Error(`assertSafe passed ${JSON.stringify(value)}`)
      })()
      for (const check of [() => declaredRow(plan, value, []), () => checkWriteSize(plan, [value], options)]) {
        const error = (() => {
          try {
            check()
          } catch (caught) {
            return caught
          }
        })()
        expect(error, JSON.stringify(value)).toBeInstanceOf(BadRequest)
        expect((error as BadRequest).message).toBe(expected.message)
        expect((error as BadRequest).errors).toEqual(expected.errors)
      }
    }
    // plain values under known keys, a list of them, a Date, null: safe as they are
    const safe = { id: 1, title: 't', slug: null, createdAt: new Date(0), tagIds: [1, 2n, 'three'], authorId: 2 }
    expect(() => assertSafe(safe, 'body', 'articles')).not.toThrow()
    expect(declaredRow(plan, safe, [])).toMatchObject({ id: 1, title: 't', authorId: 2 })
    expect(() => checkWriteSize(plan, [safe], options)).not.toThrow()
  })

  it('checkWriteSize: a list over its max, or a write over maxRows, is a 413 naming the field', () => {
    const options = { maxRows: 10, listed: false, relations: true }
    expect(() => checkWriteSize(plan, [{ title: 't', tagIds: [1, 2, 3, 4, 5] }], options)).not.toThrow()
    expect(() => checkWriteSize(plan, [{ title: 't', tagIds: [1, 2, 3, 4, 5, 6] }], options)).toThrow('tagIds: 6 items, at most 5')
    const comments = [{ body: 'a' }, { body: 'b' }]
    expect(() => checkWriteSize(plan, [{ tagIds: [1, 2, 3, 4, 5], comments }, { title: 'u' }], { ...options, maxRows: 8, listed: true })).toThrow(RequestEntityTooLarge)
    expect(() => checkWriteSize(plan, [{ tagIds: [1, 2, 3, 4, 5, 6] }], { ...options, relations: false })).not.toThrow()
    // an unsafe value is the 400 it always was, before its lists are counted
    expect(() => checkWriteSize(plan, [{ title: 'a\0', tagIds: [1, 2, 3, 4, 5, 6] }], options)).toThrow(BadRequest)
  })
})
