/**
 * src/orm/defs.ts: an `orm.Schema`'s fields normalised into its def — a column (`true`, a
 * renamed or typed `orm.Field`), a path, an expression, a batch function, a computed value, a
 * nested schema (one, many, `orm.Self`), an input-only (virtual) field — and every build mistake an
 * `ImproperlyConfigured` naming the schema and the field: an unknown column or option, a bad
 * `max` or `depth`, a `type` that is no Standard Schema or that the column cannot become
 * (`assertCompatible`). Driven directly; no database.
 */
import { integer, pgTable, serial, text, timestamp, boolean as bool } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { assertCompatible, defOf, isOrmSchema } from '../../src/orm/defs'
import { Count } from '../../src/orm/expr'
import { Computed, Field, Self } from '../../src/orm/fields'
import { Schema } from '../../src/orm/schema'

const users = pgTable('users', { id: serial('id').primaryKey(), name: text('name').notNull(), age: integer('age'), joined: timestamp('joined'), admin: bool('admin') })
const posts = pgTable('posts', { id: serial('id').primaryKey(), title: text('title'), authorId: integer('author_id') })
const UserOut = Schema(users, { id: true, name: true })

const fieldsOf = (fields: Parameters<typeof defOf>[1]) => defOf(users, fields, 'default').fields
const refused = (fields: Parameters<typeof defOf>[1]) => () => defOf(users, fields, 'default')

describe('defOf: the kinds of field', () => {
  it('takes `true` for a column of that name (read, write, add), and lists the columns', () => {
    const def = defOf(users, { id: true, name: true }, 'reports')
    expect(def).toMatchObject({ name: 'users', db: 'reports', columns: ['id', 'name'], ones: [] })
    expect(def.fields[0]).toMatchObject({ key: 'id', out: 'id', kind: 'column', column: 'id', mode: 'rwa', noOutput: false })
  })

  it('takes orm.Field options over a column: alias, mode, default, noOutput, a compatible type', () => {
    const [field] = fieldsOf({ name: Field({ alias: 'fullName', mode: 'r', default: 'anon', noOutput: true, type: v.pipe(v.string(), v.maxLength(40)) }) })
    expect(field).toMatchObject({ key: 'name', out: 'fullName', kind: 'column', column: 'name', mode: 'r', default: 'anon', noOutput: true })
    expect(field?.type).toBeDefined()
    expect(fieldsOf({ writer: Field('name') })[0]).toMatchObject({ kind: 'column', column: 'name', out: 'writer', mode: 'rwa' })
  })

  it('takes a relation path (read-only, max defaulting to the list bound) and an expression', () => {
    const [path, count] = fieldsOf({ postTitles: Field('posts.title', { max: 10 }), posts: Count('posts') })
    expect(path).toMatchObject({ kind: 'path', path: 'posts.title', mode: 'r', max: 10 })
    expect(count).toMatchObject({ kind: 'expr', mode: 'r', out: 'posts' })
    expect(fieldsOf({ p: Field('posts__title') })[0]).toMatchObject({ kind: 'path', path: 'posts__title' })
  })

  it('takes a batch function (many by default), a computed value and its dependencies', () => {
    const batch = async () => new Map()
    const [fetched, computed] = fieldsOf({ stats: Field(batch), label: Computed((row) => String(row.name), ['name']) })
    expect(fetched).toMatchObject({ kind: 'batch', fn: batch, many: true, mode: 'r' })
    expect(computed).toMatchObject({ kind: 'computed', dependencies: ['name'], mode: 'r' })
  })

  it('takes nested schemas: one (a to-one the def lists), many, orm.Self with its depth', () => {
    const def = defOf(posts, { author: UserOut, readers: [UserOut], id: true }, 'default')
    expect(def.fields[0]).toMatchObject({ kind: 'nested', path: 'author', many: false, depth: 2 })
    expect(def.fields[1]).toMatchObject({ kind: 'nested', many: true })
    expect(def.ones.map((one) => one.key)).toEqual(['author'])
    const [self] = fieldsOf({ friends: Field('friendships.friend', { schema: [Self], depth: 3 }) })
    expect(self).toMatchObject({ kind: 'nested', path: 'friendships.friend', child: Self, many: true, depth: 3 })
  })

  it('takes an input-only field (no column, a type) as virtual, written only', () => {
    expect(fieldsOf({ password: Field({ type: v.string() }) })[0]).toMatchObject({ kind: 'virtual', mode: 'a' })
  })
})

