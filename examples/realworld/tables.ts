/**
 * The Conduit drizzle schema module: tables and relations. The only
 * declaration of the database: `npx fw-api db generate examples/realworld/tables.ts`
 * writes its DDL to ./fw-db.ts (regenerate after a change: tests/realworld/fw-db.test.ts),
 * which `orm.Database({ create: { ddl } })` runs; drizzle-kit migrates from it in production.
 */
import { relations } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => new Date()),
})

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  password: text('password').notNull(),
  bio: text('bio'),
  image: text('image'),
  ...stamps(),
})

export const follows = pgTable('follows', {
  followerId: integer('follower_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  followingId: integer('following_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (table) => [primaryKey({ columns: [table.followerId, table.followingId] }), index('follows_following_idx').on(table.followingId)])

export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  body: text('body').notNull(),
  authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  ...stamps(),
}, (table) => [index('articles_author_idx').on(table.authorId), index('articles_created_idx').on(table.createdAt, table.id)])

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
})

export const articleTags = pgTable('article_tags', {
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
}, (table) => [primaryKey({ columns: [table.articleId, table.tagId] }), index('article_tags_tag_idx').on(table.tagId)])

export const favorites = pgTable('favorites', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
}, (table) => [primaryKey({ columns: [table.userId, table.articleId] }), index('favorites_article_idx').on(table.articleId)])

export const comments = pgTable('comments', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  ...stamps(),
}, (table) => [index('comments_article_idx').on(table.articleId, table.createdAt)])

export const usersRelations = relations(users, ({ many }) => ({
  articles: many(articles),
  followers: many(follows, { relationName: 'following' }),
  following: many(follows, { relationName: 'follower' }),
  favorites: many(favorites),
}))
export const followsRelations = relations(follows, ({ one }) => ({
  follower: one(users, { fields: [follows.followerId], references: [users.id], relationName: 'follower' }),
  following: one(users, { fields: [follows.followingId], references: [users.id], relationName: 'following' }),
}))
export const articlesRelations = relations(articles, ({ one, many }) => ({
  author: one(users, { fields: [articles.authorId], references: [users.id] }),
  articleTags: many(articleTags),
  favorites: many(favorites),
  comments: many(comments),
}))
export const tagsRelations = relations(tags, ({ many }) => ({ articleTags: many(articleTags) }))
export const articleTagsRelations = relations(articleTags, ({ one }) => ({
  article: one(articles, { fields: [articleTags.articleId], references: [articles.id] }),
  tag: one(tags, { fields: [articleTags.tagId], references: [tags.id] }),
}))
export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  article: one(articles, { fields: [favorites.articleId], references: [articles.id] }),
}))
export const commentsRelations = relations(comments, ({ one }) => ({
  article: one(articles, { fields: [comments.articleId], references: [articles.id] }),
  author: one(users, { fields: [comments.authorId], references: [users.id] }),
}))
