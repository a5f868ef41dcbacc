/** The chat example's table (drizzle; `orm.Database({ create: true })` makes it). */
import { pgTable, serial, text } from 'drizzle-orm/pg-core'

export const users = pgTable('chat_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
})
