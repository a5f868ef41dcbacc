/**
 * utilmeta-py's tests/server/app/models.py as drizzle tables. Django's
 * multi-table inheritance (BaseContent → Article, Comment) has no drizzle
 * counterpart: Article and Comment are concrete tables sharing one id
 * sequence, and `content` is a VIEW over both (declared here as a table: only
 * read). Django's ManyToManyFields are their junction tables: `follow`
 * (User.followers / followings) and `liked` (BaseContent.liked_bys / User.likes).
 */
import { relations, sql } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core'

const now = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow()

export const user = pgTable('user', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 20 }).notNull().unique(),
  password: varchar('password', { length: 128 }).notNull().default(''), // Django CharField: '' when not given
  jwtToken: text('jwt_token'),
  avatar: text('avatar'),
  admin: boolean('admin').notNull().default(false),
  signupTime: now('signup_time'),
  lastLoginTime: now('last_login_time'),
  lastLoginIp: text('last_login_ip'),
  lastActivity: now('last_activity'),
})

export const follow = pgTable('follow', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  targetId: integer('target_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  followTime: now('follow_time'),
}, (table) => [unique('follow_user_target').on(table.userId, table.targetId)])

const contentColumns = () => ({
  id: integer('id').primaryKey().default(sql`nextval('content_id_seq')`),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => new Date()),
  public: boolean('public').notNull().default(false),
  authorId: integer('author_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
})

export const article = pgTable('article', {
  ...contentColumns(),
  type: varchar('type', { length: 20 }).notNull().default('article'),
  title: varchar('title', { length: 40 }).notNull(),
  description: text('description').notNull().default(''),
  slug: varchar('slug', { length: 50 }).notNull().unique(),
  views: integer('views').notNull().default(0),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
})

export const comment = pgTable('comment', {
  ...contentColumns(),
  type: varchar('type', { length: 20 }).notNull().default('comment'),
  onContentId: integer('on_content_id').notNull(),
})

/** The VIEW over article and comment (Django's BaseContent table). */
export const content = pgTable('content', {
  ...contentColumns(),
  type: varchar('type', { length: 20 }).notNull(),
  onContentId: integer('on_content_id'),
})

export const liked = pgTable('liked', {
  id: serial('id').primaryKey(),
  contentId: integer('content_id').notNull(),
  userId: integer('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
}, (table) => [unique('liked_content_user').on(table.contentId, table.userId)])

/** An unmanaged view (Django `managed = False`). */
export const articleStats = pgTable('article_stats', {
  articleId: integer('article_id').primaryKey(),
  commentsNum: integer('comments_num').notNull(),
  likedBysNum: integer('liked_bys_num').notNull(),
})

export const userRelations = relations(user, ({ many }) => ({
  userFollowers: many(follow, { relationName: 'target' }),
  userFollowings: many(follow, { relationName: 'user' }),
  contents: many(content),
  articles: many(article),
  comments: many(comment),
  liked: many(liked),
}))
export const followRelations = relations(follow, ({ one }) => ({
  user: one(user, { fields: [follow.userId], references: [user.id], relationName: 'user' }),
  target: one(user, { fields: [follow.targetId], references: [user.id], relationName: 'target' }),
}))
export const contentRelations = relations(content, ({ one, many }) => ({
  author: one(user, { fields: [content.authorId], references: [user.id] }),
  article: one(article, { fields: [content.id], references: [article.id], relationName: 'base' }),
  comment: one(comment, { fields: [content.id], references: [comment.id], relationName: 'commentBase' }),
  comments: many(comment, { relationName: 'onContent' }),
  onArticle: one(article, { fields: [content.onContentId], references: [article.id], relationName: 'contentOnArticle' }),
  likedBys: many(liked, { relationName: 'content' }),
}))
export const articleRelations = relations(article, ({ one, many }) => ({
  author: one(user, { fields: [article.authorId], references: [user.id] }),
  base: one(content, { fields: [article.id], references: [content.id], relationName: 'base' }),
  comments: many(comment, { relationName: 'onArticle' }),
  contentComments: many(content, { relationName: 'contentOnArticle' }),
  likedBys: many(liked, { relationName: 'article' }),
}))
export const commentRelations = relations(comment, ({ one, many }) => ({
  author: one(user, { fields: [comment.authorId], references: [user.id] }),
  base: one(content, { fields: [comment.id], references: [content.id], relationName: 'commentBase' }),
  onContent: one(content, { fields: [comment.onContentId], references: [content.id], relationName: 'onContent' }),
  onArticle: one(article, { fields: [comment.onContentId], references: [article.id], relationName: 'onArticle' }),
  onComment: one(comment, { fields: [comment.onContentId], references: [comment.id], relationName: 'replies' }),
  comments: many(comment, { relationName: 'replies' }),
  likedBys: many(liked, { relationName: 'comment' }),
}))
export const likedRelations = relations(liked, ({ one }) => ({
  user: one(user, { fields: [liked.userId], references: [user.id] }),
  content: one(content, { fields: [liked.contentId], references: [content.id], relationName: 'content' }),
  article: one(article, { fields: [liked.contentId], references: [article.id], relationName: 'article' }),
  comment: one(comment, { fields: [liked.contentId], references: [comment.id], relationName: 'comment' }),
}))
