/**
 * src/file/info.ts: what the core reads from a file schema to plan a body — whether it is one,
 * its accepted types and size (valibot pipe actions included), which fields of an object may hold
 * files (anything open counts: a multipart part is never refused for a field that might), and
 * their size bounds by wire name.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { file } from 'fw-api'
import { fileBoundsOf, fileFieldsOf, fileFieldTypes, fileSchemaInfo, isFileSchema } from '../../src/file/info'
import { Field } from '../../src/schema/field'

describe('isFileSchema / fileSchemaInfo', () => {
  it('tells fw’s file schemas, and reads their type and size, through wrappers', () => {
    expect(isFileSchema(file.File)).toBe(true)
    expect(isFileSchema(v.string())).toBe(false)
    expect(isFileSchema({ type: 'file' })).toBe(false)
    expect(fileSchemaInfo(file.Image({ maxBytes: 100 }))).toEqual({ mime: 'image/*', maxSize: 100 })
    expect(fileSchemaInfo(v.optional(file.File))).toEqual({})
    expect(fileSchemaInfo(v.string())).toBeUndefined()
    expect(fileSchemaInfo(undefined)).toBeUndefined()
  })

  it('reads valibot’s size and type actions, the smaller size winning', () => {
    const piped = v.pipe(file.File({ maxBytes: 1000 }), v.maxSize(200), v.mimeType(['image/png', 'image/jpeg']))
    expect(fileSchemaInfo(piped)).toEqual({ mime: 'image/png, image/jpeg', maxSize: 200 })
  })

  it('reads another library’s file schema', () => {
    expect(fileSchemaInfo(z.file())).toBeDefined()
  })
})

describe('fileFieldsOf', () => {
  it('lists the fields that may hold a file, under their wire names', () => {
    const Upload = v.object({
      title: v.string(),
      photo: file.Image,
      gallery: v.array(file.Image),
      maybe: v.union([v.string(), file.File]),
      anything: v.unknown(),
      cover: Field(file.File, { alias: 'cover-file' }),
      count: v.number(),
    })
    expect(fileFieldsOf(Upload)).toEqual(['photo', 'gallery', 'maybe', 'anything', 'cover-file'])
  })

  it('lists none for an object that is no plain object, and reads zod through its plan', () => {
    expect(fileFieldsOf(v.looseObject({ a: file.File }))).toBeUndefined()
    expect(fileFieldsOf(v.string())).toBeUndefined()
    expect(fileFieldsOf(z.object({ upload: z.file(), name: z.string() }))).toEqual(['upload'])
  })
})

describe('fileBoundsOf', () => {
  it('gives a file body’s own bound under the empty name, a form’s per wire name', () => {
    expect(fileBoundsOf(file.File({ maxBytes: 10 }))).toEqual(new Map([['', 10]]))
    expect(fileBoundsOf(v.array(file.File({ maxBytes: 20 })))).toEqual(new Map([['', 20]]))
    const Form = v.object({ a: file.File({ maxBytes: 5 }), b: Field(v.array(file.Image({ maxBytes: 7 })), { alias: 'bee' }), c: file.File, d: v.string() })
    expect(fileBoundsOf(Form)).toEqual(new Map([['a', 5], ['bee', 7]]))
  })

  it('has none for schemas without bounded files', () => {
    expect(fileBoundsOf(v.object({ c: file.File }))).toBeUndefined()
    expect(fileBoundsOf(v.string())).toBeUndefined()
  })
})

describe('fileFieldTypes', () => {
  it('finds the file fields of a body, lists of files and aliases included, with their types', () => {
    const Upload = v.object({ title: v.string(), photo: file.Image, docs: v.array(file.File), cover: Field(file.Image, { alias: 'cover-image' }) })
    expect(fileFieldTypes(Upload)).toEqual(new Map([['photo', 'image/*'], ['docs', undefined], ['cover-image', 'image/*']]))
    expect(fileFieldTypes(v.array(Upload), true)).toEqual(fileFieldTypes(Upload))
  })

  it('finds zod’s binary properties (described as fw-api/openapi does), and nothing without a schema', async () => {
    // a document's question: another library's schema is described by the writer fw-api/openapi
    // registers (imported here, last in the file, so the cases above run without it)
    await import('../../src/schema/standard/describe')
    expect([...fileFieldTypes(z.object({ upload: z.file(), name: z.string() })).keys()]).toEqual(['upload'])
    expect(fileFieldTypes(undefined).size).toBe(0)
  })
})
