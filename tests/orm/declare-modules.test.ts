/**
 * Two drizzle schema modules in one process with tables of the same names
 * (two example apps in one test run, or two services): a schema is checked
 * against the module that holds its very tables, never against another
 * module's namesake (its own file: declarations stay registered for this
 * module graph).
 */
import { relations } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { Fw, api, exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'

function tablesModule() {
  const users = pgTable('users', { id: serial('id').primaryKey(), name: text('name').notNull() })
  const posts = pgTable('posts', {
    id: serial('id').primaryKey(),
    authorId: integer('author_id').notNull().references(() => users.id),
    title: text('title').notNull(),
  })
  const usersRelations = relations(users, ({ many }) => ({ posts: many(posts) }))
  const postsRelations = relations(posts, ({ one }) => ({
    author: one(users, { fields: [posts.authorId], references: [users.id] }),
  }))
  return { users, posts, usersRelations, postsRelations }
}

class RootAPI extends api.API {
  @api.get
  ping() {
    return 'pong'
  }
}

describe('declaration checks with two schema modules of namesake tables', () => {
  it('checks each schema against the module holding its tables', () => {
    const first = tablesModule()
    const second = tablesModule()
    // a nested schema over the FIRST module's tables
    orm.Schema(first.posts, { id: true, author: orm.Schema(first.users, { id: true, name: true }) })
    const database = new orm.Database({ engine: 'pglite', schema: second })
    orm.Schema(second.posts, { id: true, author: orm.Schema(second.users, { id: true, name: true }) })
    const service = new Fw(import.meta.url, { api: RootAPI })
    expect(() => service.use(new orm.DatabaseConnections({ default: database }))).not.toThrow()
  })

  it('still refuses a wrong relation of a schema over the active module', () => {
    const module = tablesModule()
    orm.Schema(module.posts, { id: true, writer: orm.Schema(module.users, { id: true }) })
    const database = new orm.Database({ engine: 'pglite', schema: module })
    const service = new Fw(import.meta.url, { api: RootAPI })
    const build = () => service.use(new orm.DatabaseConnections({ default: database }))
    expect(build).toThrow(exceptions.ImproperlyConfigured)
    expect(build).toThrow(/'writer'/)
  })
})
