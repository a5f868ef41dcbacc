/**
 * src/orm/document.ts and columntypes.ts: an `orm.Schema` in the OpenAPI
 * document, over a table of every common drizzle column type (integer, text,
 * varchar, boolean, enum, bigint, numeric, real, array, jsonb, uuid, date,
 * timestamp; nullable and not), with nested to-one (nullable and
 * `orm.Self`), to-many, path fields, aggregates and a computed field. The REAL
 * rows `serialize()` sends through an endpoint (PGlite, in-process
 * `service.fetch`) pass ajv against the documented schema, nulls included.
 */
import 'fw-api/openapi'
import { relations } from 'drizzle-orm'
import { bigint, boolean, date, integer, jsonb, numeric, pgEnum, pgTable, real, serial, text, timestamp, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, Fw } from 'fw-api'
import { orm } from 'fw-api/orm'
import { answerValidator } from '../openapi/ajv'

const mood = pgEnum('mood', ['happy', 'sad'])
const owners = pgTable('owners', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 20 }).notNull(),
  mentorId: integer('mentor_id').references((): AnyPgColumn => owners.id),
})
const things = pgTable('things', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').references(() => owners.id),
  label: text('label').notNull(),
  note: text('note'),
  active: boolean('active').notNull(),
  mood: mood('mood'),
  size: bigint('size', { mode: 'number' }).notNull(),
  price: numeric('price'),
  ratio: real('ratio'),
  tags: text('tags').array().notNull(),
  meta: jsonb('meta'),
  uid: uuid('uid').notNull().defaultRandom(),
  day: date('day'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
})
const parts = pgTable('parts', {
  id: serial('id').primaryKey(),
  thingId: integer('thing_id').notNull().references(() => things.id),
  weight: integer('weight').notNull(),
})
const ownersRelations = relations(owners, ({ one, many }) => ({
  mentor: one(owners, { fields: [owners.mentorId], references: [owners.id], relationName: 'mentor' }),
  mentees: many(owners, { relationName: 'mentor' }),
  things: many(things),
}))
const thingsRelations = relations(things, ({ one, many }) => ({ owner: one(owners, { fields: [things.ownerId], references: [owners.id] }), parts: many(parts) }))
const partsRelations = relations(parts, ({ one }) => ({ thing: one(things, { fields: [parts.thingId], references: [things.id] }) }))
const tables = { mood, owners, things, parts, ownersRelations, thingsRelations, partsRelations }

const CREATE = `
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE TABLE owners (id serial PRIMARY KEY, name varchar(20) NOT NULL, mentor_id integer REFERENCES owners(id));
CREATE TABLE things (
  id serial PRIMARY KEY, owner_id integer REFERENCES owners(id), label text NOT NULL, note text, active boolean NOT NULL,
  mood mood, size bigint NOT NULL, price numeric, ratio real, tags text[] NOT NULL, meta jsonb,
  uid uuid NOT NULL DEFAULT gen_random_uuid(), day date, at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE parts (id serial PRIMARY KEY, thing_id integer NOT NULL REFERENCES things(id), weight integer NOT NULL);
INSERT INTO owners (name, mentor_id) VALUES ('ada', NULL), ('bob', 1), ('cy', 2);
INSERT INTO things (owner_id, label, note, active, mood, size, price, ratio, tags, meta, day) VALUES
  (2, 'full', 'a note', true, 'happy', 9007199254740991, 12.50, 0.5, '{a,b}', '{"k": [1, 2]}', '2024-02-29'),
  (NULL, 'empty', NULL, false, NULL, 0, NULL, NULL, '{}', NULL, NULL);
INSERT INTO parts (thing_id, weight) VALUES (1, 3), (1, 7);
`

const PartSchema = orm.Schema(parts, { id: true, weight: true }, { name: 'Part' })
const OwnerSchema = orm.Schema(owners, {
  id: true,
  name: true,
  mentor: orm.Field('mentor', { schema: orm.Self, depth: 2 }),
  thingsNum: orm.Count('things'),
  hasThings: orm.Exists('things'),
})
const OwnerBrief = orm.Schema(owners, { id: true })
const ThingSchema = orm.Schema(things, {
  id: true, label: true, note: true, active: true, mood: true, size: true, price: true, ratio: true, tags: true, meta: true, uid: true, day: true, at: true,
  owner: OwnerSchema,
  parts: [PartSchema],
  ownerName: orm.Field('owner.name'),
  partWeights: orm.Field('parts.weight'),
  firstWeight: orm.Field('parts.weight', { first: true }),
  year: orm.Field('at.year'),
  heaviest: orm.Max('parts.weight'),
  totalWeight: orm.Sum('parts.weight'),
  meanWeight: orm.Avg('parts.weight'),
  shout: orm.Computed((row) => String(row.label).toUpperCase(), ['label']),
  labelled: orm.Field('label', { alias: 'title', type: v.pipe(v.string(), v.minLength(1)) }),
})

