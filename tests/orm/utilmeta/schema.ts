/**
 * utilmeta-py's tests/server/app/schema.py as fw schemas. Field keys are
 * camelCase; the peer's aliases (`@views`, `author.name`, `@page`,
 * `followers_num>=`) and order names are kept. Django's `followers` /
 * `likes` / `liked_bys` many-to-many fields are paths through their junction
 * tables (`userFollowers.user`, `liked.content`, `likedBys.user`).
 */
import { desc, eq, sql } from 'drizzle-orm'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { databaseOf } from '../../../src/orm/database'
import { article, articleStats, comment, content, user } from './tables'

const db = () => databaseOf('default').db()
const ctxUser = (ctx: orm.Context) => (typeof ctx.userId === 'number' ? ctx.userId : null)

const userBaseFields = {
  id: orm.Field({ mode: 'r' }),
  username: true,
  password: orm.Field({ mode: 'wa' }),
  jwtToken: orm.Field({ mode: 'r' }),
  avatar: orm.Field({ mode: 'rw' }),
  followersNum: orm.Count('userFollowers'),
  followingsNum: orm.Count('userFollowings'),
  signupTime: true,
} as const
export const UserBase = orm.Schema(user, userBaseFields)

export const ArticleBase = orm.Schema(article, { id: true, title: true, slug: true, views: true })

const contentFields = {
  id: orm.Field({ mode: 'r' }),
  content: true,
  createdAt: true,
  updatedAt: orm.Field({ default: () => new Date() }),
  public: orm.Field({ default: true }),
  type: true,
  likedBysNum: orm.Count('likedBys'),
  commentsNum: orm.Count('comments'),
  authorId: orm.Field({ mode: 'ra' }),
  liked: orm.Exists('likedBys', { filter: (ctx) => ({ userId: ctxUser(ctx) }) }),
} as const

export const ContentSchema = orm.Schema(content, contentFields)
export const ContentBase = orm.Schema(content, { id: true, content: true, article: orm.Field('article', { schema: ArticleBase }) })
export const ArticleRefSchema = orm.Schema(article, { id: true, title: true, comments: orm.Field('contentComments', { schema: [ContentSchema] }) })

export const CommentSchema = orm.Schema(comment, {
  ...contentFields,
  type: orm.Field({ mode: 'r', default: 'comment' }),
  onContentId: orm.Field({ mode: 'ra', alias: '@content' }),
  creator: orm.Field('author', { schema: UserBase, alias: '@author' }),
  comments: orm.Field('comments', { schema: [orm.Self] }),
})

const slugOf = (title: string) => title.split(/\s+/).map((word) => [...word].filter((char) => /[\p{L}\p{N}]/u.test(char)).join('')).join('-').toLowerCase()

export const ArticleSchema = orm.Schema(article, {
  ...contentFields,
  type: orm.Field({ mode: 'r', default: 'article' }),
  tags: orm.Field({ default: () => [] }),
  author: UserBase,
  authorName: orm.Field('author.username', { alias: 'author.name' }),
  authorSignupTime: orm.Field('author.signupTime', { noOutput: true }),
  authorContentsNum: orm.Count('author.contents'),
  authorArticlesViews: orm.Sum('author.contents.article.views'),
  authorAvgArticlesViews: orm.Avg('author.contents.article.views', { filter: { views: { gt: 0 } }, round: 2 }),
  isAuthor: orm.Computed(() => false),
  slug: orm.Field({ mode: 'r' }),
  title: true,
  views: orm.Field({ mode: 'ra' }),
  writableField: orm.Field({ mode: 'w', type: v.nullable(v.string()), default: null }),
  creatableField: orm.Field({ mode: 'a', type: v.nullable(v.string()), default: null }),
  comments: orm.Field('comments', { schema: [CommentSchema], order: ['-id'] }),
  authorTag: orm.Computed((row) => ({ name: row['author.name'], time: row.authorSignupTime }), ['authorName', 'authorSignupTime']),
  followingLikes: orm.Count('likedBys.user.userFollowers', { filter: (ctx) => ({ userId: ctxUser(ctx) }) }),
}, {
  // the peer's __validate__: a slug from the title when none is given
  validate: (value) => (typeof value.slug === 'string' || typeof value.title !== 'string' ? undefined : { ...value, slug: slugOf(value.title) }),
})

/** `get_top_2_articles(*pks)`: the keys of each author's 2 most viewed articles. */
async function top2Articles(pks: unknown[]): Promise<Map<unknown, number[]>> {
  const map = new Map<unknown, number[]>()
  for (const pk of pks) {
    const rows = await (await db()).select({ id: article.id }).from(article).where(eq(article.authorId, pk as number)).orderBy(desc(article.views)).limit(2)
    map.set(pk, rows.map((row) => row.id))
  }
  return map
}
/** `get_top_2_likes_articles(*pks)`: each author's 2 most liked articles (rows). */
async function top2LikesArticles(pks: unknown[]): Promise<Map<unknown, { id: number }[]>> {
  const map = new Map<unknown, { id: number }[]>()
  const likes = sql`(select count(*) from liked l where l.content_id = ${article.id})`
  for (const pk of pks) {
    const rows = await (await db()).select({ id: article.id }).from(article).where(eq(article.authorId, pk as number)).orderBy(desc(likes), article.id).limit(2)
    if (rows.length) map.set(pk, rows)
  }
  return map
}

