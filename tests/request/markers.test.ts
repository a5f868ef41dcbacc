/**
 * src/request/markers.ts: param markers — usable bare or called with (schema?, options?), their
 * options read into a spec, a shape mistake kept as a message the build refuses with, and a
 * marker on a field declaring a common param.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import 'fw-api'
import { ImproperlyConfigured } from '../../src/exceptions'
import { ownMeta } from '../../src/meta/class-meta'
import { configure, createMarker, isSchema, MARKER, type MarkerSpec, notASchema, toSpec } from '../../src/request/markers'

const QUERY: MarkerSpec = { kind: 'query', hasDefault: false }
const REST: MarkerSpec = { kind: 'path', hasDefault: false, match: 'rest' }

describe('isSchema', () => {
  it('is true for valibot and any Standard Schema, false for markers and plain values', () => {
    expect(isSchema(v.string())).toBe(true)
    expect(isSchema(z.number())).toBe(true)
    expect(isSchema(createMarker(QUERY))).toBe(false)
    for (const value of [{}, { kind: 'other' }, null, 'string', () => 1]) expect(isSchema(value)).toBe(false)
  })
})

describe('notASchema', () => {
  it('says what was given instead of a schema, and how to fix a plain object', () => {
    expect(notASchema(v.string(), 'request.Query')).toBeUndefined()
    expect(notASchema({ page: v.number() }, 'request.Query')).toBe(
      'request.Query() takes a valibot schema, got a plain object (keys: page); a cast does not make it a schema: write request.Query(v.object({ … }))',
    )
    expect(notASchema(createMarker(QUERY), 'request.Body')).toBe('request.Body() takes a valibot schema, got a request marker')
    expect(notASchema(null, 'x')).toBe('x() takes a valibot schema, got null')
    expect(notASchema(3, 'x')).toBe('x() takes a valibot schema, got number')
  })
})

describe('configure', () => {
  it('reads a schema and then the options into a new spec', () => {
    const schema = v.number()
    const spec = configure(QUERY, [schema, { alias: 'page-size', default: 10, required: false, regex: '^\\d+$' }])
    expect(spec).toEqual({ kind: 'query', schema, alias: 'page-size', hasDefault: true, default: 10, required: false, regex: '^\\d+$' })
    expect(QUERY).toEqual({ kind: 'query', hasDefault: false })
  })

  it('keeps a default of undefined as a default', () => {
    expect(configure(QUERY, [{ default: undefined }])).toMatchObject({ hasDefault: true, default: undefined })
  })

  it('takes `absolute` only for a rest path param', () => {
    expect(configure(REST, [{ absolute: true }]).absolute).toBe(true)
    expect(configure(QUERY, [{ absolute: true }]).absolute).toBeUndefined()
  })

  it('keeps a shape mistake as the message the build refuses with', () => {
    expect(configure(QUERY, [{ page: v.number() }]).invalid).toBe(
      'a param marker takes (schema?, options?): got a plain object (keys: page); a cast does not make it a schema where a valibot schema or the options go: wrap the fields in v.object({ … })',
    )
    expect(configure(QUERY, [v.string(), 'x']).invalid).toBe('a param marker takes (schema?, options?): got string where the options go')
  })
})

describe('createMarker / toSpec', () => {
  it('makes a marker that carries its spec, and a new one per call', () => {
    const marker = createMarker(QUERY)
    expect(toSpec(marker)).toBe(QUERY)
    const configured = (marker as unknown as (...args: unknown[]) => unknown)(v.string(), { alias: 'q' })
    expect(toSpec(configured)).toMatchObject({ kind: 'query', alias: 'q' })
    expect(toSpec(marker)).toBe(QUERY)
    expect(Object.keys(marker as object)).not.toContain(MARKER)
  })

  it('reads a bare schema as an auto param, and refuses anything else', () => {
    const schema = v.string()
    expect(toSpec(schema)).toEqual({ kind: 'auto', schema, hasDefault: false })
    expect(() => toSpec({})).toThrow(ImproperlyConfigured)
    expect(() => toSpec('page')).toThrow('fw: a param must be a valibot schema or a request marker')
  })

  it('declares a common param when put on a field', () => {
    const marker = createMarker(QUERY) as unknown as (value: undefined, context: ClassFieldDecoratorContext) => void
    class Common {
      @marker
      page: unknown
    }
    const field = ownMeta(Common)[0]?.fields.get('page')
    expect(toSpec(field)).toEqual(QUERY)
  })
})
