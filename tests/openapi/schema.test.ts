/**
 * src/openapi/schema.ts: schemas of any library as OpenAPI 3.1 schemas — fw's own kinds (dates,
 * bigints, files, aliases), recursive definitions named document-wide, what the wire accepts
 * (integers truncated), JSON-encoded params, defaults (a body's file fields: tests/file/info.test.ts).
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { file } from 'fw-api'
import { Field } from '../../src/schema/field'
import { acceptedInput, type Definitions, jsonDefault, toSchema, wireSchema } from '../../src/openapi/schema'

describe('toSchema', () => {
  it('writes fw’s own kinds: dates, bigints, files, aliased properties', () => {
    const defs: Definitions = {}
    expect(toSchema(v.date(), defs)).toEqual({ type: 'string', format: 'date-time' })
    expect(toSchema(v.bigint(), defs)).toEqual({ type: 'integer' })
    expect(toSchema(file.Image, defs)).toEqual({ type: 'string', format: 'binary', contentMediaType: 'image/*' })
    expect(toSchema(v.object({ pageSize: Field(v.number(), { alias: 'page-size' }) }), defs)).toMatchObject({
      type: 'object',
      properties: { 'page-size': { type: 'number' } },
      required: ['page-size'],
    })
    expect(defs).toEqual({})
  })

  it('is a string without a schema, and nothing for a value no library owns', () => {
    expect(toSchema(undefined, {})).toEqual({ type: 'string' })
    expect(toSchema({ not: 'a schema' } as never, {})).toEqual({})
  })

  it('describes zod schemas too, each side as zod does (a transform’s output as any value)', () => {
    expect(toSchema(z.object({ n: z.number().int() }), {})).toMatchObject({ type: 'object', properties: { n: { type: 'integer' } } })
    const length = z.string().transform((text) => text.length)
    expect(toSchema(length, {}, 'input')).toEqual({ type: 'string' })
    expect(toSchema(length, {}, 'output')).toEqual({})
  })

  it('names recursive definitions document-wide, one conversion after another', () => {
    type Node = { children: Node[] }
    const Tree: v.GenericSchema<Node> = v.object({ children: v.array(v.lazy(() => Tree)) })
    const defs: Definitions = { Existing: { type: 'string' } }
    const first = JSON.stringify(toSchema(v.object({ tree: Tree }), defs))
    expect(first).toContain('#/components/schemas/Schema1')
    expect(Object.keys(defs)).toEqual(['Existing', 'Schema1'])
    toSchema(v.object({ other: Tree }), defs)
    expect(Object.keys(defs)).toHaveLength(3)
  })
})

describe('acceptedInput', () => {
  it('documents integers as numbers a decimal truncates to, at any depth, keeping descriptions', () => {
    expect(acceptedInput({ type: 'object', properties: { n: { type: 'integer', description: 'Count' }, m: { type: ['integer', 'null'] } } })).toEqual({
      type: 'object',
      properties: {
        n: { type: 'number', description: 'Count. An integer: a decimal is accepted and truncated toward zero (`1.5` → 1) before its bounds are checked.' },
        m: { type: ['number', 'null'], description: 'An integer: a decimal is accepted and truncated toward zero (`1.5` → 1) before its bounds are checked.' },
      },
    })
  })

  it('leaves data keywords as they are (an enum or default that looks like a schema)', () => {
    expect(acceptedInput({ type: 'string', default: { type: 'integer' }, enum: [{ type: 'integer' }] })).toEqual({ type: 'string', default: { type: 'integer' }, enum: [{ type: 'integer' }] })
  })
})

describe('wireSchema', () => {
  it('describes an object or record param as JSON sent in one string, its default as that JSON', () => {
    expect(wireSchema(v.optional(v.object({ a: v.number() }), { a: 1 }), {})).toEqual({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      default: '{"a":1}',
    })
    expect(wireSchema(v.string(), {})).toEqual({ type: 'string' })
  })
})

describe('jsonDefault', () => {
  it('keeps a default JSON can write, as JSON writes it, and drops one it cannot', () => {
    expect(jsonDefault(new Date(0))).toEqual({ default: '1970-01-01T00:00:00.000Z' })
    expect(jsonDefault(undefined)).toEqual({})
    expect(jsonDefault(() => 1)).toEqual({})
    expect(jsonDefault(10n)).toEqual({})
  })
})

