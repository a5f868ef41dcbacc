/**
 * src/orm/columns.ts: the valibot schemas of a table's columns (drizzle-valibot, read once per
 * table), as selected and as inserted, the schema of one column to filter on.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { columnSchema, insertEntries, selectEntries } from '../../src/orm/columns'
import * as schema from './fixtures/conduit-tables'

describe('selectEntries / insertEntries', () => {
  it('gives each column’s schema as selected, read once per table, in a null-prototype map', () => {
    const entries = selectEntries(schema.users)
    expect(selectEntries(schema.users)).toBe(entries)
    expect(Object.getPrototypeOf(entries)).toBeNull()
    expect(Object.keys(entries)).toEqual(['id', 'username', 'email', 'bio', 'role', 'createdAt', 'updatedAt'])
    expect(v.safeParse(entries.username as v.GenericSchema, 'jake').success).toBe(true)
    expect(v.safeParse(entries.bio as v.GenericSchema, null).success).toBe(true)
    expect(v.safeParse(entries.role as v.GenericSchema, 'admin').success).toBe(false)
  })

  it('lets columns with a default or a serial be left out when inserting', () => {
    const entries = insertEntries(schema.users)
    expect(v.safeParse(entries.id as v.GenericSchema, undefined).success).toBe(true)
    expect(v.safeParse(entries.role as v.GenericSchema, undefined).success).toBe(true)
    expect(v.safeParse(entries.username as v.GenericSchema, undefined).success).toBe(false)
  })
})

describe('columnSchema', () => {
  it('gives a column’s schema under its nullable wrapper, for filtering', () => {
    expect(v.safeParse(columnSchema(schema.users, 'bio'), null).success).toBe(false)
    expect(v.safeParse(columnSchema(schema.users, 'bio'), 'text').success).toBe(true)
  })

  it('refuses a key that is no column, prototype names included', () => {
    expect(() => columnSchema(schema.users, 'nope')).toThrow("orm: no column 'nope' to filter on")
    expect(() => columnSchema(schema.users, 'constructor')).toThrow(ImproperlyConfigured)
  })
})
