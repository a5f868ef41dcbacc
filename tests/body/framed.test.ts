/**
 * Requests marked as framed by the server (`markFramed`, what `service.run()`
 * does on Bun and Deno) read a sized body whole; every other request keeps
 * the counting reader.
 */
import 'fw-api/serve'
import { describe, expect, it } from 'vitest'
import { defaultLimits, markFramed, readBody, type Limits } from '../../src/body/index'
import { declaredLength, fromFramingServer } from '../../src/body/stream'
import { chunked, expectStatus, post } from './helpers'

const JSON_TYPE = { 'content-type': 'application/json' }
const small: Limits = { ...defaultLimits, bodyBytes: 100, formBytes: 50 }

function framed(request: Request): Request {
  markFramed(request)
  return request
}

/** A stream body that counts what was pulled from it. */
function counted(total: number, headers: Record<string, string>): { request: Request; pulled: () => number } {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (pulled >= total) return controller.close()
      pulled += 1024
      controller.enqueue(new Uint8Array(1024).fill(0x20))
    },
  })
  const request = new Request('http://test.local/', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit)
  return { request, pulled: () => pulled }
}

describe('readBody: bodies framed by the server', () => {
  it('reads a sized body whole: JSON, form, text, an empty text', async () => {
    const body = JSON.stringify({ name: 'Ada', tags: ['x'] })
    expect(await readBody(framed(post(body, { ...JSON_TYPE, 'content-length': String(body.length) })), { accept: 'json' }, small)).toEqual({ name: 'Ada', tags: ['x'] })
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '7' }
    expect(await readBody(framed(post('a=1&b=2', form)), { accept: 'form' }, small)).toEqual({ a: '1', b: '2' })
    expect(await readBody(framed(post('héllo', { 'content-type': 'text/plain', 'content-length': '6' })), { accept: 'text' }, small)).toBe('héllo')
    expect(await readBody(framed(post('', { 'content-type': 'text/plain', 'content-length': '0' })), { accept: 'text' }, small)).toBe('')
    expect(await readBody(framed(post(null, { ...JSON_TYPE, 'content-length': '0' })), { accept: 'json' }, small)).toBeUndefined()
  })

  it('still refuses a declared length over the limit before reading, and checks the bytes received', async () => {
    const over = counted(10 * 1024, { ...JSON_TYPE, 'content-length': '101' })
    await expectStatus(readBody(framed(over.request), { accept: 'json' }, small), 413, 'body exceeds 100 bytes')
    expect(over.pulled()).toBeLessThanOrEqual(1024)
    // A server never delivers more than the length; if one did, the bytes still count.
    await expectStatus(readBody(framed(post(`"${'x'.repeat(500)}"`, { ...JSON_TYPE, 'content-length': '5' })), { accept: 'json' }, small), 413)
  })

  it('reads multipart and 415s as before', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'
    expect(await readBody(framed(post(body, { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) })), { accept: 'form' }, small)).toEqual({ a: '1' })
    await expectStatus(readBody(framed(post('x', { 'content-length': '1' })), { accept: 'json' }, small), 415)
    expect(await readBody(framed(post('', { 'content-length': '0' })), { accept: 'json' }, small)).toBeUndefined()
  })

  it('keeps the counting reader without a numeric Content-Length, with Transfer-Encoding, or unmarked', async () => {
    const lots = framed(chunked(['"', 'x'.repeat(200), '"'], { ...JSON_TYPE, 'content-length': 'lots' }))
    await expectStatus(readBody(lots, { accept: 'json' }, small), 413)
    const chunkedToo = counted(8 * 1024 * 1024, { ...JSON_TYPE, 'content-length': '5', 'transfer-encoding': 'chunked' })
    await expectStatus(readBody(framed(chunkedToo.request), { accept: 'json' }, small), 413)
    expect(chunkedToo.pulled()).toBeLessThan(64 * 1024)
    const unmarked = counted(8 * 1024 * 1024, { ...JSON_TYPE, 'content-length': '5' })
    await expectStatus(readBody(unmarked.request, { accept: 'json' }, small), 413)
    expect(unmarked.pulled()).toBeLessThan(64 * 1024)
    // A copy of a marked request is not marked.
    const original = framed(counted(8 * 1024 * 1024, { ...JSON_TYPE, 'content-length': '5' }).request)
    await expectStatus(readBody(new Request(original), { accept: 'json' }, small), 413)
  })

  it('reads a small framed multipart body whole, with the same results and refusals as the stream', async () => {
    const type = { 'content-type': 'multipart/form-data; boundary=b' }
    const file = '--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n'
    const field = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'
    const bodies = [
      field + file + '--b--\r\n',
      'preamble\r\n' + field + '--b--\r\nepilogue',
      field.repeat(20) + '--b--\r\n', // over 300 bytes: 413
      field + '--b', // ends early: 400
      file + '--b--\r\n', // a file where `fileFields` takes none: 400
    ]
    const limits: Limits = { ...defaultLimits, multipartBytes: 300 }
    const outcome = async (request: Request, fileFields?: string[]): Promise<unknown> => {
      try {
        const form = (await readBody(request, { accept: 'form', fileFields }, limits)) as Record<string, unknown> | undefined
        if (form === undefined) return undefined
        const shown: Record<string, unknown> = {}
        for (const [key, value] of Object.entries(form)) shown[key] = value instanceof File ? `${value.name}:${value.type}:${await value.text()}` : value
        return shown
      } catch (error) {
        return `${(error as { status?: number }).status} ${(error as Error).message}`
      }
    }
    const seen: unknown[] = []
    for (const [index, body] of bodies.entries()) {
      const fileFields = index === 4 ? ['other'] : undefined
      const whole = await outcome(framed(post(body, { ...type, 'content-length': String(body.length) })), fileFields)
      expect(whole).toEqual(await outcome(chunked([...body], type), fileFields))
      seen.push(whole)
    }
    expect(seen[0]).toEqual({ a: '1', f: 'a.txt:text/plain:hello' })
    expect(seen[1]).toEqual({ a: '1' })
    expect(seen[2]).toBe('413 body exceeds 300 bytes')
    expect(seen[3]).toBe('400 invalid multipart body: unexpected end')
    expect(seen[4]).toBe("400 field 'f' does not take a file")
  })

  it("reads the bytes with arrayBuffer() where the runtime's Request has no bytes(), or on a look-alike Request: the same answers", async () => {
    const type = { 'content-type': 'multipart/form-data; boundary=b' }
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'
    const request = (length = body.length): Request => framed(post(body, { ...type, 'content-length': String(length) }))
    // A runtime without Body.bytes() (older Node, Bun, Deno).
    const older = (r: Request): Request => Object.defineProperty(r, 'bytes', { value: undefined })
    // @hono/node-server's Request: its own arrayBuffer() (and the rest) over a real Request made on demand;
    // the bytes() it inherits from Request.prototype refuses it.
    const lookAlike = (r: Request): Request => {
      const fake = Object.create(Request.prototype, {
        headers: { value: r.headers },
        method: { value: r.method },
        body: { get: () => r.body },
        bodyUsed: { get: () => r.bodyUsed },
        arrayBuffer: { value: () => r.arrayBuffer() },
      }) as Request
      return framed(fake)
    }
    for (const make of [older, lookAlike]) {
      expect(await readBody(make(request()), { accept: 'form' }, defaultLimits)).toEqual({ a: '1' })
      // A length that lies (declared under the limit, more bytes received) is caught on the bytes.
      const limits: Limits = { ...defaultLimits, multipartBytes: 20 }
      await expectStatus(readBody(make(request(10)), { accept: 'form' }, limits), 413, 'body exceeds 20 bytes')
    }
    await expectStatus(readBody(request(10), { accept: 'form' }, { ...defaultLimits, multipartBytes: 20 }), 413, 'body exceeds 20 bytes')
  })
})

