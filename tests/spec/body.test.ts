import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, file, request } from 'fw-api'
import 'fw-api/xml'
import { call } from '../helpers/client'
import { int } from '../helpers/fixtures'

const Article = v.object({ title: v.string(), views: v.optional(int, 0), published: v.optional(v.boolean(), false) })
type Article = v.InferOutput<typeof Article>
let uploads = ''

// SPEC §3.3 / §3.4 through the whole service.
class BodyAPI extends api.API {
  @api.post({ data: request.Body(Article) })
  article({ data }: { data: Article }) {
    return data
  }
  @api.post({ data: request.Json(Article) })
  json({ data }: { data: Article }) {
    return data
  }
  @api.post({ data: request.Form(v.object({ name: v.string(), tags: v.optional(v.array(v.string()), []) })) })
  form({ data }: { data: { name: string; tags: string[] } }) {
    return data
  }
  @api.post({ items: request.Body(v.array(Article)) })
  batch({ items }: { items: Article[] }) {
    return items.map((item) => item.views)
  }
  @api.post({ title: request.BodyParam(v.string()), views: request.BodyParam(int, { default: 0 }), q: v.optional(v.string()) })
  fields(input: { title: string; views: number; q?: string }) {
    return input
  }
  @api.post({ html: request.Body(v.string(), { maxLength: 100, contentType: 'text/html' }) })
  html({ html }: { html: string }) {
    return html.length
  }
  @api.post({ form: request.Form(v.object({ name: v.string(), files: v.pipe(v.array(file.File), v.maxLength(3)) })) })
  async upload({ form }: { form: { name: string; files: file.UploadedFile[] } }) {
    return Promise.all(form.files.map(async (f) => [f.name, await f.text()]))
  }
  @api.post({ avatar: request.BodyParam(file.Image({ maxSize: 64 })) })
  async avatar({ avatar }: { avatar: file.UploadedFile }) {
    const path = await avatar.save(uploads)
    return path.slice(uploads.length)
  }
  @api.post({ image: request.Body(file.Image({ maxSize: 1024 })) })
  image({ image }: { image: file.UploadedFile }) {
    return { type: image.type, size: image.size }
  }
}

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json; charset=utf-8' } })

