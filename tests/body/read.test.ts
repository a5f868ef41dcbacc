/**
 * src/body/read.ts: a request body read and parsed per the endpoint's plan — each format, the
 * limit of each (a declared length over it refused before reading), bodies without a type or of
 * a refused one a 415, empty bodies as none, a body read twice an error.
 */
import { describe, expect, it, vi } from 'vitest'
import * as format from '../../src/body/format'
import type { BodyPlan } from '../../src/body/format'
import { defaultLimits } from '../../src/body/limits'
import { EndpointBodyReader, readBody } from '../../src/body/read'
import { BadRequest, RequestEntityTooLarge, UnsupportedMediaType } from '../../src/exceptions'
import { UploadedFile } from '../../src/file/uploaded'
import { RequestContext } from '../../src/request/context'

const limits = { ...defaultLimits, bodyBytes: 64, formBytes: 32 }
const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request('http://h/', { method: 'POST', body, headers })
const read = (request: Request, plan: BodyPlan = { accept: 'any' }) => readBody(request, plan, limits)

describe('readBody', () => {
  it('parses JSON, urlencoded and text bodies', async () => {
    expect(await read(post('{"a":[1,2]}', { 'content-type': 'application/json' }))).toEqual({ a: [1, 2] })
    expect({ ...((await read(post('a=1&a=2&b=x', { 'content-type': 'application/x-www-form-urlencoded' }))) as object) }).toEqual({ a: ['1', '2'], b: 'x' })
    expect(await read(post('hé', { 'content-type': 'text/plain; charset=utf-8' }), { accept: 'text' })).toBe('hé')
  })

  it('reads a binary body as an uploaded file named by its Content-Disposition', async () => {
    const file = (await read(post(new Uint8Array([1, 2, 3]), { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="a.png"' }), { accept: 'binary' })) as UploadedFile
    expect(file).toBeInstanceOf(UploadedFile)
    expect([file.name, file.type, file.size]).toEqual(['a.png', 'image/png', 3])
    expect(await read(post(new Uint8Array(), { 'content-type': 'image/png' }), { accept: 'binary' })).toBeUndefined()
  })

  it('reads no body as none, and an empty one as none (but text as an empty string)', async () => {
    expect(await read(new Request('http://h/'))).toBeUndefined()
    expect(await read(post('', { 'content-type': 'application/json', 'content-length': '0' }))).toBeUndefined()
    expect(await read(post('', { 'content-type': 'application/json' }))).toBeUndefined()
  })

  it('refuses a body over its format’s limit, a declared length over it before reading', async () => {
    await expect(read(post('x'.repeat(100), { 'content-type': 'application/json' }))).rejects.toBeInstanceOf(RequestEntityTooLarge)
    await expect(read(post(`a=${'x'.repeat(40)}`, { 'content-type': 'application/x-www-form-urlencoded' }))).rejects.toThrow('body exceeds 32 bytes')
    await expect(read(post('{}', { 'content-type': 'application/json', 'content-length': '1000' }))).rejects.toThrow('body exceeds 64 bytes')
    await expect(read(post('"abcdefghij"', { 'content-type': 'application/json' }), { accept: 'json', maxLength: 5 })).rejects.toThrow('body exceeds 5 bytes')
  })

  it('answers 415 for a refused type, and for a body without one, saying what is expected', async () => {
    await expect(read(post('<a/>', { 'content-type': 'application/xml' }), { accept: 'json' })).rejects.toThrow("content type 'application/xml' is not accepted; expected")
    await expect(read(post('x', { 'content-type': 'text/plain' }), { accept: 'any', contentType: 'application/vnd.x+json' })).rejects.toThrow(/expected application\/vnd\.x\+json$/)
    const missing = await read(post(new TextEncoder().encode('{"a":1}'))).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(UnsupportedMediaType)
    expect((missing as Error).message).toMatch(/^missing Content-Type; expected/)
  })

  it('answers invalid JSON with a 400, and refuses reading a body twice', async () => {
    await expect(read(post('{nope', { 'content-type': 'application/json' }))).rejects.toBeInstanceOf(BadRequest)
    const request = post('{}', { 'content-type': 'application/json' })
    await request.text()
    await expect(read(request)).rejects.toThrow('fw: the request body was already read')
  })

  it('parses a multipart body with its fields and files', async () => {
    const form = new FormData()
    form.append('title', 't')
    form.append('photo', new File(['png'], 'p.png', { type: 'image/png' }))
    const request = new Request('http://h/', { method: 'POST', body: form })
    const parsed = (await readBody(request, { accept: 'form', fileFields: ['photo'] }, defaultLimits)) as Record<string, unknown>
    expect(parsed.title).toBe('t')
    expect((parsed.photo as File).name).toBe('p.png')
  })
})

describe('EndpointBodyReader', () => {
  const exchangeOf = (request: Request) => ({ context: new RequestContext(request, '/', '', Date.now()), bodyAccepted: undefined as readonly boolean[] | undefined })
  const json = (body: string, type = 'application/json') => post(body, { 'content-type': type })

  it('reads an application/json body of one plan as found at build (format and limit), answering as readBody does', async () => {
    const reading = vi.spyOn(format, 'readingOf')
    const reader = new EndpointBodyReader([{ accept: 'json', maxLength: 20 }], limits)
    expect(reading).toHaveBeenCalledTimes(1) // at build
    const exchange = exchangeOf(json('{"name":"a"}'))
    expect(await reader.read(exchange)).toEqual({ name: 'a' })
    expect(exchange.bodyAccepted).toEqual([true])
    expect(reading).toHaveBeenCalledTimes(1) // none per body
    await expect(reader.read(exchangeOf(json(`"${'x'.repeat(30)}"`)))).rejects.toBeInstanceOf(RequestEntityTooLarge) // the plan's maxLength
    await expect(reader.read(exchangeOf(json('{"a":'))).catch((error: unknown) => error)).resolves.toBeInstanceOf(BadRequest)
    expect(await reader.read(exchangeOf(post(null, { 'content-type': 'application/json' })))).toBeUndefined()
    // another header spelling is parsed per body, as before
    expect(await reader.read(exchangeOf(json('{"name":"b"}', 'application/json; charset=utf-8')))).toEqual({ name: 'b' })
    expect(reading).toHaveBeenCalledTimes(2)
    reading.mockRestore()
  })

  it('refuses application/json where the one plan does not take it (415), and reads it as text where it does', async () => {
    await expect(new EndpointBodyReader([{ accept: 'form' }], limits).read(exchangeOf(json('{}')))).rejects.toBeInstanceOf(UnsupportedMediaType)
    await expect(new EndpointBodyReader([{ accept: 'text', contentType: 'text/*' }], limits).read(exchangeOf(json('{}')))).rejects.toBeInstanceOf(UnsupportedMediaType)
    expect(await new EndpointBodyReader([{ accept: 'text' }], limits).read(exchangeOf(json('{"a":1}')))).toBe('{"a":1}')
  })

  it('chooses among several plans by the content type, application/json included', async () => {
    const reader = new EndpointBodyReader([{ accept: 'form' }, { accept: 'json' }], limits)
    const exchange = exchangeOf(json('[1]'))
    expect(await reader.read(exchange)).toEqual([1])
    expect(exchange.bodyAccepted).toEqual([false, true])
  })
})
