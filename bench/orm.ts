/**
 * `npm run bench:orm`: serialise 200 articles with author, comments and a
 * comment count — fw's `ArticleSchema.serialize()` against the same tree
 * written by hand as a drizzle relational query — on PGlite and on a
 * PostgreSQL server (started here, as tests/orm does), then a UserSchema tree
 * (200 users, nested articles with comments, counts). Reports median times,
 * the ratio (target ≤ 1.2×) and statements per call (must be equal).
 */
import { sql } from 'drizzle-orm'
import { orm } from 'fw-api/orm'
import { articles, comments, users } from '../examples/blog/tables'
import { engines, openEngine, type EngineDb } from '../tests/orm/engines'

const ArticleSchema = orm.Schema(articles, {
  id: true, title: true, createdAt: true,
  author: orm.Schema(users, { id: true, username: true }),
  comments: [orm.Schema(comments, { id: true, body: true })],
  commentsNum: orm.Count('comments'),
})
/** UtilMeta's UserSchema shape on the blog tables: nested articles with their comments, and aggregates. */
const UserTree = orm.Schema(users, {
  id: true, username: true,
  followersNum: orm.Count('followers'),
  articlesNum: orm.Count('articles'),
  articles: [orm.Schema(articles, { id: true, title: true, commentsNum: orm.Count('comments'), comments: [orm.Schema(comments, { id: true, body: true })] })],
})
// a write sets only the columns its schema declares: the seed schemas declare what they write
const UserSeed = orm.Schema(users, { id: true, username: true })
const ArticleSeed = orm.Schema(articles, { id: true, authorId: true, title: true, content: true })
const CommentSeed = orm.Schema(comments, { id: true, articleId: true, authorId: true, body: true })

const ROWS = 200
const ROUNDS = Number(process.env.ROUNDS ?? 60)

function handWritten(db: EngineDb) {
  return async () => {
    const drizzleDb = (await db.database.db()) as unknown as { query: { articles: { findMany(config: object): Promise<unknown[]> } } }
    return drizzleDb.query.articles.findMany({
      columns: { id: true, title: true, createdAt: true },
      with: { author: { columns: { id: true, username: true } }, comments: { columns: { id: true, body: true } } },
      extras: (table: { id: unknown }) => ({ commentsNum: sql<number>`(select count(*)::int from "comments" "c" where "c"."article_id" = ${table.id})`.as('commentsNum') }),
    })
  }
}

function handWrittenUsers(db: EngineDb) {
  return async () => {
    const drizzleDb = (await db.database.db()) as unknown as { query: { users: { findMany(config: object): Promise<unknown[]> } } }
    return drizzleDb.query.users.findMany({
      columns: { id: true, username: true },
      with: {
        articles: {
          columns: { id: true, title: true },
          with: { comments: { columns: { id: true, body: true } } },
          extras: (table: { id: unknown }) => ({ commentsNum: sql<number>`(select count(*)::int from "comments" "c" where "c"."article_id" = ${table.id})`.as('commentsNum') }),
        },
      },
      extras: (table: { id: unknown }) => ({
        followersNum: sql<number>`(select count(*)::int from "follows" "f" where "f"."following_id" = ${table.id})`.as('followersNum'),
        articlesNum: sql<number>`(select count(*)::int from "articles" "a" where "a"."author_id" = ${table.id})`.as('articlesNum'),
      }),
    })
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

async function measure(db: EngineDb, run: () => Promise<unknown[]>): Promise<{ ms: number; statements: number; rows: number }> {
  db.statements.length = 0
  const rows = (await run()).length
  const statements = db.statements.length
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return { ms: median(times), statements, rows }
}

for (const engine of engines) {
  const db = await openEngine(engine)
  const userIds = await UserSeed.bulkSave(Array.from({ length: ROWS }, (_, index) => ({ username: `user${index}` })))
  const articleIds = await ArticleSeed.bulkSave(Array.from({ length: ROWS }, (_, index) => ({ authorId: userIds[index % 20] as number, title: `article ${index}`, content: 'x'.repeat(200) })))
  await CommentSeed.bulkSave(articleIds.flatMap((articleId, index) => Array.from({ length: 5 }, (_, n) => ({ articleId, authorId: userIds[(index + n) % 20] as number, body: `comment ${n}` }))))
  const fw = () => ArticleSchema.serialize()
  const drizzle = handWritten(db)
  for (let warm = 0; warm < 10; warm++) await Promise.all([fw(), drizzle()].map((promise) => promise.then(() => undefined)))
  // interleave to share machine noise: drizzle, fw, drizzle, fw
  const a1 = await measure(db, drizzle)
  const b1 = await measure(db, fw)
  const a2 = await measure(db, drizzle)
  const b2 = await measure(db, fw)
  const hand = Math.min(a1.ms, a2.ms)
  const ours = Math.min(b1.ms, b2.ms)
  console.log(
    `${engine.padEnd(8)} ArticleSchema rows ${b1.rows}/${a1.rows}  drizzle ${hand.toFixed(2)} ms  fw ${ours.toFixed(2)} ms  ratio ${(ours / hand).toFixed(2)}x  statements fw ${b1.statements} / drizzle ${a1.statements}`,
  )
  const c1 = await measure(db, handWrittenUsers(db))
  const d1 = await measure(db, () => UserTree.serialize())
  const c2 = await measure(db, handWrittenUsers(db))
  const d2 = await measure(db, () => UserTree.serialize())
  const handUsers = Math.min(c1.ms, c2.ms)
  const oursUsers = Math.min(d1.ms, d2.ms)
  console.log(
    `${engine.padEnd(8)} UserSchema    rows ${d1.rows}/${c1.rows}  drizzle ${handUsers.toFixed(2)} ms  fw ${oursUsers.toFixed(2)} ms  ratio ${(oursUsers / handUsers).toFixed(2)}x  statements fw ${d1.statements} / drizzle ${c1.statements}`,
  )
  await db.stop()
}
console.log(`(${ROUNDS} rounds each, median, best of two interleaved runs; shared 2-core machine: ratios are the signal, not absolute times)`)
