/**
 * Issue 56 #2: `serializeCounted(query, { where, order })` answers a list endpoint's page and its
 * total (what `query.count(where)` counts) in ONE statement; an empty page (past the end, or no
 * match) counts with a second one. On PGlite and a PostgreSQL 15 server.
 */
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const ArticleRow = orm.Schema(articles, { id: true, title: true, authorId: true, author: orm.Schema(users, { username: true }) })
const ArticleQuery = orm.Query(articles, {
  author: orm.Filter('author.username'),
  offset: orm.Offset(),
  limit: orm.Limit({ max: 100, default: 2 }),
})

describe.each(engines)('serializeCounted on %s', (engine) => {
  let db: EngineDb
  let bob = 0
  beforeAll(async () => {
    db = await openEngine(engine)
    const [alice, second] = (await orm.Schema(users, { id: true, username: true }).bulkSave([{ username: 'alice' }, { username: 'bob' }])) as number[]
    bob = second as number
    await orm.Schema(articles, { id: true, title: true, authorId: true }).bulkSave([
      { title: 'a1', authorId: alice as number },
      { title: 'a2', authorId: alice as number },
      { title: 'a3', authorId: alice as number },
      { title: 'b1', authorId: bob },
    ])
  })
  afterAll(() => db?.stop())

  const parsed = (input: Record<string, unknown>) => v.parse(ArticleQuery, input)

  it('the page and the total of the filters (not the page) in one statement, as serialize and count() answer', async () => {
    for (const input of [{}, { author: 'alice' }, { author: 'alice', limit: 1, offset: 1 }]) {
      const query = parsed(input)
      db.statements.length = 0
      const { rows, count } = await ArticleRow.serializeCounted(query, { order: ['-id'] })
      expect(db.statements).toHaveLength(1)
      expect(rows).toEqual(await ArticleRow.serialize(query, { order: ['-id'] }))
      expect(count).toBe(await query.count())
    }
    const { rows, count } = await ArticleRow.serializeCounted(parsed({ limit: 10 }), { where: { authorId: bob } })
    expect([rows.map((row) => row.title), count]).toEqual([['b1'], 1])
  })

  it('an empty page counts on its own: past the end, and nothing matching', async () => {
    db.statements.length = 0
    expect(await ArticleRow.serializeCounted(parsed({ author: 'alice', offset: 10 }))).toEqual({ rows: [], count: 3 })
    expect(db.statements).toHaveLength(2)
    expect(await ArticleRow.serializeCounted(parsed({ author: 'nobody' }))).toEqual({ rows: [], count: 0 })
    expect(await ArticleRow.serializeCounted({ title: 'b1' })).toMatchObject({ count: 1 })
  })
})
