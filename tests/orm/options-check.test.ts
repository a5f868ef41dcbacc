/**
 * SPEC §10.2 "Declaration checks cover every option": a field's `order`,
 * `filter` and `limit`, and an aggregate's `filter`, are checked when declared
 * (connections active) — relative to the path's last table — naming the
 * schema and the field; never a 500 per request. A transformed filter path
 * (`createdAt.date`, `author.createdAt.year`) parses and filters on both engines.
 */
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConversionError } from '../../src/schema/errors'
import { compileChecker, Invalid } from '../../src/schema/parse'
import { articles, comments, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const Comment = orm.Schema(comments, { id: true, body: true })

describe.each(engines)('option checks on %s', (engine) => {
  let db: EngineDb
  beforeAll(async () => {
    db = await openEngine(engine)
    const [alice] = (await orm.Schema(users, { id: true, username: true, createdAt: true }).bulkSave([{ username: 'alice', createdAt: new Date('2023-05-06T10:00:00Z') }])) as number[]
    const [first] = (await orm.Schema(articles, { id: true, title: true, authorId: true, createdAt: true }).bulkSave([
      { title: 'one', authorId: alice, createdAt: new Date('2024-01-02T10:00:00Z') },
      { title: 'two', authorId: alice, createdAt: new Date('2024-03-04T10:00:00Z') },
    ])) as number[]
    await orm.Schema(comments, { id: true, body: true, articleId: true, authorId: true }).save({ body: 'hi', articleId: first, authorId: alice })
  })
  afterAll(() => db?.stop())

  it.each([
    ['order through a path', () => orm.Schema(articles, { t: orm.Field('comments.body', { order: ['author.username'] }) }), /orm\.Schema\(articles\): field 't': order 'author\.username' is not a column of 'comments' \(order paths are relative to the relation's last table, 'comments'\)/],
    ['order of a nested relation', () => orm.Schema(articles, { c: orm.Field('comments', { schema: [Comment], order: ['-writtenAt'] }) }), /field 'c': order 'writtenAt' is not a column of 'comments'/],
    ['filter of a nested relation', () => orm.Schema(articles, { c: orm.Field('comments', { schema: [Comment], filter: { writer: 1 } }) }), /field 'c': 'comments' has no column or relation 'writer'/],
    ['filter operator', () => orm.Schema(articles, { c: orm.Field('comments.body', { filter: { body: { like: 'x' } } }) }), /field 'c': filter 'body': unknown operator 'like'/],
    ['filter in $or', () => orm.Schema(articles, { c: orm.Field('comments.body', { filter: { $or: [{ body: 'a' }, { nope: 'b' }] } }) }), /field 'c': 'comments' has no column or relation 'nope'/],
    ['limit', () => orm.Schema(articles, { c: orm.Field('comments', { schema: [Comment], limit: 0 }) }), /field 'c': limit must be a positive integer/],
    ['aggregate filter', () => orm.Schema(articles, { n: orm.Count('comments', { filter: { 'author.name': 'x' } }) }), /field 'n': 'users' has no column or relation 'name'/],
    ['query order expression filter', () => orm.Query(articles, { o: orm.OrderBy({ n: orm.Order(orm.Count('comments', { filter: { nope: 1 } })) }) }), /orm\.Query\(articles\): OrderBy 'o': 'comments' has no column or relation 'nope'/],
  ])('%s: ImproperlyConfigured when declared, naming schema and field', (_, declare, message) => {
    expect(declare).toThrow(exceptions.ImproperlyConfigured)
    expect(declare).toThrow(message)
  })

  it('valid options pass, relative to the last table, and run', async () => {
    const Schema = orm.Schema(articles, {
      title: true,
      bodies: orm.Field('comments.body', { order: ['-createdAt'], filter: { 'author.username': 'alice' } }),
      latest: orm.Field('comments', { schema: [Comment], order: ['-createdAt'], limit: 1, filter: { body: { icontains: 'h' } } }),
      n: orm.Count('comments', { filter: { 'author.username': { in: ['alice'] } } }),
    })
    expect(await Schema.serialize({ title: 'one' })).toEqual([{ title: 'one', bodies: ['hi'], latest: [{ id: expect.any(Number), body: 'hi' }], n: 1 }])
  })

  it('a transformed filter path (.date, .year, through a relation) converts its value and filters: no 500', async () => {
    const Query = orm.Query(articles, { d: orm.Filter('createdAt.date'), y: orm.Filter('createdAt.year'), joined: orm.Filter('author.createdAt.year') })
    const Titles = orm.Schema(articles, { title: true })
    const run = async (input: Record<string, string>) => {
      let parsed: unknown
      try {
        parsed = compileChecker(Query)(input)
      } catch (error) {
        if (error instanceof ConversionError) return `400: ${error.message}` // a conversion failure: fw answers 400
        throw error
      }
      if (parsed instanceof Invalid) return `400: ${parsed.reason}`
      return (await Titles.serialize(parsed as orm.QueryOf<typeof Query>)).map((row) => row.title)
    }
    expect(await run({ d: '2024-01-02' })).toEqual(['one'])
    expect(await run({ y: '2024' })).toEqual(['one', 'two'])
    expect(await run({ y: '2023' })).toEqual([])
    expect(await run({ joined: '2023' })).toEqual(['one', 'two'])
    expect(await run({ d: 'yesterday' })).toMatch(/^400: /)
    expect(await run({ y: 'x' })).toMatch(/^400: /)
  })
})
