/**
 * src/orm/ddl.ts: the tables' SQL generated from the drizzle schema (drizzle-kit, in process), the
 * schema's fingerprint, names drizzle-kit would not quote refused, the `create` option checked.
 */
import { integer, pgEnum, pgSchema, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { checkCreateOption, ddlStatements, generateDdl, qualifiedName, schemaFingerprint } from '../../src/orm/ddl'

const mood = pgEnum('mood', ['sad', 'ok'])
const people = pgTable('people', { id: serial('id').primaryKey(), name: text('name').notNull(), mood: mood('mood') })
const pets = pgTable('pets', { id: serial('id').primaryKey(), ownerId: integer('owner_id').references(() => people.id) })

describe('qualifiedName', () => {
  it('names tables and enums with their schema, anything else not at all', () => {
    expect(qualifiedName(people)).toBe('public.people')
    expect(qualifiedName(pgSchema('app').table('t', { id: serial('id') }))).toBe('app.t')
    expect(qualifiedName(mood)).toBe('public.mood')
    expect(qualifiedName({ name: 'people' })).toBeUndefined()
    expect(qualifiedName(undefined)).toBeUndefined()
  })
})

describe('schemaFingerprint', () => {
  it('is stable, whatever the order or the other exports of the module', () => {
    const fingerprint = schemaFingerprint({ people, pets, mood })
    expect(fingerprint).toMatch(/^fnv1a:[0-9a-f]{16}$/)
    expect(schemaFingerprint({ mood, pets, people, helper: () => 1 })).toBe(fingerprint)
  })

  it('changes with any column, default or enum value', () => {
    const base = schemaFingerprint({ people })
    expect(schemaFingerprint({ people: pgTable('people', { id: serial('id').primaryKey(), name: text('name') }) })).not.toBe(base)
    expect(schemaFingerprint({ people: pgTable('people', { id: serial('id').primaryKey(), name: text('name').notNull().default('x') }) })).not.toBe(base)
    expect(schemaFingerprint({ mood: pgEnum('mood', ['sad']) })).not.toBe(schemaFingerprint({ mood }))
  })
})

describe('ddlStatements / generateDdl', () => {
  it('generates the statements of the tables and enums, sorted by export name, with the fingerprint', async () => {
    const ddl = await generateDdl({ pets, people, mood, notATable: 1 })
    expect(ddl.tables).toEqual(['public.people', 'public.pets'])
    expect(ddl.fingerprint).toBe(schemaFingerprint({ pets, people, mood }))
    const text = ddl.statements.join('\n')
    expect(text).toContain('CREATE TYPE "public"."mood" AS ENUM')
    expect(text).toContain('CREATE TABLE "people"')
    expect(text).toContain('FOREIGN KEY ("owner_id") REFERENCES "public"."people"("id")')
  }, 20_000)

  it('refuses a name holding a double quote before drizzle-kit writes it', async () => {
    const quoted = pgTable('bad"name', { id: serial('id') })
    await expect(ddlStatements({ quoted })).rejects.toThrow(
      `orm.Database({ create: true }): the table "bad\\"name" holds a double quote, which drizzle-kit's SQL does not escape: rename it, or create the table with a migration of your own`,
    )
    const column = pgTable('ok', { id: serial('i"d') })
    await expect(ddlStatements({ column })).rejects.toThrow(ImproperlyConfigured)
  })
})

describe('checkCreateOption', () => {
  const ddl = { fingerprint: 'fnv1a:0', tables: ['public.people'], statements: ['CREATE TABLE …'] }

  it('accepts true, false, nothing, and a generated ddl with or without a snapshot', () => {
    for (const value of [undefined, true, false, { ddl }, { ddl, snapshot: 'db.tar.gz' }, { ddl, snapshot: new URL('file:///db.tar.gz') }, { ddl, snapshot: new Blob([]) }])
      expect(() => checkCreateOption(value)).not.toThrow()
  })

  it('refuses anything else that is not a generated ddl', () => {
    for (const value of [null, 'yes', {}, { ddl: {} }, { ddl: { ...ddl, statements: [1] } }, { ddl: { ...ddl, fingerprint: 1 } }])
      expect(() => checkCreateOption(value), JSON.stringify(value)).toThrow(/^orm\.Database: `create` is true, or \{ ddl \}/)
  })

  it('refuses a bad snapshot, and a snapshot anywhere but in-memory PGlite', () => {
    expect(() => checkCreateOption({ ddl, snapshot: '' })).toThrow(/`create\.snapshot` is the path/)
    expect(() => checkCreateOption({ ddl, snapshot: 3 })).toThrow(ImproperlyConfigured)
    expect(() => checkCreateOption({ ddl, snapshot: 'a' }, 'postgres')).toThrow("orm.Database: `create.snapshot` starts in-memory PGlite (engine 'pglite', no dataDir), not engine 'postgres'")
    expect(() => checkCreateOption({ ddl, snapshot: 'a' }, 'pglite', '/data')).toThrow(/not the data directory \/data$/)
  })
})
