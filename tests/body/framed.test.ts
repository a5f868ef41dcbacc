/**
 * Requests marked as framed by the server (`markFramed`, what `service.run()`
 * does on Bun and Deno) read a sized body whole; every other request keeps
 * the counting reader.
 */
import { describe, expect, it } from 'vitest'
import { defaultLimits, markFramed, readBody, type Limits } from '../../src/body/index'
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
})
