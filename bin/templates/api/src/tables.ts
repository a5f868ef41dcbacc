import { relations } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
})

export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index('notes_owner_idx').on(table.ownerId), index('notes_created_idx').on(table.createdAt, table.id)])

export const usersRelations = relations(users, ({ many }) => ({ notes: many(notes) }))
export const notesRelations = relations(notes, ({ one }) => ({
  owner: one(users, { fields: [notes.ownerId], references: [users.id] }),
}))
