import { describe, expect, it } from 'vitest'
import { defaultLimits, readBody } from '../../src/body/index'
import { UploadedFile } from '../../src/file/index'
import { expectStatus, post } from './helpers'

describe('readBody: text', () => {
  it('reads the whole body as a string of the accepted type', async () => {
    const plan = { accept: 'text', contentType: 'text/html', maxLength: 10_000 } as const
    expect(await readBody(post('<p>hi</p>', { 'content-type': 'text/html; charset=utf-8' }), plan, defaultLimits)).toBe('<p>hi</p>')
  })

  it('refuses another type with 415 and a longer body with 413 (UtilMeta case)', async () => {
    const plan = { accept: 'text', contentType: 'text/html', maxLength: 100 } as const
    await expectStatus(readBody(post('hi', { 'content-type': 'text/plain' }), plan, defaultLimits), 415, /expected text\/html/)
    await expectStatus(readBody(post('x'.repeat(200), { 'content-type': 'text/html' }), plan, defaultLimits), 413, 'body exceeds 100 bytes')
  })

  it('accepts any type without a pattern, honours charset, empty body is ""', async () => {
    expect(await readBody(post('abc', { 'content-type': 'application/octet-stream' }), { accept: 'text' }, defaultLimits)).toBe('abc')
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9])
    expect(await readBody(post(latin1, { 'content-type': 'text/plain; charset=ISO-8859-1' }), { accept: 'text' }, defaultLimits)).toBe('café')
    expect(await readBody(post('', { 'content-type': 'text/plain' }), { accept: 'text' }, defaultLimits)).toBe('')
    expect(await readBody(new Request('http://x/', { method: 'POST' }), { accept: 'text' }, defaultLimits)).toBeUndefined()
  })

  it('refuses an unknown charset with 415', async () => {
    await expectStatus(readBody(post('x', { 'content-type': 'text/plain; charset=klingon' }), { accept: 'text' }, defaultLimits), 415, 'unsupported charset')
  })
})

describe('readBody: binary', () => {
  it('gives an UploadedFile of the whole body with the request type', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4])
    const file = (await readBody(
      post(bytes, { 'content-type': 'image/PNG', 'content-disposition': 'attachment; filename="x.png"' }),
      { accept: 'binary', contentType: 'image/*' },
      defaultLimits,
    )) as UploadedFile
    expect(file).toBeInstanceOf(UploadedFile)
    expect(file.type).toBe('image/png')
    expect(file.name).toBe('x.png')
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3, 4])
  })

  it('refuses a type outside the pattern with 415; missing type too when a pattern is set', async () => {
    await expectStatus(readBody(post('x', { 'content-type': 'text/plain' }), { accept: 'binary', contentType: 'image/*' }, defaultLimits), 415, /expected image\/\*/)
    const noType = new Request('http://x/', { method: 'POST', body: new Uint8Array([1]) })
    await expectStatus(readBody(noType, { accept: 'binary', contentType: 'image/*' }, defaultLimits), 415, /missing Content-Type/)
  })

  it('accepts any type without a pattern; empty body is undefined; bounded by fileBytes', async () => {
    const file = (await readBody(post('data', { 'content-type': 'application/zip' }), { accept: 'binary' }, defaultLimits)) as File
    expect(file.type).toBe('application/zip')
    expect(file.name).toBe('')
    expect(await readBody(post('', { 'content-type': 'application/zip' }), { accept: 'binary' }, defaultLimits)).toBeUndefined()
    await expectStatus(readBody(post('x'.repeat(20), { 'content-type': 'image/png' }), { accept: 'binary' }, { ...defaultLimits, fileBytes: 10 }), 413)
  })
})
