/**
 * SPEC §10.2's write lines, run as written (`delete`, upsert, ordered
 * `serialize`, `create: true`), then each in detail on PGlite and PostgreSQL:
 * `delete(where | query | ids | key)` → rows deleted (a condition selecting
 * everything is a 400), `save(value, { onConflict: 'ignore' | 'update' })` on
 * the unique key (primary key, `.unique()`, unique index, composite key),
 * `serialize(where, { order })`, and `$onUpdate` timestamps consistent on insert; a table without
 * a primary key written and deleted over HTTP (its key `{}`, a key to delete by a 400).
 */
import 'fw-api/serve'
import { pgTable, text } from 'drizzle-orm/pg-core'
import { api, exceptions, Fw, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as tables from './fixtures/conduit-tables'
import { engines, startPostgres, type PostgresServer } from './engines'

const UserSchema = orm.Schema(tables.users, { id: true, username: true, email: true, bio: true, createdAt: true, updatedAt: true })
const ArticleSchema = orm.Schema(tables.articles, { id: true, slug: true, title: true, authorId: true, createdAt: true, updatedAt: true })
const TagSchema = orm.Schema(tables.tags, { id: true, name: true, uses: true })
const CommentSchema = orm.Schema(tables.comments, { id: true, body: true, articleId: true, authorId: true, createdAt: true })
const FollowSchema = orm.Schema(tables.follows, { followerId: true, followingId: true })
const ArticleQuery = orm.Query(tables.articles, {
  author: orm.Filter('authorId'),
  mine: orm.Filter({ query: (_: boolean, ctx) => ({ authorId: ctx.userId }), schema: v.boolean() }),
  limit: orm.Limit({ max: 10 }),
})

async function seed(): Promise<{ author: number; articles: number[] }> {
  const author = (await UserSchema.save({ username: 'jake', email: 'jake@jake.jake' })) as number
  const articles = (await ArticleSchema.bulkSave(Array.from({ length: 8 }, (_, index) => ({ slug: `a${index + 1}`, title: `A${index + 1}`, authorId: author })))) as number[]
  const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute))
  await CommentSchema.bulkSave([3, 1, 2].map((minute) => ({ body: `c${minute}`, articleId: 7, authorId: author, createdAt: at(minute) })))
  return { author, articles }
}

describe('SPEC §10.2 write lines, as written (PGlite)', () => {
  const service = new Fw(import.meta.url, {})
  afterAll(() => service.close())

  it('run and do what they say', { timeout: 300_000 }, async () => {
    service.use(orm.DatabaseConnections({
      default: orm.Database({ engine: 'pglite', schema: tables, create: true }),   // creates missing tables from the drizzle schema
    }))
    await seed()
    expect(await ArticleSchema.delete({ id: 3 })).toBe(1)                      // → number of rows deleted; also delete(query) and delete([ids])
    const tag = await TagSchema.save({ name: 'ts' }, { onConflict: 'ignore' })   // upsert: 'ignore' | 'update' on the unique key
    expect(await TagSchema.save({ name: 'ts' }, { onConflict: 'ignore' })).toBe(tag)
    const rows = await CommentSchema.serialize({ articleId: 7 }, { order: ['-createdAt'] })
    expect(rows.map((row) => row.body)).toEqual(['c3', 'c2', 'c1'])
  })
})

