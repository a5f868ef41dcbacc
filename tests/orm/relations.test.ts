/**
 * src/orm/relations.ts: the links of drizzle relations, primary keys (single and composite),
 * columns by key and foreign keys — read from the schema module, unknown names refused.
 */
import { pgTable, text } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { columnsOf, foreignKeyColumnsOf, foreignKeysTo, linkOf, primaryKeysOf } from '../../src/orm/relations'
import * as schema from './fixtures/conduit-tables'

describe('linkOf', () => {
  it('reads a one relation: its target and the source keys that point at it', () => {
    const link = linkOf(schema, schema.articles, 'author')
    expect(link.kind).toBe('one')
    expect(link.target).toBe(schema.users)
    expect(link.sourceKeys).toEqual(['authorId'])
    expect(link.targetColumns).toEqual([schema.users.id])
  })

  it('reads a many relation through its inverse one', () => {
    const link = linkOf(schema, schema.articles, 'comments')
    expect(link.kind).toBe('many')
    expect(link.target).toBe(schema.comments)
    expect(link.sourceKeys).toEqual(['id'])
    expect(link.targetColumns).toEqual([schema.comments.articleId])
  })

  it('gives the same link object each time (read once)', () => {
    expect(linkOf(schema, schema.articles, 'author')).toBe(linkOf(schema, schema.articles, 'author'))
  })

  it('refuses an unknown relation (listing the known ones), a prototype name, and a table outside the module', () => {
    expect(() => linkOf(schema, schema.articles, 'writer')).toThrow("orm: 'articles' has no relation 'writer' (relations: author, comments, articleTags)")
    expect(() => linkOf(schema, schema.articles, 'constructor')).toThrow(ImproperlyConfigured)
    const stray = pgTable('stray', { id: text('id').primaryKey() })
    expect(() => linkOf(schema, stray, 'x')).toThrow("orm: table 'stray' is not in the database's schema module")
  })
})

describe('primaryKeysOf', () => {
  it('reads a column primary key and a composite one, by key', () => {
    expect(primaryKeysOf(schema.users)).toEqual(['id'])
    expect(primaryKeysOf(schema.articleTags)).toEqual(['articleId', 'tagId'])
    expect(Object.isFrozen(primaryKeysOf(schema.users))).toBe(true)
  })

  it('is empty for a table without one', () => {
    expect(primaryKeysOf(pgTable('logs', { line: text('line') }))).toEqual([])
  })
})

describe('columnsOf', () => {
  it('maps keys to columns in a null-prototype object', () => {
    const columns = columnsOf(schema.users)
    expect(columns.username).toBe(schema.users.username)
    expect(Object.getPrototypeOf(columns)).toBeNull()
    expect(columns.constructor).toBeUndefined()
  })
})

describe('foreignKeysTo / foreignKeyColumnsOf', () => {
  it('finds the keys referencing a table, and every foreign key column', () => {
    expect(foreignKeysTo(schema.comments, schema.users)).toEqual(['authorId'])
    expect(foreignKeysTo(schema.comments, schema.tags)).toEqual([])
    expect(foreignKeyColumnsOf(schema.comments)).toEqual(['articleId', 'authorId'])
    expect(foreignKeyColumnsOf(schema.users)).toEqual([])
  })
})
