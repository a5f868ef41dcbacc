/**
 * src/schema/field.ts: `Field(schema, { alias, default })` — a wire name and a default for a field
 * of an object schema; valibot's as a copy fw reads the options of, another library's with the
 * alias in its own metadata.
 */
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Field, getFieldOptions } from '../../src/schema/field'
import { ALIAS_KEY } from '../../src/schema/standard/meta'

describe('Field with a valibot schema', () => {
  it('gives a copy whose options fw reads, leaving the schema itself as it was', () => {
    const base = v.number()
    const field = Field(base, { alias: 'page-size' })
    expect(field).not.toBe(base)
    expect(getFieldOptions(field)).toEqual({ alias: 'page-size' })
    expect(getFieldOptions(base)).toBeUndefined()
    expect(v.parse(field, 3)).toBe(3)
  })

  it('turns a default into valibot’s optional-with-default, so plain v.parse agrees with fw', () => {
    const field = Field(v.number(), { default: 20 })
    expect(v.parse(field, undefined)).toBe(20)
    expect(getFieldOptions(field)).toEqual({ default: 20 })
    const schema = v.object({ size: Field(v.number(), { alias: 'page_size', default: 10 }) })
    expect(v.parse(schema, {})).toEqual({ size: 10 })
  })

  it('has no options for anything that is not a field', () => {
    expect(getFieldOptions(undefined)).toBeUndefined()
    expect(getFieldOptions('x')).toBeUndefined()
    expect([getFieldOptions(null), getFieldOptions(1), getFieldOptions(Symbol('s'))]).toEqual([undefined, undefined, undefined])
    expect(getFieldOptions({})).toBeUndefined()
  })
})

describe('Field with another library’s schema', () => {
  it('carries the alias in zod’s and arktype’s JSON Schema metadata', () => {
    const zodField = Field(z.string(), { alias: 'x-name' })
    expect((z.toJSONSchema(zodField) as Record<string, unknown>)[ALIAS_KEY]).toBe('x-name')
    const arkField = Field(type('string'), { alias: 'x-name' })
    expect((arkField.toJsonSchema() as Record<string, unknown>)[ALIAS_KEY]).toBe('x-name')
  })

  it('gives the schema back as it is without an alias', () => {
    const schema = z.number()
    expect(Field(schema)).toBe(schema)
  })

  it('refuses a default (the library gives its own), and an alias a schema cannot carry', () => {
    expect(() => Field(z.number(), { default: 1 } as never)).toThrow(/^Field\(\): give a zod schema its default with zod itself/)
    const bare = { '~standard': { version: 1, vendor: 'mine', validate: (value: unknown) => ({ value }) } } as const
    expect(() => Field(bare, { alias: 'a' })).toThrow(/^Field\(\): this mine schema carries no metadata into its JSON Schema/)
  })

  it('offers Field.alias for metadata written by hand', () => {
    expect(Field.alias('page-size')).toEqual({ [ALIAS_KEY]: 'page-size' })
  })
})
