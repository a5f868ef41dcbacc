/**
 * src/plugins/compress/zlib.ts: the one-shot compressor per coding — gzip and deflate through the
 * runtime's `node:zlib` (here Node), none for brotli (CompressionStream compresses it).
 */
import { gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { oneShot } from '../../../src/plugins/compress/zlib'

const text = JSON.stringify({ items: Array.from({ length: 200 }, (_, id) => ({ id, name: `item ${id}` })) })

describe('oneShot', () => {
  it('gzip: one call gives bytes gunzip reads back, smaller than the text', async () => {
    const gzip = oneShot('gzip')
    expect(gzip).toBeTypeOf('function')
    const packed = await (gzip as NonNullable<typeof gzip>)(text)
    expect(packed.byteLength).toBeLessThan(text.length)
    expect(gunzipSync(packed).toString('utf8')).toBe(text)
  })

  it('deflate is the zlib format HTTP names deflate, from bytes as from text', async () => {
    const deflate = oneShot('deflate') as NonNullable<ReturnType<typeof oneShot>>
    const packed = await deflate(new TextEncoder().encode(text))
    expect(inflateSync(packed).toString('utf8')).toBe(text)
  })

  it('brotli: none (CompressionStream compresses it)', () => {
    expect(oneShot('br')).toBeUndefined()
  })
})
