/**
 * src/orm/decode.ts: a built object (the JSON path's row, serialize.ts) decoded in process —
 * column values through their drizzle column, nested objects and lists recursively, paths by
 * their resolved column, virtual defaults, a computed field's dependencies hidden, the row's key
 * kept out of sight; only declared fields are read, whatever else the row holds. The statements
 * themselves run on PGlite in tests/orm/orm.test.ts.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { orm } from '../../src/orm'
import { PK, type Scope } from '../../src/orm/build'
import { decode } from '../../src/orm/decode'
import type { SchemaDef } from '../../src/orm/fields'
import { DEF } from '../../src/orm/types'
import * as schema from './fixtures/conduit-tables'

/** The normalised declaration behind an `orm.Schema`. */
const defOf = (declared: object): SchemaDef => (declared as Record<typeof DEF, SchemaDef>)[DEF]

const User = orm.Schema(schema.users, { id: true, username: true, createdAt: true, role: true })
const Comment = orm.Schema(schema.comments, { id: true, createdAt: true })
const Article = orm.Schema(schema.articles, {
  id: true,
  slug: true,
  author: User,
  comments: [Comment],
  authorName: orm.Field('author.username'),
  commentDates: orm.Field('comments.createdAt'),
  title: orm.Field({ noOutput: true }),
  stars: orm.Field({ type: v.number(), mode: 'ra', default: 7 }),
  shout: orm.Computed((row) => `${String(row.title)}!`, ['title']),
})
const article = defOf(Article)

const STAMP = '2024-01-02T03:04:05+00:00'
const row = () => ({
  [PK]: 41,
  id: 1,
  slug: 'a',
  title: 'T',
  author: { id: 2, username: 'u', createdAt: STAMP, role: 'reader' },
  comments: [{ id: 3, createdAt: STAMP }, { id: 4, createdAt: null }],
  authorName: 'u',
  commentDates: [STAMP, null],
  stars: 3,
  shout: 'from the row',
})

describe('decode', () => {
  it('maps column values through their drizzle column, nested objects and lists recursively', () => {
    const out = decode(schema, article, row())
    expect(out).toEqual({
      id: 1,
      slug: 'a',
      author: { id: 2, username: 'u', createdAt: new Date(STAMP), role: 'reader' },
      comments: [{ id: 3, createdAt: new Date(STAMP) }, { id: 4, createdAt: null }],
      authorName: 'u',
      commentDates: [new Date(STAMP), null],
      stars: 7,
    })
    expect((out.author as Record<string, unknown>).createdAt).toBeInstanceOf(Date)
  })

  it('writes the output fields in declaration order, the rest hidden (not enumerable)', () => {
    const out = decode(schema, article, row())
    expect(Object.keys(out)).toEqual(['id', 'slug', 'author', 'comments', 'authorName', 'commentDates', 'stars'])
    // the row's key for batch functions, and a computed field's dependency: there, not shown
    expect(out[PK]).toBe(41)
    expect(out.title).toBe('T')
    expect(Object.getOwnPropertyDescriptor(out, 'title')?.enumerable).toBe(false)
    expect(JSON.stringify(out)).not.toContain('41')
    // a computed field is left for serialize's finish: decode writes none
    expect('shout' in out).toBe(false)
  })

  it('reads missing and null values as null, and a virtual field as its default whatever the row says', () => {
    const out = decode(schema, article, { id: 1 })
    expect(out).toEqual({ id: 1, slug: null, author: null, comments: null, authorName: null, commentDates: null, stars: 7 })
    expect(PK in out).toBe(false)
  })

  it('copies no key the schema does not declare, and reads a nested value that is no object as null', () => {
    const hostile = JSON.parse(
      '{"id":1,"isAdmin":true,"__proto__":{"polluted":1},"author":"alice","comments":[{"id":5,"password":"x"}]}',
    ) as Record<string, unknown>
    const out = decode(schema, article, hostile)
    expect(Object.keys(out)).not.toContain('isAdmin')
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect((out as { polluted?: unknown }).polluted).toBeUndefined()
    expect(out.author).toBeNull()
    expect(out.comments).toEqual([{ id: 5, createdAt: null }])
  })

  it('decodes only the scope’s fields under a scope, nested scopes included', () => {
    const scope: Scope = { only: new Map<string, Scope | true>([['slug', true], ['author', { only: new Map([['createdAt', true]]) }]]) }
    expect(decode(schema, article, row(), scope)).toEqual({ slug: 'a', author: { createdAt: new Date(STAMP) } })
    expect(decode(schema, article, row(), { excluded: new Set(['author', 'comments', 'commentDates']) })).toEqual({
      id: 1,
      slug: 'a',
      authorName: 'u',
      stars: 7,
    })
  })

  it('gives the same answer from the steps it keeps per module and schema, and a scope does not change them', () => {
    const first = decode(schema, article, row())
    decode(schema, article, row(), { only: new Map([['id', true]]) })
    expect(decode(schema, article, row())).toEqual(first)
    // another schema module (the same tables) is decoded by its own steps
    expect(decode({ ...schema }, article, row())).toEqual(first)
  })

  it('decodes a self-nested schema to its declared depth', () => {
    const Node = orm.Schema(schema.users, { id: true, followers: orm.Field('followers.follower', { schema: [orm.Self], depth: 2 }) })
    const out = decode(schema, defOf(Node), { id: 1, followers: [{ id: 2, followers: [{ id: 3, followers: null }] }] })
    expect(out).toEqual({ id: 1, followers: [{ id: 2, followers: [{ id: 3, followers: null }] }] })
  })
})
