/**
 * src/schema/valibot/describe.ts: valibot schemas described with `@valibot/to-json-schema` once
 * `registerValibotJsonSchema` is called (by `fw-api/openapi`) — draft 2020-12, the side asked
 * for, unsupported parts ignored rather than thrown; the caller's override first, then fw's wire
 * description (schema/valibot/wire-json.ts); `v.email()`'s regex documented beside the format
 * (SPEC §9.1), in an `allOf` when a pattern is already there, never a case-insensitive one.
 */
import { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import type { JsonSchemaObject } from '../../../src/schema/adapter'
import { describerOf } from '../../../src/schema/describers'
import { Field } from '../../../src/schema/field'
import type { AnySchema } from '../../../src/schema/types'
import { registerValibotJsonSchema } from '../../../src/schema/valibot/describe'

registerValibotJsonSchema(toJsonSchema)
const describeValibot = (schema: AnySchema, side: 'input' | 'output' = 'input', override?: (schema: unknown, described: JsonSchemaObject) => JsonSchemaObject | undefined) =>
  describerOf('valibot')(schema, side, { override })

const EMAIL = v.pipe(v.string(), v.email()).pipe[1].requirement.source
const RFC_EMAIL = v.pipe(v.string(), v.rfcEmail()).pipe[1].requirement.source

describe('registerValibotJsonSchema', () => {
  it('makes valibot’s writer describe schemas as draft 2020-12 JSON Schema', () => {
    expect(describeValibot(v.object({ name: v.string(), age: v.optional(v.number()) }))).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number' } },
      required: ['name'],
    })
  })

  it('passes the side asked for, and ignores what JSON Schema cannot say rather than throwing', async () => {
    vi.resetModules()
    const fresh = await import('../../../src/schema/describers')
    const { registerValibotJsonSchema: register } = await import('../../../src/schema/valibot/describe')
    const write = vi.fn(() => ({ type: 'string' }))
    register(write as unknown as typeof toJsonSchema)
    fresh.describerOf('valibot')(v.string(), 'output')
    expect(write).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ target: 'draft-2020-12', errorMode: 'ignore', typeMode: 'output' }))
    // the real writer, on a schema with no JSON Schema equivalent
    expect(() => describeValibot(v.object({ when: v.promise(), check: v.custom(() => true) }))).not.toThrow()
  })

  it('documents each sub-schema as it travels: dates, blobs, bigints, aliased properties', () => {
    const body = v.object({ at: v.date(), file: v.blob(), big: v.bigint(), token: Field(v.string(), { alias: 'X-Token' }) })
    expect(describeValibot(body)).toMatchObject({
      properties: { at: { type: 'string', format: 'date-time' }, file: { type: 'string', format: 'binary' }, big: { type: 'integer' }, 'X-Token': { type: 'string' } },
      required: ['at', 'file', 'big', 'X-Token'],
    })
  })

  it('asks the caller’s override first for every sub-schema; undefined keeps fw’s description', () => {
    const Author = v.object({ id: v.number() })
    const seen: unknown[] = []
    const described = describeValibot(v.object({ author: Author, at: v.date() }), 'output', (sub, json) => {
      seen.push(sub)
      return sub === Author ? { $ref: '#/components/schemas/Author' } : json.type === 'never' ? json : undefined
    })
    expect(described.properties).toEqual({ author: { $ref: '#/components/schemas/Author' }, at: { type: 'string', format: 'date-time' } })
    expect(seen).toContain(Author)
  })

  it('documents v.email()’s and v.rfcEmail()’s regex beside the format', () => {
    expect(describeValibot(v.pipe(v.string(), v.email()))).toMatchObject({ type: 'string', format: 'email', pattern: EMAIL })
    expect(describeValibot(v.pipe(v.string(), v.rfcEmail()))).toMatchObject({ type: 'string', format: 'email', pattern: RFC_EMAIL })
    // the documented pattern refuses what the server refuses
    expect(new RegExp(EMAIL, 'u').test('a!b@example.com')).toBe(false)
  })

  it('puts the email regex in an allOf when another regex holds the pattern', () => {
    const both = describeValibot(v.pipe(v.string(), v.regex(/^a/), v.email()))
    expect(both).toMatchObject({ pattern: '^a', allOf: [{ pattern: EMAIL }] })
    const three = describeValibot(v.pipe(v.string(), v.regex(/^a/), v.email(), v.rfcEmail()))
    expect(three.allOf).toEqual([{ pattern: EMAIL }, { pattern: RFC_EMAIL }])
  })

  it('documents no pattern for a case-insensitive email regex (JSON Schema has no flags)', () => {
    const insensitive = { ...v.email(), requirement: /^[a-z]+@[a-z]+\.[a-z]+$/i }
    const described = describeValibot(v.pipe(v.string(), insensitive as ReturnType<typeof v.email>))
    expect(described).toMatchObject({ type: 'string', format: 'email' })
    expect(described).not.toHaveProperty('pattern')
    expect(JSON.stringify(described)).not.toContain('[a-z]+@')
  })
})