class ThingAPI extends api.API {
  @api.doc({ result: v.array(ThingSchema) })
  @api.get
  async list() {
    return ThingSchema.serialize(null, { where: {} })
  }
  @api.doc({ result: v.array(OwnerBrief) })
  @api.get
  async owners() {
    return OwnerBrief.serialize()
  }
}

type Json = Record<string, any>

describe('orm.Schema in the document: every column type, relations and computed fields', () => {
  let service: Fw
  let document: Json
  let schemas: Json
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

  beforeAll(async () => {
    const database = orm.Database({ name: 'things', engine: 'pglite', schema: tables })
    service = new Fw(import.meta.url, { name: 'things', api: ThingAPI, route: '/api' })
    service.use(orm.DatabaseConnections({ default: database }))
    await database.execute(CREATE)
    document = service.openapi() as Json
    schemas = document.components.schemas as Json
  })
  afterAll(() => service.close())

  it('types columns from their drizzle types, nullable ones with null', () => {
    expect(schemas.Things.properties).toMatchObject({
      id: { type: 'integer', format: 'int32' },
      label: { type: 'string' },
      note: { type: ['string', 'null'] },
      active: { type: 'boolean' },
      mood: { type: ['string', 'null'], enum: ['happy', 'sad', null] },
      size: { type: 'integer', format: 'int64' },
      price: { type: ['string', 'null'] },
      ratio: { type: ['number', 'null'] },
      tags: { type: 'array', items: { type: 'string' } },
      meta: { description: 'a JSON value' },
      uid: { type: 'string', format: 'uuid' },
      day: { type: ['string', 'null'], format: 'date' },
      at: { type: 'string', format: 'date-time' },
    })
    expect(schemas.Owners.properties.name).toEqual({ type: 'string', maxLength: 20 })
  })

  it('nested schemas are $refs (a nullable to-one with null, orm.Self to itself), to-many arrays, aggregates and paths typed', () => {
    const thing = schemas.Things.properties as Json
    expect(thing.owner).toEqual({ anyOf: [ref('Owners'), { type: 'null' }] })
    expect(thing.parts).toEqual({ type: 'array', items: ref('Part') })
    expect(schemas.Owners.properties.mentor).toEqual({ anyOf: [ref('Owners'), { type: 'null' }] })
    expect(schemas.Owners.properties.thingsNum).toMatchObject({ type: 'integer', minimum: 0 })
    expect(schemas.Owners.properties.hasThings).toMatchObject({ type: 'boolean' })
    expect(thing.ownerName).toEqual({ type: ['string', 'null'], maxLength: 20 })
    expect(thing.partWeights).toEqual({ type: 'array', items: { type: 'integer', format: 'int32' } })
    expect(thing.firstWeight).toEqual({ type: ['integer', 'null'], format: 'int32' })
    expect(thing.year).toEqual({ type: ['integer', 'null'] })
    expect(thing.heaviest).toMatchObject({ type: ['integer', 'null'], format: 'int32' })
    expect(thing.totalWeight).toMatchObject({ type: 'number' })
    expect(thing.meanWeight).toMatchObject({ type: ['number', 'null'] })
    expect(thing.shout).toEqual({ description: 'computed from the row by a function (orm.Computed)' })
    // a declared value type wins, under the field's output key (its alias)
    expect(thing.title).toEqual({ type: 'string', minLength: 1 })
    expect(schemas.Things.required).toEqual(Object.keys(thing))
  })

  it('names: the declared name, else the table in PascalCase; another schema over the same table adds its fields', () => {
    expect(Object.keys(schemas).filter((name) => !['Problem', 'ParamIssue'].includes(name)).sort()).toEqual(['Owners', 'Owners_id', 'Part', 'Things'])
    expect(document.paths['/api/owners'].get.responses['200'].content['application/json'].schema).toEqual({ type: 'array', items: ref('Owners_id') })
  })

  it('the rows serialize() sends pass ajv against the documented result, nulls and the deepest orm.Self level included', async () => {
    const response = await service.fetch(new Request('http://things.test/api/list'))
    expect(response.status).toBe(200)
    const rows = (await response.json()) as Json[]
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ mood: 'happy', size: 9007199254740991, price: '12.5', tags: ['a', 'b'], meta: { k: [1, 2] }, day: '2024-02-29', owner: { name: 'bob', mentor: { name: 'ada', mentor: null } }, partWeights: [3, 7], heaviest: 7, totalWeight: 10, shout: 'FULL' })
    expect(rows[1]).toMatchObject({ owner: null, note: null, mood: null, partWeights: [], firstWeight: null, heaviest: null, meanWeight: null, parts: [] })
    expect(answerValidator(document, '/api/list', 'get')(rows)).toEqual([])
    const owners = await service.fetch(new Request('http://things.test/api/owners'))
    expect(answerValidator(document, '/api/owners', 'get')(await owners.json())).toEqual([])
  })
})