export const UserSchema = orm.Schema(user, {
  ...userBaseFields,
  top2Articles: orm.Field(top2Articles, { schema: [ArticleSchema] }),
  top2LikesArticles: orm.Field(top2LikesArticles, { schema: [ArticleSchema] }),
  topArticles: orm.Field('contents.article', { schema: [ArticleBase], filter: { views: { gt: 0 } }, order: ['-views'] }),
  topArticle: orm.Field('articles', { schema: ArticleSchema, order: [orm.Order(orm.Count('likedBys'), { desc: true })] }),
  likedSlugs: orm.Field('liked.content.article.slug'),
  sumViews: orm.Field(orm.Sum('contents.article.views'), { alias: '@views' }),
  articlesNum: orm.Count('contents', { filter: { type: 'article' } }),
  combinedNum: orm.Count('contents').times(orm.Count('userFollowers')),
  articles: orm.Field('contents.article', { schema: [ArticleBase] }),
  followerNames: orm.Field('userFollowers.user.username'),
  followerRep: orm.Field('userFollowers.user', { schema: UserBase }),
  followed: orm.Exists('userFollowers', { filter: (ctx) => ({ userId: ctxUser(ctx) }) }),
})

const DAY = 86_400_000
export const UserQuery = orm.Query(user, {
  username: orm.Filter('username'),
  usernameLike: orm.Filter({ query: (value: string) => ({ username: { icontains: value } }), schema: v.string() }),
  followers: orm.Filter('userFollowers.userId'),
  followings: orm.Filter('userFollowings.targetId'),
  followerName: orm.Filter('userFollowers.user.username'),
  withinDays: orm.Filter({ query: (days: number) => ({ signupTime: { gte: new Date(Date.now() - days * DAY) } }), schema: v.number(), alias: 'within_days' }),
  signupDate: orm.Filter('signupTime.date', 'eq', v.string()),
  followersNum: orm.Filter(orm.Count('userFollowers')),
  followersNumGte: orm.Filter(orm.Count('userFollowers'), 'gte', { alias: 'followers_num>=' }),
  order: orm.OrderBy({
    followers_num: orm.Order(orm.Count('userFollowers')),
    likes_num: orm.Order(orm.Count('liked')),
    views_num: orm.Order(orm.Sum('contents.article.views'), { nullsFirst: true }),
    popularity: orm.Order(orm.Count('userFollowers').times(-1).times(orm.Sum('contents.article.views'))),
    signupTime: orm.Order(),
  }),
  page: orm.Page({ alias: '@page' }),
  rows: orm.Limit({ alias: '@rows' }),
  scope: orm.Scope(),
  exclude: orm.Scope({ excluded: true }),
})

const within = (days: number) => ({ createdAt: { gte: new Date(Date.now() - days * DAY) } })
const searched = ['title', 'content', 'description', 'slug', 'tags'] as const
export const ArticleQuery = orm.Query(article, {
  id: orm.Filter('id'),
  author: orm.Filter('author.username'),
  keyword: orm.Filter('content', 'icontains'),
  withinDays: orm.Filter({ query: within, schema: v.number() }),
  search: orm.Search(searched),
  search_union: orm.Search(searched, { mode: 'all' }),
  search_any: orm.Search(searched, { mode: 'any' }),
  liked: orm.Filter('likedBys.user.username'),
  order: orm.OrderBy({ comments_num: orm.Order(orm.Count('comments')), liked_num: orm.Order(orm.Count('likedBys')), views: orm.Order(), createdAt: orm.Order() }),
  offset: orm.Offset({ alias: '@offset' }),
  limit: orm.Limit({ alias: '@limit' }),
  scope: orm.Scope(),
})

export const ArticleStatsQuery = orm.Query(articleStats, {
  articleId: orm.Filter('articleId', 'eq', { alias: 'article_id' }),
  commentsGte: orm.Filter({ query: (value: number) => ({ commentsNum: { gte: value } }), schema: v.number(), alias: 'comments_gte' }),
  likedBysGte: orm.Filter({ query: (value: number) => ({ likedBysNum: { gte: value } }), schema: v.number(), alias: 'liked_bys_gte' }),
  sort: orm.OrderBy({ article_id: orm.Order('articleId'), liked_bys_num: orm.Order('likedBysNum'), comments_num: orm.Order('commentsNum') }),
})
export const ArticleStatsSchema = orm.Schema(articleStats, { articleId: true, commentsNum: true, likedBysNum: true })

export const ArticleRedundantSchema = orm.Schema(article, { id: true, title: true, author: UserSchema })
export const UserRedundantSchema = orm.Schema(user, { id: true, username: true, articles: orm.Field('contents.article', { schema: [ArticleRedundantSchema] }) })