describe('SPEC §3.3 bodies', () => {
  const service = new Fw(import.meta.url, { api: BodyAPI })

  it('accepts JSON, XML, urlencoded and multipart for an object body', async () => {
    const expected = { title: 'a', views: 3, published: true }
    expect((await call(service, 'POST /article', json({ title: 'a', views: '3', published: 'yes' }))).body).toEqual(expected)
    const xml = '<?xml version="1.0"?><article><title>a</title><views>3</views><published>true</published></article>'
    expect((await call(service, 'POST /article', { body: xml, headers: { 'content-type': 'application/xml' } })).body).toEqual(expected)
    expect((await call(service, 'POST /article', { body: 'title=a&views=3&published=on', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).body).toEqual(expected)
    const form = new FormData()
    form.append('title', 'a')
    form.append('views', '3')
    form.append('published', '1')
    expect((await call(service, 'POST /article', { body: form })).body).toEqual(expected)
  })
  it('chains nested item names and reports missing fields', async () => {
    const res = await call(service, 'POST /article', json({ views: 'x' }))
    expect(res.status).toBe(400)
    expect((res.body as { detail: string }).detail).toBe("BadRequest: parse item: ['data'] failed: parse item: ['views'] failed: invalid number: 'x'")
    expect(((await call(service, 'POST /article', json({}))).body as { detail: string }).detail).toBe("BadRequest: parse item: ['data'] failed: parse item: ['title'] failed: required item missing")
    expect((await call(service, 'POST /article')).status).toBe(400)
  })
  it('Json refuses other content types with 415, Form likewise', async () => {
    expect((await call(service, 'POST /json', { body: '{"title":"a"}', headers: { 'content-type': 'text/plain' } })).status).toBe(415)
    expect((await call(service, 'POST /json', json({ title: 'a' }))).status).toBe(200)
    expect((await call(service, 'POST /form', json({ name: 'a' }))).status).toBe(415)
    expect((await call(service, 'POST /form', { body: 'name=a&tags=x&tags=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).body).toEqual({ name: 'a', tags: ['x', 'y'] })
  })
  it('wraps a single object or form into a list (UtilMeta batch case)', async () => {
    expect((await call(service, 'POST /batch', json([{ title: 'a', views: '3' }, { title: 'b' }]))).body).toEqual([3, 0])
    expect((await call(service, 'POST /batch', json({ title: 'a', views: '3' }))).body).toEqual([3])
    expect((await call(service, 'POST /batch', { body: 'title=a&views=3', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).body).toEqual([3])
  })
  it('reads several BodyParams from one body, next to a query param', async () => {
    expect((await call(service, 'POST /fields?q=z', json({ title: 't' }))).body).toEqual({ title: 't', views: 0, q: 'z' })
    expect((await call(service, 'POST /fields', { body: 'title=t&views=4', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).body).toEqual({ title: 't', views: 4 })
  })
  it('takes a text body with a content type and a length bound (UtilMeta html case)', async () => {
    expect((await call(service, 'POST /html', { body: '<p>hi</p>', headers: { 'content-type': 'text/html' } })).body).toBe(9)
    expect((await call(service, 'POST /html', { body: 'x'.repeat(200), headers: { 'content-type': 'text/html' } })).status).toBe(413)
    expect((await call(service, 'POST /html', { body: '<p>hi</p>', headers: { 'content-type': 'application/json' } })).status).toBe(415)
  })
})

describe('SPEC §3.4 files', () => {
  const service = new Fw(import.meta.url, { api: BodyAPI })
  afterAll(() => (uploads ? rm(uploads, { recursive: true, force: true }) : undefined))

  it('takes several files in one field, bounded in count', async () => {
    const form = new FormData()
    form.append('name', 'n')
    form.append('files', new File(['aa'], 'a.txt'))
    form.append('files', new File(['bbb'], 'b.txt'))
    expect((await call(service, 'POST /upload', { body: form })).body).toEqual([['a.txt', 'aa'], ['b.txt', 'bbb']])
    for (let i = 0; i < 2; i++) form.append('files', new File(['c'], `c${i}.txt`))
    expect((await call(service, 'POST /upload', { body: form })).status).toBe(400)
  })
  it('checks type and size of a file field and saves it safely', async () => {
    uploads = await mkdtemp(join(tmpdir(), 'fw-up-'))
    const form = new FormData()
    form.append('avatar', new File(['png!'], '../../etc/passwd.png', { type: 'image/png' }))
    const saved = await call(service, 'POST /avatar', { body: form })
    expect(saved.status).toBe(200)
    expect(saved.body).toBe('/passwd.png')
    expect(await readdir(uploads)).toEqual(['passwd.png'])
    const wrongType = new FormData()
    wrongType.append('avatar', new File(['x'], 'a.txt', { type: 'text/plain' }))
    expect((await call(service, 'POST /avatar', { body: wrongType })).status).toBe(400)
    const tooBig = new FormData()
    tooBig.append('avatar', new File([new Uint8Array(100)], 'a.png', { type: 'image/png' }))
    expect((await call(service, 'POST /avatar', { body: tooBig })).status).toBeGreaterThanOrEqual(400)
  })
  it('takes the whole binary body as a file', async () => {
    expect((await call(service, 'POST /image', { body: new Uint8Array(10), headers: { 'content-type': 'image/png' } })).body).toEqual({ type: 'image/png', size: 10 })
    expect((await call(service, 'POST /image', { body: new Uint8Array(10), headers: { 'content-type': 'text/plain' } })).status).toBe(415)
    expect((await call(service, 'POST /image', { body: new Uint8Array(2048), headers: { 'content-type': 'image/png' } })).status).toBe(413)
  })
})
