/**
 * SPEC §10's example as written (examples/blog/api.ts) over real HTTP, on
 * PGlite and on a PostgreSQL server: list with relation filter and order,
 * create, 400 with the field path, 409 / 400 from constraints, statement count
 * per request, and the database closed with the server.
 */
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserSchema } from '../../examples/blog/api'
import { createBlog } from '../../examples/blog/app'
import { engines, startPostgres, type PostgresServer } from './engines'

describe.each(engines)('blog API over HTTP on %s', (engine) => {
  let pg: PostgresServer | undefined
  let base = ''
  let close: () => Promise<void> = async () => {}
  let opened: () => boolean = () => false
  const statements: string[] = []
  const post = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const { service, database } = await createBlog({ url: pg?.url, onQuery: (sql) => statements.push(sql) })
    await database.execute('TRUNCATE follows, comments, articles, users RESTART IDENTITY CASCADE')
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
    opened = () => database.opened
  })
  afterAll(async () => {
    await close()
    await pg?.stop()
  })

  it('creates users and articles, then lists them with nested author, comments and counts', async () => {
    const users = await post('/user/bulk', [{ username: 'alice' }, { username: 'bob' }])
    expect(users.status).toBe(200)
    const [alice, bob] = ((await users.json()) as { data: { id: number }[] }).data
    for (const [authorId, title] of [[alice?.id, 'A1'], [bob?.id, 'B1'], [alice?.id, 'A2']] as const) {
      const created = await post('/article', { title, content: `about ${title}`, authorId })
      expect(created.status).toBe(200)
      expect(((await created.json()) as { data: unknown }).data).toMatchObject({ title, author: { id: authorId }, comments: [], commentsNum: 0 })
    }
    statements.length = 0
    const started = performance.now()
    const list = await fetch(`${base}/article?author=alice&order=-title&limit=10`)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(list.status).toBe(200)
    const body = (await list.json()) as { data: { title: string; author: { username: string; articlesNum: number } }[]; msg: string; count?: number }
    expect(body.msg).toBe('')
    expect(body.data.map((row) => row.title)).toEqual(['A2', 'A1'])
    expect(body.data[0]?.author).toEqual({ id: alice?.id, username: 'alice', articlesNum: 2 })
    // one statement for the rows (however many), one for count()
    expect(statements).toHaveLength(2)
    // the envelope's countKey is SPEC §8's response template; where it is rendered, it is the filtered total
    if ('count' in body) expect(body.count).toBe(2)
  })

  it('invalid input is 400 with the field path; constraint violations are 409 / 400 naming the field', async () => {
    const invalid = await post('/article', { title: 7, authorId: 'x' })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { msg: string }).msg).toBe("BadRequest: parse item: ['article'] failed: parse item: ['authorId'] failed: invalid number: 'x'")
    const badQuery = await fetch(`${base}/article?limit=1000`)
    expect(badQuery.status).toBe(400)
    expect(((await badQuery.json()) as { msg: string }).msg).toMatch(/parse item: \['query'\] failed: parse item: \['limit'\]/)
    const duplicate = await post('/user', { username: 'alice' })
    expect(duplicate.status).toBe(409)
    expect(await duplicate.json()).toEqual({ data: null, msg: 'Conflict: users.username must be unique: a row with this username already exists', count: null })
    const orphan = await post('/article', { title: 'orphan', authorId: 424242 })
    expect(orphan.status).toBe(400)
    expect(((await orphan.json()) as { msg: string }).msg).toBe('BadRequest: articles.authorId refers to a row that does not exist')
    const failedBulk = await post('/user/bulk', [{ username: 'carol' }, { username: 'bob' }])
    expect(failedBulk.status).toBe(409)
    expect(await UserSchema.serialize({ username: 'carol' })).toEqual([]) // the failed bulk wrote nothing
  })

  it('closing the server closes the database', async () => {
    expect(opened()).toBe(true)
    await close()
    close = async () => {}
    expect(opened()).toBe(false)
  })
})
