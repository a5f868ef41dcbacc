/**
 * The one schema walker (src/schema/walk.ts): what lies under a schema's
 * wrappers, read by params plans, issue paths, file schemas, the ORM and
 * OpenAPI alike.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Field, file } from 'fw-api'
import { fileFieldsOf, fileSchemaInfo } from '../../src/file/info'
import { assertCompatible } from '../../src/orm/defs'
import { compileChecker, Invalid } from '../../src/schema/parse'
import type { AnySchema } from '../../src/schema/types'
import { compileConverter } from '../../src/schema/convert'
import { innerOf, mayBeAbsent, unwrap, wrappedSchema } from '../../src/schema/walk'

describe('unwrap', () => {
  it('returns a schema without wrappers as it is', () => {
    const schema = v.string()
    expect(innerOf(schema)).toBe(schema)
    expect(unwrap(schema)).toMatchObject({ inner: schema, wrappers: [], optional: false, nullable: false, hasDefault: false, actions: [], field: undefined })
  })

  it('looks through every valibot wrapper, outermost first', () => {
    const core = v.number()
    const wrapped = v.optional(v.nullable(v.undefinedable(v.exactOptional(v.nonNullable(v.nonNullish(v.nonOptional(v.nullish(core))))))))
    const seen = unwrap(wrapped)
    expect(seen.inner).toBe(core)
    expect(innerOf(wrapped)).toBe(core)
    expect(seen.wrappers).toEqual(['optional', 'nullable', 'undefinedable', 'exact_optional', 'non_nullable', 'non_nullish', 'non_optional', 'nullish'])
  })

  it('says absent is fine only for the outermost optional-like wrapper, null for any nullable one', () => {
    expect(unwrap(v.optional(v.nullable(v.string())))).toMatchObject({ optional: true, nullable: true })
    expect(unwrap(v.nullable(v.optional(v.string())))).toMatchObject({ optional: false, nullable: true })
    expect(unwrap(v.nullish(v.string()))).toMatchObject({ optional: true, nullable: true })
    expect(unwrap(v.exactOptional(v.string()))).toMatchObject({ optional: true, nullable: false })
    expect(mayBeAbsent(v.undefinedable(v.string()))).toBe(true)
    expect(mayBeAbsent(v.nullable(v.string()))).toBe(false)
    expect(mayBeAbsent(v.string())).toBe(false)
  })

  it('reads the outermost default, a function kept as declared', () => {
    expect(unwrap(v.optional(v.string(), 'x'))).toMatchObject({ hasDefault: true, default: 'x' })
    const make = () => 3
    expect(unwrap(v.optional(v.number(), make)).default).toBe(make)
    expect(unwrap(v.optional(v.string()))).toMatchObject({ hasDefault: false, default: undefined })
  })

  it('lists the inner pipe actions after its root, metadata included', () => {
    const seen = unwrap(v.optional(v.pipe(v.string(), v.email(), v.description('mail'))))
    expect(seen.actions.map((action) => action.type)).toEqual(['email', 'description'])
    expect(seen.actions.map((action) => action.kind)).toEqual(['validation', 'metadata'])
    expect(unwrap(v.pipe(v.number(), v.transform(String), v.string())).actions.map((item) => item.type)).toEqual(['transform', 'string'])
  })

  it('carries the Field options of the outermost schema', () => {
    expect(unwrap(Field(v.string(), { alias: 'X-Token' })).field).toEqual({ alias: 'X-Token' })
    const defaulted = unwrap(Field(v.number(), { default: 1 }))
    expect(defaulted).toMatchObject({ optional: true, hasDefault: true, default: 1, field: { default: 1 } })
    expect(shapeType(defaulted.inner)).toBe('number')
  })

  it('says what one wrapper holds, and nothing for a schema that is no wrapper', () => {
    const core = v.string()
    expect(wrappedSchema(v.nonNullish(core))).toBe(core)
    expect(wrappedSchema(core)).toBeUndefined()
    expect(wrappedSchema(v.array(core))).toBeUndefined()
  })

  it('stops on a wrapper cycle instead of hanging (a hand-made schema object)', () => {
    const loop = { kind: 'schema', type: 'optional', wrapped: undefined as unknown }
    loop.wrapped = loop
    const seen = unwrap(loop as unknown as AnySchema)
    expect(seen.wrappers).toHaveLength(16)
    expect(innerOf(loop as unknown as AnySchema)).toBe(loop)
  })
})

describe('every site reads wrappers through the walker', () => {
  it('file schemas: info, and fields that may hold files, under any wrapper', () => {
    expect(fileSchemaInfo(v.nonNullable(v.nullable(v.pipe(file.Image, v.maxSize(9)))))).toEqual({ mime: 'image/*', maxSize: 9 })
    expect(fileSchemaInfo(v.undefinedable(file.File))).toEqual({})
    expect(fileSchemaInfo(undefined)).toBeUndefined()
    expect(fileFieldsOf(v.nonOptional(v.object({ name: v.string(), doc: v.exactOptional(file.File) })))).toEqual(['doc'])
  })

  it('issue paths name aliased entries under non_* wrappers (wire names)', () => {
    const check = compileChecker(v.nonOptional(v.object({ inner: v.nonNullable(v.object({ count: Field(v.pipe(v.number(), v.minValue(5)), { alias: 'Count' }) })) })))
    const result = check({ inner: { Count: 1 } })
    expect(result).toBeInstanceOf(Invalid)
    expect((result as Invalid).path).toEqual(['inner', 'Count'])
  })

  it('converters: every wrapper lets undefined/null through and converts the rest as its inner schema', () => {
    const number = v.number()
    const wrapped: AnySchema[] = [v.optional(number), v.nullable(number), v.nullish(number), v.undefinedable(number), v.exactOptional(number), v.nonNullable(number), v.nonNullish(number), v.nonOptional(number)]
    for (const schema of wrapped) {
      const convert = compileConverter(schema)
      expect(convert('3')).toBe(3)
      expect(convert(undefined)).toBeUndefined()
      expect(convert(null)).toBeNull()
    }
  })

  it('orm: a declared value type is checked under every wrapper (v.nonNullable too)', () => {
    expect(() => assertCompatible('S', 'title', 'string', v.nonNullable(v.number()))).toThrow(/cannot be declared as number/)
    expect(() => assertCompatible('S', 'title', 'string', v.nullish(v.string()))).not.toThrow()
  })
})

function shapeType(schema: AnySchema): string {
  return (schema as unknown as { type: string }).type
}
