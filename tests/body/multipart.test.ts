import { describe, expect, it } from 'vitest'
import { defaultLimits, readBody, type Limits } from '../../src/body/index'
import { UploadedFile } from '../../src/file/index'
import { chunked, expectStatus, multipartBody, post, split, type Part } from './helpers'

const TYPE = { 'content-type': 'multipart/form-data; boundary=XyZ-boundary' }
const form = { accept: 'form' } as const

function read(parts: Part[], limits: Limits = defaultLimits): Promise<unknown> {
  return readBody(post(multipartBody(parts), TYPE), form, limits)
}

describe('readBody: multipart', () => {
  it('reads fields and files into a null-prototype object', async () => {
    const value = (await read([
      { name: 'title', data: 'Hello é' },
      { name: 'avatar', filename: 'me.png', type: 'image/png', data: new Uint8Array([137, 80, 78, 71]) },
    ])) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBeNull()
    expect(value.title).toBe('Hello é')
    const avatar = value.avatar as UploadedFile
    expect(avatar).toBeInstanceOf(File)
    expect(avatar).toBeInstanceOf(UploadedFile)
    expect(avatar.name).toBe('me.png')
    expect(avatar.type).toBe('image/png')
    expect(avatar.size).toBe(4)
    expect([...new Uint8Array(await avatar.arrayBuffer())]).toEqual([137, 80, 78, 71])
    expect(typeof avatar.save).toBe('function')
  })

  it('collects several files of one field into an array', async () => {
    const value = (await read([
      { name: 'files', filename: 'a.txt', type: 'text/plain', data: 'A' },
      { name: 'files', filename: 'b.txt', type: 'text/plain', data: 'BB' },
      { name: 'files', filename: 'c.txt', type: 'text/plain', data: 'CCC' },
    ])) as Record<string, File[]>
    expect(value.files!.map((f) => [f.name, f.size])).toEqual([['a.txt', 1], ['b.txt', 2], ['c.txt', 3]])
    expect(await value.files![2]!.text()).toBe('CCC')
  })

  it('parses what the platform FormData serialises', async () => {
    const data = new FormData()
    data.append('a', '1')
    data.append('a', '2')
    data.append('doc', new File(['%PDF'], 'naïve "q".pdf', { type: 'application/pdf' }))
    const request = new Request('http://x/', { method: 'POST', body: data })
    const value = (await readBody(request, { accept: 'any' }, defaultLimits)) as Record<string, unknown>
    expect(value.a).toEqual(['1', '2'])
    const doc = value.doc as File
    expect(doc.name).toBe('naïve "q".pdf')
    expect(await doc.text()).toBe('%PDF')
  })

  it('survives any chunking, including byte by byte', async () => {
    const body = multipartBody([
      { name: 'x', data: 'line1\r\nline2\r\n--XyZ-boundar' },
      { name: 'f', filename: 'f.bin', type: 'application/octet-stream', data: new Uint8Array([13, 10, 45, 45, 0, 255]) },
    ])
    for (const size of [1, 2, 3, 7, 64]) {
      const value = (await readBody(chunked(split(body, size), TYPE), form, defaultLimits)) as Record<string, unknown>
      expect(value.x).toBe('line1\r\nline2\r\n--XyZ-boundar')
      expect([...new Uint8Array(await (value.f as File).arrayBuffer())]).toEqual([13, 10, 45, 45, 0, 255])
    }
  })

  it('matches a boundary made of every character RFC 2046 allows, split across chunks', async () => {
    const boundary = "09AZaz'()+_,-./:=? x"
    const text = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`
    const type = { 'content-type': `multipart/form-data; boundary="${boundary}"` }
    expect(await readBody(post(text, type), form, defaultLimits)).toEqual({ a: '1' })
    expect(await readBody(chunked(split(new TextEncoder().encode(text), 3), type), form, defaultLimits)).toEqual({ a: '1' })
  })

  it('handles preamble, epilogue, quoted boundary, part without headers', async () => {
    const text = 'preamble\r\n--b q\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b q\r\n\r\nignored\r\n--b q--\r\nepilogue'
    const value = await readBody(post(text, { 'content-type': 'multipart/form-data; boundary="b q"' }), form, defaultLimits)
    expect(value).toEqual({ a: '1' })
  })

  it('reads filename* (RFC 8187), percent-escaped quotes and keeps Windows paths for save() to strip', async () => {
    const value = (await read([
      { headers: ["Content-Disposition: form-data; name=\"a\"; filename=\"fallback.txt\"; filename*=UTF-8''%E2%82%AC%20rates.txt"], data: 'x' },
      { headers: ['Content-Disposition: form-data; name="b"; filename="say %22hi%22.txt"'], data: 'y' },
      { headers: ['Content-Disposition: form-data; name="c"; filename="C:\\Users\\me\\cv.pdf"'], data: 'z' },
    ])) as Record<string, File>
    expect(value.a!.name).toBe('€ rates.txt')
    expect(value.b!.name).toBe('say "hi".txt')
    expect(value.c!.name).toBe('C:\\Users\\me\\cv.pdf')
    expect(value.a!.type).toBe('application/octet-stream')
  })

  it('treats an unselected file input (empty name, no bytes) as absent', async () => {
    expect(await read([{ name: 'f', filename: '', type: 'application/octet-stream', data: '' }, { name: 'a', data: '1' }])).toEqual({ a: '1' })
  })

  it('skips parts without a name and drops __proto__ fields', async () => {
    const value = (await read([
      { headers: ['Content-Disposition: form-data'], data: 'x' },
      { name: '__proto__', data: '{"polluted":1}' },
      { name: 'a', data: '1' },
    ])) as Record<string, unknown>
    expect(value).toEqual({ a: '1' })
    expect(Object.hasOwn(value, '__proto__')).toBe(false)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses too many parts and too many files with 400', async () => {
    const fields = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, data: 'x' }))
    await expectStatus(read(fields, { ...defaultLimits, fields: 3 }), 400, 'too many form fields (limit 3)')
    const files = Array.from({ length: 3 }, (_, i) => ({ name: 'f', filename: `${i}.txt`, data: 'x' }))
    await expectStatus(read(files, { ...defaultLimits, files: 2 }), 400, 'too many files (limit 2)')
  })

  it('refuses a file over fileBytes and a field over bodyBytes with 413', async () => {
    await expectStatus(read([{ name: 'f', filename: 'a', data: 'x'.repeat(11) }], { ...defaultLimits, fileBytes: 10 }), 413, 'file exceeds 10 bytes')
    await expectStatus(read([{ name: 'a', data: 'x'.repeat(11) }], { ...defaultLimits, bodyBytes: 10 }), 413, 'form field exceeds 10 bytes')
  })

  it('refuses malformed bodies with 400', async () => {
    await expectStatus(readBody(post('--XyZ-boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', TYPE), form, defaultLimits), 400, 'unexpected end')
    await expectStatus(readBody(post('no boundary here at all', TYPE), form, defaultLimits), 400, 'unexpected end')
    await expectStatus(readBody(post('--XyZ-boundaryJUNK\r\n', TYPE), form, defaultLimits), 400, 'invalid multipart body')
    await expectStatus(readBody(post('--b--', { 'content-type': 'multipart/form-data' }), form, defaultLimits), 400, 'without a valid boundary')
    const hugeHeader = `--XyZ-boundary\r\nX: ${'h'.repeat(20_000)}\r\n\r\n1\r\n--XyZ-boundary--`
    await expectStatus(readBody(post(hugeHeader, TYPE), form, defaultLimits), 400, 'headers too large')
  })

  it('reads the epilogue to the end of the stream, counted against the limit', async () => {
    const body = '--XyZ-boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ-boundary--\r\n'
    let closed = false
    const pieces = [body, 'epilogue ', 'more']
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        const piece = pieces.shift()
        if (piece === undefined) {
          closed = true
          controller.close()
        } else controller.enqueue(new TextEncoder().encode(piece))
      },
    })
    const request = new Request('http://test.local/', { method: 'POST', body: stream, headers: TYPE, duplex: 'half' } as RequestInit)
    expect(await readBody(request, form, defaultLimits)).toEqual({ a: '1' })
    expect(closed).toBe(true)
    const long = body + 'x'.repeat(400)
    await expectStatus(readBody(chunked([body, 'x'.repeat(400)], TYPE), form, { ...defaultLimits, multipartBytes: long.length - 1 }), 413)
  })

  it('gives undefined for an empty body and an empty form for a bare closing delimiter', async () => {
    expect(await readBody(post('', TYPE), form, defaultLimits)).toBeUndefined()
    expect(await readBody(post('--XyZ-boundary--\r\n', TYPE), form, defaultLimits)).toEqual({})
  })
})
