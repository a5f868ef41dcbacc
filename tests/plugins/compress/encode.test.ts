/**
 * src/plugins/compress/encode.ts: an encoded answer's init (the coding set, no length, no ranges,
 * a weak ETag, the status kept) and its body streamed through CompressionStream.
 */
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressed, encodedInit, FORMATS } from '../../../src/plugins/compress/encode'

const answer = (): Response =>
  new Response('{"hello":"world"}', {
    status: 201,
    statusText: 'Made',
    headers: { 'content-type': 'application/json', 'content-length': '17', 'accept-ranges': 'bytes', etag: '"abc"' },
  })

describe('encodedInit', () => {
  it('sets the coding, drops length and ranges, weakens a strong ETag, keeps the status', () => {
    const init = encodedInit(answer(), 'gzip')
    const headers = new Headers(init.headers)
    expect(headers.get('content-encoding')).toBe('gzip')
    expect(headers.has('content-length')).toBe(false)
    expect(headers.has('accept-ranges')).toBe(false)
    expect(headers.get('etag')).toBe('W/"abc"')
    expect(headers.get('content-type')).toBe('application/json')
    expect(init).toMatchObject({ status: 201, statusText: 'Made', encodeBody: 'manual' })
  })

  it('leaves a weak ETag weak; a light answer reads no status text; Workers may encode it', () => {
    const weak = new Response('x', { headers: { etag: 'W/"w"' } })
    expect(new Headers(encodedInit(weak, 'br').headers).get('etag')).toBe('W/"w"')
    const init = encodedInit(answer(), 'deflate', true, 'automatic')
    expect(init.statusText).toBeUndefined()
    expect(init).toMatchObject({ encodeBody: 'automatic' })
  })
})

describe('compressed', () => {
  it('streams the body through the coding’s CompressionStream format', async () => {
    const response = answer()
    const encoded = compressed(response, response.body as ReadableStream<Uint8Array<ArrayBuffer>>, 'gzip')
    expect(encoded.headers.get('content-encoding')).toBe('gzip')
    const bytes = new Uint8Array(await encoded.arrayBuffer())
    expect(gunzipSync(bytes).toString('utf8')).toBe('{"hello":"world"}')
    expect(FORMATS).toEqual({ br: 'brotli', gzip: 'gzip', deflate: 'deflate' })
  })
})
