/**
 * Files declared with another library's schema (src/file/standard.ts): zod's
 * `z.file()` and arktype's `type.instanceOf(File)` are files (bounds and type
 * read from their JSON Schema), multipart file fields are found by key or
 * alias, and a whole-body file schema takes the raw body (413 over its bound).
 */
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Field, Fw, api, file, request } from '../../src/index'
import { fileFieldsOf, fileSchemaInfo } from '../../src/file/info'
import type { StandardSchemaV1 } from '../../src/schema/adapter'

describe('fileSchemaInfo of zod and arktype schemas', () => {
  it('reads a zod file with its byte bound and type, an arktype File or Blob instance, and nothing else', () => {
    expect(fileSchemaInfo(z.file().max(1024).mime(['image/png']))).toEqual({ maxSize: 1024, mime: 'image/png' })
    expect(fileSchemaInfo(z.file().optional())).toEqual({})
    expect(fileSchemaInfo(type.instanceOf(File))).toEqual({})
    expect(fileSchemaInfo(type.instanceOf(file.UploadedFile))).toEqual({})
    expect(fileSchemaInfo(type.instanceOf(Blob))).toEqual({})
    expect(fileSchemaInfo(z.string())).toBeUndefined()
    expect(fileSchemaInfo(type('string'))).toBeUndefined()
    expect(fileSchemaInfo(type.instanceOf(Date))).toBeUndefined()
  })
})

describe('fileFieldsOf zod and arktype object schemas', () => {
  it('lists the fields that may hold a file, by alias, and none for an object of plain values', () => {
    expect(fileFieldsOf(z.object({ name: z.string(), images: z.array(z.file()), one: z.file().nullable() }))).toEqual(['images', 'one'])
    expect(fileFieldsOf(z.object({ avatar: Field(z.file(), { alias: 'Avatar-File' }), n: z.number() }))).toEqual(['Avatar-File'])
    expect(fileFieldsOf(type({ name: 'string', images: type.instanceOf(File).array() }))).toEqual(['images'])
    // what the library cannot describe may be a file
    expect(fileFieldsOf(z.object({ any: z.instanceof(file.UploadedFile), n: z.number() }))).toEqual(['any'])
    expect(fileFieldsOf(z.object({ name: z.string(), n: z.number() }))).toEqual([])
  })

  it('answers undefined (any field may) for a loose object or what is no object', () => {
    expect(fileFieldsOf(z.looseObject({ name: z.string() }))).toBeUndefined()
    expect(fileFieldsOf(z.record(z.string(), z.file()))).toBeUndefined()
    expect(fileFieldsOf(z.array(z.file()))).toBeUndefined()
    // a list whose items the JSON Schema leaves open (effect's array of `instanceOf(File)`) may hold files
    const described = (input: Record<string, unknown>): StandardSchemaV1 => ({
      '~standard': { version: 1, vendor: 'plain', validate: (value) => ({ value }), jsonSchema: { input: () => input, output: () => input } },
    })
    const openList = described({ type: 'object', properties: { name: { type: 'string' }, images: { type: 'array' }, tags: { type: 'array', items: { type: 'string' } } } })
    expect(fileFieldsOf(openList)).toEqual(['images'])
  })
})

describe('a zod or arktype file as the whole body', () => {
  class UploadAPI extends api.API {
    @api.post({ data: request.Body(z.file().max(8)) })
    zod({ data }: { data: File }) {
      return data.text()
    }

    @api.post({ data: request.Body(type.instanceOf(File)) })
    ark({ data }: { data: File }) {
      return data.text()
    }

    @api.post({ form: request.Body(z.object({ name: z.string(), doc: z.file() })) })
    async form({ form }: { form: { name: string; doc: File } }) {
      return [form.name, await form.doc.text()]
    }
  }
  const service = new Fw(import.meta.url, { api: UploadAPI })
  const post = (path: string, body: BodyInit) => service.fetch(new Request(`http://localhost/${path}`, { method: 'POST', body }))

  it('takes the raw bytes as an UploadedFile (zod, arktype) and a multipart file field', async () => {
    for (const path of ['zod', 'ark']) {
      const response = await post(path, new Blob(['bytes']))
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 200, body: 'bytes' })
    }
    const form = new FormData()
    form.append('name', 'n')
    form.append('doc', new File(['content'], 'doc.txt'))
    const response = await post('form', form)
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: ['n', 'content'] })
  })

  it("answers 413 for a body over the zod file's max, before validation", async () => {
    const response = await post('zod', new Blob(['123456789']))
    expect(response.status).toBe(413)
  })
})

describe('a zod file as a form field', () => {
  class FieldAPI extends api.API {
    @api.put({ image: request.BodyParam(z.file().max(16).mime(['image/png'])) })
    zod({ image }: { image: File }) {
      return image.size
    }

    @api.put({ image: request.BodyParam(file.File({ maxSize: 16 })) })
    valibot({ image }: { image: File }) {
      return image.size
    }
  }
  const service = new Fw(import.meta.url, { api: FieldAPI })
  const put = (path: string, image: File) => {
    const form = new FormData()
    form.append('image', image)
    return service.fetch(new Request(`http://localhost/${path}`, { method: 'PUT', body: form }))
  }

  it("answers 413 for a file over the zod file's max, as for fw's own file schema", async () => {
    const big = new File(['x'.repeat(20)], 'a.png', { type: 'image/png' })
    const [zod, valibot] = await Promise.all([put('zod', big), put('valibot', big)])
    expect({ status: zod.status, body: await zod.text() }).toEqual({ status: 413, body: await valibot.text() })
    expect(valibot.status).toBe(413)
  })

  it('refuses a file of another type in the library’s words (a file is no wrong type)', async () => {
    const response = await put('zod', new File(['x'], 'a.txt', { type: 'text/plain' }))
    const body = (await response.json()) as { detail: string }
    // was `Invalid type: Expected string but received UploadedFile` (the file read as a wrong type)
    expect({ status: response.status, detail: body.detail }).toEqual({
      status: 400,
      detail: `BadRequest: parse item: ['image'] failed: Invalid input: expected "image/png"`,
    })
  })
})


describe('fileBoundsOf: the byte bound of each file field, for the multipart reader', () => {
  it('reads zod’s `.max()`, fw’s `maxBytes` and `v.maxSize`, by wire name, on a field or a list of files', async () => {
    const v = await import('valibot')
    const { fileBoundsOf } = await import('../../src/file/info')
    expect(fileBoundsOf(z.object({ doc: z.file().max(1024), docs: z.array(z.file().max(10)), free: z.file(), n: z.number() }))).toEqual(new Map([['doc', 1024], ['docs', 10]]))
    expect(fileBoundsOf(z.object({ doc: z.file().max(5).meta(Field.alias('Doc-File')) }))).toEqual(new Map([['Doc-File', 5]]))
    expect(fileBoundsOf(z.file().max(7))).toEqual(new Map([['', 7]]))
    expect(fileBoundsOf(v.object({ a: file.File({ maxBytes: 3 }), b: v.array(file.Image({ maxBytes: 4 })), c: v.pipe(file.File, v.maxSize(6)), d: file.File }))).toEqual(new Map([['a', 3], ['b', 4], ['c', 6]]))
    // a field named like an Object.prototype member is no bound (a Map, not a plain object)
    expect(fileBoundsOf(z.object({ constructor: z.file() }))).toBeUndefined()
    expect(fileBoundsOf(v.object({ name: v.string() }))).toBeUndefined()
    expect(fileBoundsOf(z.object({ name: z.string() }))).toBeUndefined()
  })
})
