/** src/schema/standard/meta.ts: fw's words (an alias) carried in another library's JSON Schema metadata. */
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ALIAS_KEY, withJsonMeta } from '../../../src/schema/standard/meta'

describe('withJsonMeta', () => {
  it('copies a zod schema with the data in its JSON Schema (`.meta`)', () => {
    const schema = z.string()
    const copy = withJsonMeta(schema, { [ALIAS_KEY]: 'page-size' })
    expect(copy).toBeDefined()
    expect(copy).not.toBe(schema)
    expect((z.toJSONSchema(copy as z.ZodString) as Record<string, unknown>)[ALIAS_KEY]).toBe('page-size')
    expect((z.toJSONSchema(schema) as Record<string, unknown>)[ALIAS_KEY]).toBeUndefined()
  })

  it('copies an arktype schema through `.configure`', () => {
    const schema = type('string')
    const copy = withJsonMeta(schema, { [ALIAS_KEY]: 'x-name' })
    expect(copy).toBeDefined()
    expect((copy?.toJsonSchema() as Record<string, unknown>)[ALIAS_KEY]).toBe('x-name')
  })

  it('is undefined for a schema with no metadata method, or one that returns no schema', () => {
    expect(withJsonMeta({ '~standard': {} }, { a: 1 })).toBeUndefined()
    expect(withJsonMeta({ meta: () => undefined }, { a: 1 })).toBeUndefined()
    expect(withJsonMeta({ meta: () => 'text' }, { a: 1 })).toBeUndefined()
  })
})
