/**
 * Statements per `serialize` of the peer's biggest schema (UserSchema:
 * aggregates, paths, nested relations three levels deep, two batch fields)
 * counted from the PostgreSQL server's own statement log (`log_statement=all`),
 * for the peer's 5 users and for 9x as many: fw's count does not grow with
 * rows, and matches what drizzle's client-side query log says.
 */
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseOf } from '../../../src/orm/database'
import { loggedStatements, postgresSkipReason, startPostgres, type LoggedStatement, type PostgresServer } from '../engines'
import { UserSchema } from './schema'
import { prepareData } from './seed'
import * as tables from './tables'

const db = () => databaseOf('default').db()
/** fw's own serialize statements (the batch functions' queries are the peer's code, one per key) */
const isFw = (sql: string) => /^select json_build_object/i.test(sql.trim())

/** Add `count` users, each with 2 articles, a comment on article 1, a follow of user 1 and a like. */
async function addUsers(count: number): Promise<void> {
  const users = await (await db()).insert(tables.user).values(Array.from({ length: count }, (_, i) => ({ username: `extra${i}` }))).returning({ id: tables.user.id })
  const articles = await (await db()).insert(tables.article).values(users.flatMap(({ id }) => [0, 1].map((n) => ({ authorId: id, title: `by ${id} #${n}`, slug: `by-${id}-${n}`, content: 'extra', views: id + n })))).returning({ id: tables.article.id, authorId: tables.article.authorId })
  await (await db()).insert(tables.comment).values(users.map(({ id }) => ({ authorId: id, onContentId: 1, content: `from ${id}` })))
  await (await db()).insert(tables.follow).values(users.map(({ id }) => ({ userId: id, targetId: 1 })))
  await (await db()).insert(tables.liked).values(articles.map(({ id, authorId }) => ({ contentId: id, userId: authorId })))
}

describe.skipIf(postgresSkipReason)('UserSchema statements from the server statement log (postgres)', () => {
  let pg: PostgresServer
  let database: orm.Database
  let connections: orm.DatabaseConnections
  const client: string[] = []

  beforeAll(async () => {
    pg = await startPostgres({ logStatements: true })
    database = new orm.Database({ engine: 'postgres', url: pg.url, schema: tables, onQuery: (text) => client.push(text) })
    connections = new orm.DatabaseConnections({ default: database }).activate()
    await prepareData(database)
  })
  afterAll(async () => {
    await connections?.close()
    await pg?.stop()
  })

  /** serialize every user; the rows, the server's statements and drizzle's, for that one call */
  async function measure(): Promise<{ rows: number; server: LoggedStatement[]; client: string[] }> {
    let rows = 0
    client.length = 0
    const server = await loggedStatements(pg, (sql) => database.execute(sql), async () => {
      rows = (await UserSchema.serialize()).length
    })
    return { rows, server, client: [...client] }
  }

  it('the same number of fw statements for 5 and 45 users, on the server as on the client', async () => {
    await measure() // warm-up: postgres.js opens its connections and fetches types once
    const small = await measure()
    await addUsers(40)
    const large = await measure()
    expect(small.rows).toBe(5)
    expect(large.rows).toBe(45)
    const fw = (statements: string[]) => statements.filter(isFw).length
    // one statement for the whole tree, plus one per batch field (top2Articles, top2LikesArticles)
    for (const run of [small, large]) {
      expect(fw(run.server.map((s) => s.sql))).toBe(3)
      expect(fw(run.client)).toBe(3)
      expect(run.server.map((s) => s.sql).filter(isFw)).toEqual(run.client.filter(isFw))
      // nothing on the server that the client did not send: every other statement is the peer's
      // batch functions' own per-key query (2 functions x rows, their code, not fw's)
      expect(run.server).toHaveLength(run.client.length)
      expect(run.server.length - fw(run.server.map((s) => s.sql))).toBe(2 * run.rows)
    }
  })

  it('the log reader sees only what ran between its marks', async () => {
    const none = await loggedStatements(pg, (sql) => database.execute(sql), async () => {})
    expect(none).toEqual([])
    const one = await loggedStatements(pg, (sql) => database.execute(sql), () => database.execute('SELECT 41 + 1'))
    expect(one.map((s) => s.sql)).toEqual(['SELECT 41 + 1'])
  })
})
