/**
 * The peers' data layer: drizzle-orm + postgres.js on examples/realworld/tables.ts,
 * written as a drizzle user writes it (one statement per read: the article with its
 * tags, counts and author in one select; the count beside it), shared by the
 * Fastify, Hono and Elysia apps so they send the same SQL. Plus what every peer
 * needs besides: the password check (fw's stored format) and the slug rule.
 */
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { articles, articleTags, favorites, follows, tags, users } from '../../../examples/realworld/tables'

/** A new article as RealWorld's POST /api/articles sends it. */
export interface NewArticle {
  title: string
  description: string
  body: string
  tagList?: string[]
}

/** The data layer on the Postgres server at `url` (a pool of 10, postgres.js's default and fw's). */
export function conduitData(url: string) {
  const db = drizzle(postgres(url, { onnotice: () => {} }))
  const articleFields = (viewer: number | undefined) => ({
    slug: articles.slug,
    title: articles.title,
    description: articles.description,
    body: articles.body,
    tagList: sql<string[]>`coalesce((select array_agg(t.name order by t.name) from ${articleTags} at join ${tags} t on t.id = at.tag_id where at.article_id = ${articles.id}), '{}')`,
    createdAt: articles.createdAt,
    updatedAt: articles.updatedAt,
    favorited: viewer === undefined ? sql<boolean>`false` : sql<boolean>`exists(select 1 from ${favorites} f where f.article_id = ${articles.id} and f.user_id = ${viewer})`,
    favoritesCount: sql<number>`(select count(*)::int from ${favorites} f where f.article_id = ${articles.id})`,
    author: {
      username: users.username,
      bio: users.bio,
      image: users.image,
      following: viewer === undefined ? sql<boolean>`false` : sql<boolean>`exists(select 1 from ${follows} fo where fo.following_id = ${users.id} and fo.follower_id = ${viewer})`,
    },
  })
  const selectArticles = (viewer: number | undefined, where: SQL | undefined) =>
    db.select(articleFields(viewer)).from(articles).innerJoin(users, eq(users.id, articles.authorId)).where(where)
  const feedOf = (viewer: number) => inArray(articles.authorId, db.select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, viewer)))
  const article = async (slug: string, viewer?: number) => (await selectArticles(viewer, eq(articles.slug, slug)).limit(1))[0]
  return {
    /** GET /api/articles (or the feed of `feedOf`): the page and the count, two statements */
    async list(options: { viewer?: number; feedOf?: number; limit: number; offset: number }) {
      const where = options.feedOf === undefined ? undefined : feedOf(options.feedOf)
      const [page, [total]] = await Promise.all([
        selectArticles(options.viewer, where).orderBy(desc(articles.createdAt)).limit(options.limit).offset(options.offset),
        db.select({ count: count() }).from(articles).where(where),
      ])
      return { articles: page, articlesCount: total?.count ?? 0 }
    },
    article,
    async tags() {
      return (await db.select({ name: tags.name }).from(tags).orderBy(tags.name)).map((tag) => tag.name)
    },
    async userByEmail(email: string) {
      const [found] = await db.select({ id: users.id, email: users.email, username: users.username, bio: users.bio, image: users.image, password: users.password }).from(users).where(eq(users.email, email.trim().toLowerCase()))
      return found
    },
    /** POST /api/articles: the writes in one transaction, then the article as GET answers it */
    async create(author: number, input: NewArticle) {
      const slug = slugify(input.title)
      const names = [...new Set(input.tagList ?? [])]
      await db.transaction(async (tx) => {
        const [created] = await tx.insert(articles).values({ slug, title: input.title, description: input.description, body: input.body, authorId: author }).returning({ id: articles.id })
        if (!created || !names.length) return
        await tx.insert(tags).values(names.map((name) => ({ name }))).onConflictDoNothing()
        const ids = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.name, names))
        await tx.insert(articleTags).values(ids.map(({ id }) => ({ articleId: created.id, tagId: id })))
      })
      return article(slug, author)
    },
  }
}

/** The slug RealWorld apps make: the title's words and 8 random hex digits (examples/realworld's rule). */
export function slugify(title: string): string {
  return `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'article'}-${crypto.randomUUID().slice(0, 8)}`
}

const encoder = new TextEncoder()
/** Check `plain` against a stored `pbkdf2_sha256$<iterations>$<salt>$<base64>` hash (the seed's, fw's format) with Web Crypto. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [algorithm, rounds, salt, hash] = stored.split('$')
  if (algorithm !== 'pbkdf2_sha256' || !rounds || !salt || !hash) return false
  const key = await crypto.subtle.importKey('raw', encoder.encode(plain), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations: Number(rounds) }, key, atob(hash).length * 8)
  const derived = btoa(String.fromCharCode(...new Uint8Array(bits)))
  return derived.length === hash.length && derived === hash
}
