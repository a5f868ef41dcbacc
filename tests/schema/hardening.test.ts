/**
 * Parsing items, in-process: integer truncation through nested
 * pipes and wrappers and the safe range (14), JSON-encoded params bounded by
 * `limits.depth` (7), `Body(object, { contentType })` enforced (13), a file
 * over its schema's maxSize inside a multipart body is a 413 (17), and
 * FilePathParam refusing traversal (5).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api, file, request } from 'fw-api'
import { compileConverter } from '../../src/schema'
import { call } from '../helpers/client'
import { int } from '../helpers/fixtures'


class RootAPI extends api.API {
  @api.get({ n: v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1)), m: v.optional(v.pipe(int, v.minValue(1))), k: v.optional(int) })
  ints(input: { n: number; m?: number; k?: number }) {
    return input
  }

  @api.get({ filter: v.record(v.string(), v.unknown()), meta: request.HeaderParam(v.optional(v.array(v.unknown())), { alias: 'x-meta' }) })
  json(input: { filter: unknown; meta?: unknown }) {
    return input !== undefined
  }

  @api.post({ data: request.Body(v.object({ a: v.string() }), { contentType: 'application/x-www-form-urlencoded' }) })
  urlencodedOnly({ data }: { data: { a: string } }) {
    return data
  }

  @api.post({ form: request.Form(v.object({ avatar: file.Image({ maxSize: 16 }) })) })
  avatar({ form }: { form: { avatar: file.UploadedFile } }) {
    return form.avatar.size
  }

  @api.get('file/{path}', { path: request.FilePathParam })
  getFile({ path }: { path: string }) {
    return path
  }
}

const service = new Fw(import.meta.url, { api: RootAPI })

describe('integers', () => {
  it('truncate through nested pipes and optional wrappers alike', async () => {
    expect((await call(service, 'GET /ints?n=2.7&m=3.9&k=4.2')).body).toEqual({ n: 2, m: 3, k: 4 })
    expect(compileConverter(v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1)))('2.7')).toBe(2)
    expect(compileConverter(v.nullish(v.pipe(v.pipe(int, v.maxValue(9)), v.minValue(1))))('2.7')).toBe(2)
  })
  it('beyond the safe range → 400, never 1e+23', async () => {
    const result = await call(service, 'GET /ints?n=99999999999999999999999')
    expect(result.status).toBe(400)
    expect(result.text).toContain('safe integer')
    expect((await call(service, `GET /ints?n=${Number.MAX_SAFE_INTEGER}`)).body).toEqual({ n: Number.MAX_SAFE_INTEGER })
  })
})

describe('JSON-encoded params obey limits.depth', () => {
  it('a 7000-deep header or 5000-deep query value → 400 (no RangeError 500, no 200)', async () => {
    const deepHeader = '['.repeat(7000) + ']'.repeat(7000)
    const header = await call(service, 'GET /json?filter={}', { headers: { 'x-meta': deepHeader } })
    expect(header.status).toBe(400)
    expect(header.text).toContain('nested deeper than 100')
    const deepQuery = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`
    expect((await call(service, `GET /json?filter=${encodeURIComponent(deepQuery)}`)).status).toBe(400)
    expect((await call(service, `GET /json?filter=${encodeURIComponent('{"a":[[1]]}')}`)).status).toBe(200)
  })
  it('a service with a lower limits.depth applies it', async () => {
    const shallow = new Fw(import.meta.url, { api: RootAPI, limits: { depth: 3 } })
    expect((await call(shallow, `GET /json?filter=${encodeURIComponent('{"a":[[1]]}')}`)).status).toBe(200)
    expect((await call(shallow, `GET /json?filter=${encodeURIComponent('{"a":[[[1]]]}')}`)).status).toBe(400)
  })
})

describe('Body(object, { contentType })', () => {
  it('refuses other content types with 415', async () => {
    expect((await call(service, 'POST /urlencodedOnly', { json: { a: 'x' } })).status).toBe(415)
    const xml = await call(service, 'POST /urlencodedOnly', { body: '<r><a>x</a></r>', headers: { 'content-type': 'application/xml' } })
    expect(xml.status).toBe(415)
    const form = await call(service, 'POST /urlencodedOnly', { body: 'a=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form).toMatchObject({ status: 200, body: { a: 'x' } })
  })
})

describe('every size limit answers 413', () => {
  it('a multipart file over file.Image({ maxSize }) → 413', async () => {
    const big = new FormData()
    big.append('avatar', new File([new Uint8Array(17)], 'a.png', { type: 'image/png' }))
    expect((await call(service, 'POST /avatar', { body: big })).status).toBe(413)
    const small = new FormData()
    small.append('avatar', new File([new Uint8Array(16)], 'a.png', { type: 'image/png' }))
    expect(await call(service, 'POST /avatar', { body: small })).toMatchObject({ status: 200, body: 16 })
  })
})

describe('FilePathParam refuses traversal', () => {
  it.each([
    '/file/..%2f..%2fetc%2fpasswd',
    '/file/a/..%2f..%2fb',
    '/file/a%5c..%5c..%5cwindows',
    '/file/a%00.txt',
    '/file/%2fetc%2fpasswd',
    '/file/x/%2e%2e%5c%2e%2e',
    '/file/C:%5cwindows',
  ])('%s → 400', async (path) => {
    const result = await call(service, `GET ${path}`)
    expect(result.status).toBe(400)
    expect(result.text).toContain('unsafe file path')
  })
  it('keeps ordinary paths, dots included', async () => {
    expect((await call(service, 'GET /file/a/b/README.md')).body).toBe('a/b/README.md')
    expect((await call(service, 'GET /file/a/..b/.c/x..y')).body).toBe('a/..b/.c/x..y')
  })
})