describe.each(engines)('writes on %s', (engine) => {
  let pg: PostgresServer | undefined
  let connections: orm.DatabaseConnections
  let author = 0
  let articles: number[] = []

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const database = pg ? orm.Database({ engine: 'postgres', url: pg.url, schema: tables, create: true }) : orm.Database({ schema: tables, create: true })
    connections = orm.DatabaseConnections({ default: database }).activate()
    ;({ author, articles } = await seed())
  }, 300_000)
  afterAll(async () => {
    await connections?.close()
    await pg?.stop()
  })

  it("save({ onConflict }): 'ignore' keeps the row, 'update' sets the given columns; the key comes back either way", async () => {
    const first = await TagSchema.save({ name: 'drizzle', uses: 1 }, { onConflict: 'ignore' })
    expect(await TagSchema.save({ name: 'drizzle', uses: 5 }, { onConflict: 'ignore' })).toBe(first)
    expect(await TagSchema.init(first)).toMatchObject({ name: 'drizzle', uses: 1 })
    expect(await TagSchema.save({ name: 'drizzle', uses: 7 }, { onConflict: 'update' })).toBe(first)
    expect(await TagSchema.init(first)).toMatchObject({ name: 'drizzle', uses: 7 })
    // a unique index (slug), updating a `$onUpdate` column
    const article = await ArticleSchema.save({ slug: 'up', title: 'one', authorId: author }, { onConflict: 'update' })
    const before = await ArticleSchema.init(article)
    expect(await ArticleSchema.save({ slug: 'up', title: 'two', authorId: author }, { onConflict: 'update' })).toBe(article)
    const after = await ArticleSchema.init(article)
    expect(after.title).toBe('two')
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
    // a composite primary key
    expect(await FollowSchema.save({ followerId: author, followingId: author }, { onConflict: 'ignore' })).toEqual({ followerId: author, followingId: author })
    expect(await FollowSchema.save({ followerId: author, followingId: author }, { onConflict: 'ignore' })).toEqual({ followerId: author, followingId: author })
    // no unique key in the value: a 400 naming the keys; still a clear 409 for another unique column
    await expect(TagSchema.save({ uses: 1 }, { onConflict: 'ignore' })).rejects.toThrow(/unique key \(id, name\)/)
    await expect(UserSchema.save({ username: 'other', email: 'jake@jake.jake' }, { onConflict: 'ignore' })).rejects.toBeInstanceOf(exceptions.Conflict)
  })

  it('serialize(where, { order }) orders (query order first), the key breaks ties; an unknown column is ImproperlyConfigured', async () => {
    expect((await CommentSchema.serialize({ articleId: 7 }, { order: ['-createdAt'] })).map((row) => row.body)).toEqual(['c3', 'c2', 'c1'])
    expect((await CommentSchema.serialize({ articleId: 7 }, { order: ['createdAt'] })).map((row) => row.body)).toEqual(['c1', 'c2', 'c3'])
    expect((await CommentSchema.serialize([] , { order: ['createdAt'] }))).toEqual([])
    await expect(CommentSchema.serialize({ articleId: 7 }, { order: ['-writtenAt'] })).rejects.toThrow(/conduit_comments.*'writtenAt' is not a column/)
  })

  it('timestamps on insert: $onUpdate columns take the database default as createdAt does (equal), not a JS clock', async () => {
    const id = await UserSchema.save({ username: 'fresh', email: 'fresh@x' })
    const row = await UserSchema.init(id)
    expect(row.updatedAt.getTime()).toBe(row.createdAt.getTime())
    await UserSchema.save({ id, bio: 'hi' })
    const updated = await UserSchema.init(id)
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(updated.createdAt.getTime())
  })
  it('delete: by key, where-object, ids, a parsed query (its filters); an everything-condition is a 400; a context filter never widens it', async () => {
    expect(await ArticleSchema.delete(articles[0] as number)).toBe(1)
    expect(await ArticleSchema.delete(articles[0] as number)).toBe(0)
    expect(await ArticleSchema.delete([articles[1] as number, articles[2] as number, 9999])).toBe(2)
    expect(await ArticleSchema.delete([])).toBe(0)
    expect(await ArticleSchema.delete({ slug: { in: ['a4', 'a5'] } })).toBe(2)
    await expect(ArticleSchema.delete({})).rejects.toBeInstanceOf(exceptions.BadRequest)
    await expect(ArticleSchema.delete({ slug: undefined })).rejects.toBeInstanceOf(exceptions.BadRequest)
    await expect(ArticleSchema.delete(v.parse(ArticleQuery, {}))).rejects.toBeInstanceOf(exceptions.BadRequest)
    // no context: `mine` matches nothing, so nothing is deleted (never "every article")
    expect(await ArticleSchema.delete(v.parse(ArticleQuery, { mine: true }))).toBe(0)
    // a query's filters, never its page (limit / offset); counted as count() counts
    const left = await v.parse(ArticleQuery, { author }).count()
    expect(left).toBeGreaterThan(1)
    expect(await ArticleSchema.delete(v.parse(ArticleQuery, { author: 9999 }))).toBe(0)
    expect(await ArticleSchema.delete(v.parse(ArticleQuery, { author, limit: 1 }))).toBe(left)
    expect(await ArticleSchema.serialize({ authorId: author })).toEqual([])
    expect(await CommentSchema.serialize({ articleId: 7 })).toEqual([]) // ON DELETE CASCADE
    // composite keys
    await FollowSchema.save({ followerId: author, followingId: author })
    expect(await FollowSchema.delete({ followerId: author, followingId: author })).toBe(1)
  })
})

