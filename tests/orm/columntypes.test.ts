/** src/orm/columntypes.ts: the JSON Schema of a column's value, as rows serialize it (or as Postgres writes raw JSON). */
import { bigint, boolean, date, integer, json, numeric, pgEnum, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { columnJson, nullable, transformJson } from '../../src/orm/columntypes'

const mood = pgEnum('mood', ['sad', 'ok'])
const things = pgTable('things', {
  id: serial('id').primaryKey(),
  count: integer('count').notNull(),
  big: bigint('big', { mode: 'number' }).notNull(),
  price: numeric('price').notNull(),
  key: uuid('key').notNull(),
  day: date('day').notNull(),
  at: timestamp('at').notNull(),
  name: varchar('name', { length: 20 }).notNull(),
  note: text('note'),
  on: boolean('on').notNull(),
  data: json('data').notNull(),
  tags: text('tags').array().notNull(),
  mood: mood('mood').notNull(),
})

describe('columnJson', () => {
  it('describes each column type as serialized rows carry it', () => {
    expect(columnJson(things.id)).toEqual({ type: 'integer', format: 'int32' })
    expect(columnJson(things.big)).toEqual({ type: 'integer', format: 'int64' })
    expect(columnJson(things.price)).toEqual({ type: 'string', description: 'a decimal number, as text' })
    expect(columnJson(things.key)).toEqual({ type: 'string', format: 'uuid' })
    expect(columnJson(things.day)).toEqual({ type: 'string', format: 'date' })
    expect(columnJson(things.at)).toEqual({ type: 'string', format: 'date-time' })
    expect(columnJson(things.name)).toEqual({ type: 'string', maxLength: 20 })
    expect(columnJson(things.on)).toEqual({ type: 'boolean' })
    expect(columnJson(things.data)).toEqual({ description: 'a JSON value' })
    expect(columnJson(things.tags)).toEqual({ type: 'array', items: { type: 'string' } })
    expect(columnJson(things.mood)).toEqual({ type: 'string', enum: ['sad', 'ok'] })
  })

  it('describes numbers and timestamps as Postgres writes them in raw JSON', () => {
    expect(columnJson(things.price, { raw: true })).toEqual({ type: 'number' })
    expect(columnJson(things.at, { raw: true })).toEqual({ type: 'string', description: 'a timestamp, as Postgres writes it in JSON' })
  })

  it('makes a column that may hold null nullable, unless told otherwise', () => {
    expect(columnJson(things.note)).toEqual({ type: ['string', 'null'] })
    expect(columnJson(things.note, { nullable: false })).toEqual({ type: 'string' })
    expect(columnJson(things.count, { nullable: true })).toEqual({ type: ['integer', 'null'], format: 'int32' })
  })
})

describe('nullable', () => {
  it('adds null to a type, a type list and an enum once', () => {
    expect(nullable({ type: 'string', enum: ['a'] })).toEqual({ type: ['string', 'null'], enum: ['a', null] })
    expect(nullable({ type: ['integer', 'null'] })).toEqual({ type: ['integer', 'null'] })
    expect(nullable({ type: ['integer'] })).toEqual({ type: ['integer', 'null'] })
  })

  it('wraps a reference or a union in anyOf, and leaves a schema without a type as it is', () => {
    expect(nullable({ $ref: '#/components/schemas/User' })).toEqual({ anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }] })
    expect(nullable({ description: 'a JSON value' })).toEqual({ description: 'a JSON value' })
  })
})

describe('transformJson', () => {
  it('describes a transformed value: a date part, a year or the like, a list item', () => {
    expect(transformJson('date')).toEqual({ type: 'string', format: 'date' })
    expect(transformJson('year')).toEqual({ type: 'integer' })
    expect(transformJson(2)).toEqual({ description: 'the item at index 2 of a JSON list' })
  })
})
