/**
 * src/schema/valibot/wire-json.ts: what fw adds to `@valibot/to-json-schema`'s description of one
 * valibot sub-schema so it is documented as it travels — a Date as a date-time string, a Blob as
 * a binary string, a bigint as an integer, an object's properties (and its required list) under
 * their `Field` aliases — and `undefined` (the writer's stays) for anything else.
 */
import { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { JsonSchemaObject } from '../../../src/schema/adapter'
import { Field } from '../../../src/schema/field'
import type { AnySchema } from '../../../src/schema/types'
import { valibotWireJson } from '../../../src/schema/valibot/wire-json'

/** What `@valibot/to-json-schema` makes of `schema` (the `converted` fw is given). */
const converted = (schema: AnySchema): JsonSchemaObject => toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchemaObject

describe('valibotWireJson', () => {
  it('documents a Date as a date-time string, a Blob as a binary string, a bigint as an integer', () => {
    expect(valibotWireJson(v.date(), {})).toEqual({ type: 'string', format: 'date-time' })
    expect(valibotWireJson(v.blob(), {})).toEqual({ type: 'string', format: 'binary' })
    expect(valibotWireJson(v.bigint(), {})).toEqual({ type: 'integer' })
    // wrapped in a pipe, the schema's own type decides
    expect(valibotWireJson(v.pipe(v.date(), v.minValue(new Date(0))), {})).toEqual({ type: 'string', format: 'date-time' })
  })

  it('keeps the writer’s description of anything else (undefined)', () => {
    for (const schema of [v.string(), v.number(), v.array(v.date()), v.optional(v.string()), v.union([v.string(), v.number()])])
      expect(valibotWireJson(schema, converted(schema))).toBeUndefined()
  })

  it('renames an object’s properties and its required list by their Field aliases, in order', () => {
    const body = v.object({ authToken: Field(v.string(), { alias: 'X-Auth-Token' }), page: v.optional(v.number()), name: v.string() })
    expect(valibotWireJson(body, converted(body))).toEqual({
      ...converted(body),
      properties: { 'X-Auth-Token': { type: 'string' }, page: { type: 'number' }, name: { type: 'string' } },
      required: ['X-Auth-Token', 'name'],
    })
    for (const object of [v.strictObject(body.entries), v.looseObject(body.entries), v.objectWithRest(body.entries, v.string())])
      expect(Object.keys(valibotWireJson(object, converted(object))?.properties ?? {}), object.type).toEqual(['X-Auth-Token', 'page', 'name'])
  })

  it('keeps the writer’s object when no property has an alias of another name', () => {
    const same = v.object({ a: Field(v.string(), { alias: 'a' }), b: v.number() })
    expect(valibotWireJson(same, converted(same))).toBeUndefined()
    expect(valibotWireJson(v.object({}), { type: 'object' })).toBeUndefined()
  })

  it('takes a described object without properties or required list as it is', () => {
    const aliased = v.object({ a: Field(v.string(), { alias: 'x' }) })
    expect(valibotWireJson(aliased, { type: 'object' })).toEqual({ type: 'object', properties: {} })
    expect(valibotWireJson(aliased, { type: 'object', properties: { a: {} }, required: 'a' })).toEqual({ type: 'object', properties: { x: {} }, required: 'a' })
  })

  it('keeps a property whose alias is an object’s special key (__proto__, constructor) as a property', () => {
    const odd = v.object({ a: Field(v.string(), { alias: '__proto__' }), b: Field(v.number(), { alias: 'constructor' }) })
    const described = valibotWireJson(odd, converted(odd))
    expect(Object.keys(described?.properties ?? {})).toEqual(['__proto__', 'constructor'])
    expect(JSON.parse(JSON.stringify(described))).toMatchObject({ properties: JSON.parse('{"__proto__":{"type":"string"},"constructor":{"type":"number"}}'), required: ['__proto__', 'constructor'] })
    expect(Object.getPrototypeOf(described?.properties)).toBe(Object.prototype)
  })
})