const events = pgTable('keyless_events', { kind: text('kind').notNull(), detail: text('detail') }) // no primary key
const EventSchema = orm.Schema(events, { kind: true, detail: true })
const EventInput = EventSchema.input('a')

class EventAPI extends api.API {
  @api.post('events', { event: request.Body(EventInput) })
  async add({ event }: { event: v.InferOutput<typeof EventInput> }) {
    return { key: await EventSchema.save(event) }
  }
  @api.post('events/bulk', { list: request.Body(v.array(EventInput)) })
  async bulk({ list }: { list: v.InferOutput<typeof EventInput>[] }) {
    return { keys: await EventSchema.bulkSave(list) }
  }
  @(api.delete('events/{kind}', { kind: request.PathParam }))
  async remove({ kind }: { kind: string }) {
    return { deleted: await EventSchema.delete(kind as never) }
  }
  @(api.delete('events', { kind: request.QueryParam }))
  async removeWhere({ kind }: { kind: string }) {
    return { deleted: await EventSchema.delete({ kind }) }
  }
}

describe.each(engines)('a table without a primary key over HTTP on %s', (engine) => {
  let pg: PostgresServer | undefined
  let base = ''
  let close: () => Promise<void> = async () => {}
  const send = (method: string, path: string, body?: unknown) =>
    fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    const schema = { events }
    const database = pg ? orm.Database({ engine: 'postgres', url: pg.url, schema }) : orm.Database({ schema })
    await database.execute('CREATE TABLE keyless_events (kind text NOT NULL, detail text)')
    const service = new Fw(import.meta.url, { api: EventAPI })
    service.use(orm.DatabaseConnections({ default: database }))
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}`
    close = () => server.close()
  }, 300_000)
  afterAll(async () => {
    await close()
    await pg?.stop()
  })

  it('save and bulkSave insert (no RETURNING of no column: was a 42601, a 500); the key is {}', async () => {
    const saved = await send('POST', '/events', { kind: 'login', detail: 'a' })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ key: {} })
    const bulk = await send('POST', '/events/bulk', [{ kind: 'login' }, { kind: 'logout', detail: 'b' }])
    expect(bulk.status).toBe(200)
    expect(await bulk.json()).toEqual({ keys: [{}, {}] })
  })

  it('a key to delete by is a 400 naming the table, as a list of keys is; a where-object deletes', async () => {
    const byKey = await send('DELETE', '/events/login')
    expect(byKey.status).toBe(400)
    expect(JSON.stringify(await byKey.json())).toContain('keyless_events has no primary key to delete by')
    const byWhere = await send('DELETE', '/events?kind=login')
    expect(byWhere.status).toBe(200)
    expect(await byWhere.json()).toEqual({ deleted: 2 })
  })
})
