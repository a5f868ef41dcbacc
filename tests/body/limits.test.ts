import { describe, expect, it } from 'vitest'
import { defaultLimits, readBody, type Limits } from '../../src/body/index'
import { chunked, expectStatus, generated, post } from './helpers'

const JSON_TYPE = { 'content-type': 'application/json' }
const small: Limits = { ...defaultLimits, bodyBytes: 100, formBytes: 50, multipartBytes: 300, fileBytes: 120 }

describe('readBody: byte limits', () => {
  it('accepts a body of exactly the limit', async () => {
    const body = JSON.stringify('x'.repeat(98)) // 100 bytes
    expect(await readBody(post(body, JSON_TYPE), { accept: 'json' }, small)).toHaveLength(98)
  })

  it('refuses early when Content-Length says too much', async () => {
    await expectStatus(
      readBody(post('x'.repeat(101), { ...JSON_TYPE, 'content-length': '101' }), { accept: 'json' }, small),
      413,
      'body exceeds 100 bytes',
    )
  })

  it('counts received bytes: chunked body without Content-Length', async () => {
    await expectStatus(readBody(generated(1000, 7, JSON_TYPE), { accept: 'json' }, small), 413, 'body exceeds 100 bytes')
  })

  it('counts received bytes: lying Content-Length', async () => {
    const request = post(`"${'x'.repeat(500)}"`, { ...JSON_TYPE, 'content-length': '5' })
    await expectStatus(readBody(request, { accept: 'json' }, small), 413)
  })

  it('counts received bytes of multi-byte text under a lying Content-Length', async () => {
    // 40 × '€' is 40 UTF-16 units but 122 bytes with the quotes: over 100.
    await expectStatus(readBody(post(`"${'€'.repeat(40)}"`, { ...JSON_TYPE, 'content-length': '5' }), { accept: 'json' }, small), 413)
    // 32 × '€' is 98 bytes with the quotes: within 100, though 3 × length is not.
    expect(await readBody(post(`"${'€'.repeat(32)}"`, { ...JSON_TYPE, 'content-length': '5' }), { accept: 'json' }, small)).toHaveLength(32)
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '2' }
    await expectStatus(readBody(post(`a=${'é'.repeat(30)}`, form), { accept: 'form' }, small), 413, 'body exceeds 50 bytes')
    expect(await readBody(post(`a=${'é'.repeat(24)}`, form), { accept: 'form' }, small)).toEqual({ a: 'é'.repeat(24) })
  })

  it('counts received bytes: non-numeric Content-Length', async () => {
    const request = chunked(['"', 'x'.repeat(200), '"'], { ...JSON_TYPE, 'content-length': 'lots' })
    await expectStatus(readBody(request, { accept: 'json' }, small), 413)
  })

  it('uses formBytes for urlencoded and multipartBytes for multipart', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    expect(await readBody(post('a=' + 'x'.repeat(40), form), { accept: 'form' }, small)).toEqual({ a: 'x'.repeat(40) })
    await expectStatus(readBody(post('a=' + 'x'.repeat(60), form), { accept: 'form' }, small), 413, 'body exceeds 50 bytes')
    const multi = { 'content-type': 'multipart/form-data; boundary=b' }
    await expectStatus(readBody(generated(400, 64, multi), { accept: 'form' }, small), 413, 'body exceeds 300 bytes')
  })

  it('lets plan.maxLength lower the limit, never raise it', async () => {
    await expectStatus(readBody(post('"' + 'x'.repeat(20) + '"', JSON_TYPE), { accept: 'json', maxLength: 10 }, small), 413, 'body exceeds 10 bytes')
    await expectStatus(readBody(post('"' + 'x'.repeat(200) + '"', JSON_TYPE), { accept: 'json', maxLength: 10_000 }, small), 413, 'body exceeds 100 bytes')
  })

  it('stops reading an over-limit stream early instead of draining it', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(64))
      }, // never ends on its own
    })
    const request = new Request('http://x/', { method: 'POST', body: stream, headers: JSON_TYPE, duplex: 'half' } as RequestInit)
    await expectStatus(readBody(request, { accept: 'json' }, small), 413)
    expect(pulled).toBeLessThan(10)
  })

  it('turns a failing body stream into 400', async () => {
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'))
        controller.error(new Error('connection reset'))
      },
    })
    const request = new Request('http://x/', { method: 'POST', body: stream, headers: JSON_TYPE, duplex: 'half' } as RequestInit)
    await expectStatus(readBody(request, { accept: 'json' }, defaultLimits), 400, 'request body could not be read')
  })

  it('throws a plain error when the body was already consumed', async () => {
    const request = post('{}', JSON_TYPE)
    await request.text()
    await expect(readBody(request, { accept: 'json' }, defaultLimits)).rejects.toThrow('already read')
  })
})
