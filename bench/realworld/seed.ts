/**
 * The benchmark's deterministic Conduit data: 200 users, 2,000 articles, 6,000
 * tag links, about 6,300 favorites, 4,000 comments, 2,000 follows, every
 * timestamp fixed (articles one minute apart, so `-createdAt` has no ties) and
 * every choice drawn from a seeded generator: the same rows on every run.
 * Passwords are `password<i>` hashed as fw does (PBKDF2-SHA256, Django's format,
 * `PBKDF2_ITERATIONS`, default 1,000), which each peer verifies with Web Crypto.
 */
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/postgres-js'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import postgres from 'postgres'
import * as tables from '../../examples/realworld/tables'

/** The seed's sizes (the RealWorld benchmark's). */
export const SEED = { users: 200, articles: 2000, tags: 50, tagsPerArticle: 3, commentsPerArticle: 2, followsPerUser: 10 } as const
/** Who the authenticated routes sign in as: follows 10 authors, so the feed is full. */
export const BENCH_USER = { email: 'user1@bench.test', password: 'password1' } as const
const BASE_MS = Date.UTC(2024, 0, 1)

/** A small deterministic generator (mulberry32). */
function generator(seed: number): (below: number) => number {
  let state = seed
  return (below) => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return (((value ^ (value >>> 14)) >>> 0) % below)
  }
}

const words = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do', 'eiusmod', 'tempor']
const sentence = (pick: (below: number) => number, length: number) => Array.from({ length }, () => words[pick(words.length)]).join(' ')

async function insert<Row>(rows: Row[], write: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await write(rows.slice(start, start + 1000))
}

/** Create the tables (fw's `create: true`, from examples/realworld/tables.ts) and fill them; returns the row counts. */
export async function seed(url: string): Promise<Record<string, number>> {
  const database = orm.Database({ engine: 'postgres', url, schema: tables, create: true })
  await database.connect()
  await database.close()
  const client = postgres(url, { max: 1, onnotice: () => {} })
  const db = drizzle(client)
  const pick = generator(20240101)
  const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000)
  const hasher = auth.Pbkdf2Hasher({ iterations: Number(process.env.PBKDF2_ITERATIONS || 1000) })
  const users = await Promise.all(Array.from({ length: SEED.users }, async (_, index) => {
    const n = index + 1
    return { id: n, username: `user${n}`, email: `user${n}@bench.test`, password: await hasher.hash(`password${n}`), bio: n % 3 ? `I am user ${n}, ${sentence(pick, 6)}` : null, image: n % 2 ? `https://img.bench.test/${n}.png` : null, createdAt: at(-10_000 + n), updatedAt: at(-10_000 + n) }
  }))
  const follows = users.flatMap(({ id }) => Array.from({ length: SEED.followsPerUser }, (_, k) => ({ followerId: id, followingId: ((id - 1 + (k + 1) * 7) % SEED.users) + 1 })))
  const tagRows = Array.from({ length: SEED.tags }, (_, index) => ({ id: index + 1, name: `tag-${String(index).padStart(2, '0')}` }))
  const articles = Array.from({ length: SEED.articles }, (_, index) => {
    const n = index + 1
    return { id: n, slug: `article-${n}`, title: `Article ${n}: ${sentence(pick, 4)}`, description: sentence(pick, 12), body: Array.from({ length: 6 }, () => sentence(pick, 14)).join('. '), authorId: pick(SEED.users) + 1, createdAt: at(n), updatedAt: at(n + (n % 5)) }
  })
  const articleTags = articles.flatMap(({ id }) => {
    const chosen = new Set<number>()
    while (chosen.size < SEED.tagsPerArticle) chosen.add(pick(SEED.tags) + 1)
    return [...chosen].map((tagId) => ({ articleId: id, tagId }))
  })
  const favorites = articles.flatMap(({ id }) => {
    const fans = new Set<number>()
    for (let count = pick(7) + (id % 20 === 0 ? 3 : 0); fans.size < count; ) fans.add(pick(SEED.users) + 1)
    return [...fans].map((userId) => ({ userId, articleId: id }))
  })
  const comments = articles.flatMap(({ id }) => Array.from({ length: SEED.commentsPerArticle }, (_, k) => ({ id: (id - 1) * SEED.commentsPerArticle + k + 1, body: sentence(pick, 10), articleId: id, authorId: pick(SEED.users) + 1, createdAt: at(id + k + 1), updatedAt: at(id + k + 1) })))
  await insert(users, (batch) => db.insert(tables.users).values(batch))
  await insert(follows, (batch) => db.insert(tables.follows).values(batch))
  await insert(tagRows, (batch) => db.insert(tables.tags).values(batch))
  await insert(articles, (batch) => db.insert(tables.articles).values(batch))
  await insert(articleTags, (batch) => db.insert(tables.articleTags).values(batch))
  await insert(favorites, (batch) => db.insert(tables.favorites).values(batch))
  await insert(comments, (batch) => db.insert(tables.comments).values(batch))
  for (const table of ['users', 'articles', 'tags', 'comments']) await db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`))
  await db.execute(sql`ANALYZE`)
  await client.end()
  return { users: users.length, follows: follows.length, tags: tagRows.length, articles: articles.length, articleTags: articleTags.length, favorites: favorites.length, comments: comments.length }
}

/** Drop what the write route (B5) added, so every cell reads the seeded rows. */
export async function resetWrites(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  await client`DELETE FROM articles WHERE id > ${SEED.articles}`
  await client`DELETE FROM tags WHERE id > ${SEED.tags}`
  await client.end()
}