describe('defOf: build mistakes, named', () => {
  it('refuses `true` for what is not a column', () => {
    expect(refused({ nme: true })).toThrow("orm.Schema(users): 'nme' is not a column")
    expect(refused(JSON.parse('{"toString":true}'))).toThrow("'toString' is not a column")
  })

  it('refuses a field spec it does not know', () => {
    expect(refused({ name: 'name' as never })).toThrow(/field 'name' must be true, a nested orm.Schema/)
    expect(refused({ name: 1 as never })).toThrow(ImproperlyConfigured)
  })

  it('refuses an unknown option, a bad max, a bad depth, a nested schema that is not one', () => {
    expect(refused({ name: Field({ aliass: 'x' } as never) })).toThrow("field 'name': unknown option 'aliass'")
    for (const max of [0, -1, 1.5, Number.NaN]) expect(refused({ p: Field('posts.title', { max }) })).toThrow(/max must be a positive integer/)
    for (const depth of [0, 9, 2.5]) expect(refused({ f: Field('friends.friend', { schema: [Self], depth }) })).toThrow('depth must be 1 to 8')
    expect(refused({ f: Field('friends.friend', { schema: {} as never }) })).toThrow('schema must be an orm.Schema')
  })

  it('refuses a missing column without a type, and a type that is no Standard Schema', () => {
    expect(refused({ nickname: Field() })).toThrow("'nickname' is not a column (an input-only field needs a type)")
    expect(refused({ name: Field({ type: { not: 'a schema' } as never }) })).toThrow("field 'name': type must be a Standard Schema")
  })

  it('refuses a type the column cannot become', () => {
    expect(refused({ name: Field({ type: v.number() }) })).toThrow("field 'name': a string column cannot be declared as number")
    expect(refused({ admin: Field({ type: v.string() }) })).toThrow('a boolean column cannot be declared as string')
  })
})

describe('assertCompatible', () => {
  it('allows what a column of each type can become, of any library', () => {
    const allowed: [string, unknown][] = [
      ['string', v.picklist(['a', 'b'])],
      ['string', z.enum(['a', 'b'])],
      ['number', v.string()],
      ['number', z.number()],
      ['bigint', v.number()],
      ['date', v.string()],
      ['date', z.date()],
      ['boolean', v.boolean()],
      ['json', v.number()], // a type the table does not list: anything
      ['string', v.union([v.string(), v.number()])], // unions, custom and lazy schemas are not judged
    ]
    for (const [dataType, type] of allowed) expect(() => assertCompatible('t', 'f', dataType, type as never), dataType).not.toThrow()
    expect(() => assertCompatible('t', 'f', undefined, v.number() as never)).not.toThrow()
  })

  it('refuses the others, naming schema, field, column type and kind', () => {
    expect(() => assertCompatible('posts', 'views', 'number', v.boolean() as never)).toThrow("orm.Schema(posts): field 'views': a number column cannot be declared as boolean")
    expect(() => assertCompatible('posts', 'at', 'date', z.boolean() as never)).toThrow('a date column cannot be declared as boolean')
  })
})

describe('isOrmSchema', () => {
  it('is true of an orm.Schema only', () => {
    expect(isOrmSchema(UserOut)).toBe(true)
    for (const value of [null, undefined, {}, users, v.object({}), () => 1]) expect(isOrmSchema(value)).toBe(false)
  })
})