describe('readBody: a sized body that is not framed', () => {
  it('ends at its Content-Length, as an HTTP server frames it: what a stream sends past it is never read', async () => {
    let pulls = 0
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        pulls++
        controller.enqueue(new TextEncoder().encode('{"a":1}')) // 7 bytes per pull, forever
      },
    })
    const request = new Request('http://test.local/', { method: 'POST', body: stream, headers: { ...JSON_TYPE, 'content-length': '7' }, duplex: 'half' } as RequestInit)
    expect(await readBody(request, { accept: 'json' }, small)).toEqual({ a: 1 })
    expect(pulls).toBeLessThan(4)
  })
})

describe('readBody: requests from Bun.serve or Deno.serve (their fetch handler\'s second argument)', () => {
  const bunServer = { port: 1, requestIP: () => null, upgrade: () => false }
  const denoInfo = { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 1 }, completed: Promise.resolve() }

  it('never reads Deno\'s getters (remoteAddr throws once the request has closed)', () => {
    const closed = {
      get remoteAddr(): never {
        throw new TypeError('Request closed')
      },
      get completed(): never {
        throw new TypeError('Request closed')
      },
    }
    expect(fromFramingServer(closed)).toBe(true)
  })

  it('recognises the server argument of each runtime, nothing else', () => {
    expect(fromFramingServer(bunServer)).toBe(true)
    expect(fromFramingServer(denoInfo)).toBe(true)
    for (const other of [undefined, null, {}, { incoming: {}, outgoing: {} }, { MY_KV: {} }, { requestIP: () => null }, { remoteAddr: {} }, 'server']) {
      expect(fromFramingServer(other)).toBe(false)
    }
  })

  it('reads a sized body whole (no stream) only with such a server argument', async () => {
    for (const env of [bunServer, denoInfo]) {
      const served = counted(8 * 1024, { ...JSON_TYPE, 'content-length': '5' })
      await expectStatus(readBody(served.request, { accept: 'json' }, small, env), 413)
      expect(served.pulled()).toBeGreaterThanOrEqual(8 * 1024) // read whole, then refused
      const body = '{"a":[1,2]}'
      expect(await readBody(post(body, { ...JSON_TYPE, 'content-length': String(body.length) }), { accept: 'json' }, small, env)).toEqual({ a: [1, 2] })
    }
    const plain = counted(8 * 1024 * 1024, { ...JSON_TYPE, 'content-length': '5' })
    await expectStatus(readBody(plain.request, { accept: 'json' }, small, { MY_KV: {} }), 413)
    expect(plain.pulled()).toBeLessThan(64 * 1024)
  })
})

describe('declaredLength: a Content-Length of plain ASCII digits only', () => {
  it('reads digits, and -1 for anything else', () => {
    const of = (value: string): number => declaredLength(new Request('http://test.local/', { method: 'POST', body: 'x', headers: { 'content-length': value } }))
    expect([of('0'), of('98'), of('007')]).toEqual([0, 98, 7])
    for (const value of ['', '1e2', '0x10', '+5', '-1', '5.0', '\u00b2', 'lots']) expect(of(value), value).toBe(-1)
    expect(declaredLength(new Request('http://test.local/'))).toBe(-1)
  })
})
