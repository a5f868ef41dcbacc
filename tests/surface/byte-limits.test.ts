/**
 * One spelling per idea: a byte limit is `maxBytes` on
 * body params and file schemas (like the service's `bodyBytes`/`fileBytes`);
 * the earlier `maxLength` (body) and `maxSize` (file) stay accepted.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, file, request } from 'fw-api'
import { call } from '../helpers/client'

class Limited extends api.API {
  @api.post({ text: request.Body(v.string(), { maxBytes: 5 }) })
  bytes({ text }: { text: string }) { return text }
  @api.post({ text: request.Body(v.string(), { maxLength: 5 }) })
  length({ text }: { text: string }) { return text }
  @api.post({ data: request.Json(v.object({ a: v.string() }), { maxBytes: 12 }) })
  json({ data }: { data: { a: string } }) { return data.a }
  @api.post({ a: request.BodyParam(v.string(), { maxBytes: 12 }) })
  field({ a }: { a: string }) { return a }
  @api.post({ image: request.Body(file.Image({ maxBytes: 4 })) })
  image({ image }: { image: file.UploadedFile }) { return image.size }
  @api.post({ image: request.Body(file.Image({ maxSize: 4 })) })
  sized({ image }: { image: file.UploadedFile }) { return image.size }
}

const service = new Fw(import.meta.url, { api: Limited })
const text = (body: string) => ({ body, headers: { 'content-type': 'text/plain' } })
const png = (bytes: number) => ({ body: new Uint8Array(bytes), headers: { 'content-type': 'image/png' } })

describe('maxBytes, and the accepted older spellings', () => {
  it('request.Body: maxBytes and maxLength bound the body alike (413 beyond)', async () => {
    for (const path of ['/bytes', '/length']) {
      expect((await call(service, `POST ${path}`, text('12345'))).status, path).toBe(200)
      expect((await call(service, `POST ${path}`, text('123456'))).status, path).toBe(413)
    }
  })
  it('request.Json and request.BodyParam take maxBytes', async () => {
    expect((await call(service, 'POST /json', { json: { a: 'x' } })).status).toBe(200)
    expect((await call(service, 'POST /json', { json: { a: 'xxxxxxxxxx' } })).status).toBe(413)
    expect((await call(service, 'POST /field', { json: { a: 'x' } })).status).toBe(200)
    expect((await call(service, 'POST /field', { json: { a: 'xxxxxxxxxx' } })).status).toBe(413)
  })
  it('file schemas: maxBytes and maxSize bound the file alike, and both read back', async () => {
    for (const path of ['/image', '/sized']) {
      expect((await call(service, `POST ${path}`, png(4))).text, path).toBe('4')
      expect((await call(service, `POST ${path}`, png(5))).status, path).toBe(413)
    }
    expect(file.Image({ maxBytes: 7 }).maxBytes).toBe(7)
    expect(file.Image({ maxBytes: 7 }).maxSize).toBe(7)
    expect(file.Image({ maxSize: 7 }).maxBytes).toBe(7)
    expect(file.File({ maxBytes: 7 })({ mime: 'image/png' }).maxBytes).toBe(7)
  })
  it('both spellings with different values is ImproperlyConfigured where declared', () => {
    expect(() => request.Body(v.string(), { maxBytes: 5, maxLength: 6 })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => request.BodyParam(v.string(), { maxBytes: 5, maxLength: 6 })).toThrow(/maxBytes \(5\) and its alias maxLength \(6\) disagree/)
    expect(() => file.Image({ maxBytes: 5, maxSize: 6 })).toThrow(/maxBytes \(5\) and its alias maxSize \(6\) disagree/)
    expect(request.Body(v.string(), { maxBytes: 5, maxLength: 5 })).toBeDefined()
  })
})
