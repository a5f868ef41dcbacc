/**
 * src/body/plan.ts: a body param's plan from its marker and schema — a file body read as bytes
 * bounded by the file's size, a string body as text, anything else in the accepted formats with
 * its file fields and their bounds.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { file } from 'fw-api'
import { BodyParams, bodyPlanOf, fieldFileBound } from '../../src/body/plan'
import type { MarkerSpec } from '../../src/request/markers'

const body = (schema: unknown, more: Partial<MarkerSpec> = {}): MarkerSpec => ({ kind: 'body', hasDefault: false, schema: schema as MarkerSpec['schema'], ...more })

describe('bodyPlanOf', () => {
  it('reads a file body as binary, its size the byte limit, its type the accepted one', () => {
    expect(bodyPlanOf(body(file.Image({ maxBytes: 1024 })))).toEqual({ accept: 'binary', contentType: 'image/*', maxLength: 1024 })
    expect(bodyPlanOf(body(file.Image({ maxBytes: 1024 }), { contentType: 'image/png', maxLength: 10 }))).toEqual({ accept: 'binary', contentType: 'image/png', maxLength: 10 })
  })

  it('reads a string body (or one without a schema) as text', () => {
    expect(bodyPlanOf(body(v.string(), { maxLength: 100 }))).toEqual({ accept: 'text', contentType: undefined, maxLength: 100 })
    expect(bodyPlanOf(body(undefined)).accept).toBe('text')
  })

  it('reads an object body in the formats its marker accepts, with its file fields and their bounds', () => {
    const Upload = v.object({ title: v.string(), photo: file.Image({ maxBytes: 500 }) })
    const plan = bodyPlanOf(body(Upload, { accept: 'form' }))
    expect(plan).toMatchObject({ accept: 'form', fileFields: ['photo'] })
    expect(plan.fileBounds?.get('photo')).toBe(500)
    expect(bodyPlanOf(body(v.object({ a: v.number() }))).accept).toBe('any')
  })

  it('plans a body field (not the whole body) without file fields of its own', () => {
    const plan = bodyPlanOf({ kind: 'body-field', hasDefault: false, schema: v.number() })
    expect(plan).toEqual({ accept: 'any', contentType: undefined, maxLength: undefined, fileFields: undefined, fileBounds: undefined })
  })
})

describe('fieldFileBound', () => {
  it('is the size bound of a file body field, none for other fields', () => {
    expect(fieldFileBound({ kind: 'body-field', hasDefault: false, schema: file.File({ maxBytes: 64 }) as MarkerSpec['schema'] })).toBe(64)
    expect(fieldFileBound({ kind: 'body-field', hasDefault: false, schema: v.string() })).toBeUndefined()
  })
})

describe('BodyParams', () => {
  const spec = (kind: MarkerSpec['kind'], more: Partial<MarkerSpec> = {}): MarkerSpec => ({ kind, hasDefault: false, ...more })
  const source = (name: string, from: unknown) => ({ name, from })

  it('plans body fields under their alias or key, one plan for all of them', () => {
    const params = new BodyParams('Items.create()')
    expect(params.add(spec('body-field'), 'title', source)).toEqual({ name: 'title', from: { kind: 'body-field', wire: 'title' } })
    expect(params.add(spec('body-field', { alias: 'page-size' }), 'pageSize', source)).toEqual({ name: 'page-size', from: { kind: 'body-field', wire: 'page-size' } })
    expect(params.bodies).toEqual([{ accept: 'any', maxLength: undefined }])
  })

  it('plans whole-body params one plan each, by index', () => {
    const params = new BodyParams('Items.create()')
    expect(params.add(spec('body', { schema: v.object({}) }), 'a', source).from).toEqual({ kind: 'body', index: 0 })
    expect(params.add(spec('body', { schema: v.object({}) }), 'b', source).from).toEqual({ kind: 'body', index: 1 })
    expect(params.bodies).toHaveLength(2)
  })

  it('refuses body fields mixed with a whole-body param, in either order, naming the method', () => {
    const fieldsFirst = new BodyParams('Items.create()')
    fieldsFirst.add(spec('body-field'), 'title', source)
    expect(() => fieldsFirst.add(spec('body', { schema: v.object({}) }), 'data', source)).toThrow(/Items\.create\(\): body fields .* cannot be mixed/)
    const wholeFirst = new BodyParams('Items.update()')
    wholeFirst.add(spec('body', { schema: v.object({}) }), 'data', source)
    expect(() => wholeFirst.add(spec('body-field'), 'title', source)).toThrow(/Items\.update\(\)/)
  })
})
