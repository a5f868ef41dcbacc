/**
 * src/plugins/compress/zlib.ts: the one-shot compressor per coding — gzip and deflate through the
 * runtime's `node:zlib` (here Node; Bun's at once, its global stood in for), none for brotli
 * (CompressionStream compresses it). Over HTTP on Bun: tests/runtimes/traffic.test.ts.
 */
import { gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

  it('off the main thread a body up to 1 MiB is taken', () => {
    expect(oneShot('gzip')?.maxBytes).toBe(1024 * 1024)
  })
})

describe('oneShot on Bun', () => {
  afterEach(() => void vi.unstubAllGlobals())

  it('compresses at once, no promise (Bun.gzipSync; deflate: the zlib format), up to 256 KiB', () => {
    let calls = 0
    vi.stubGlobal('Bun', { gzipSync: (data: string | Uint8Array) => (calls++, gzipSync(data)) })
    const gzip = oneShot('gzip') as NonNullable<ReturnType<typeof oneShot>>
    const packed = gzip(text)
    expect(packed).toBeInstanceOf(Uint8Array)
    expect(gunzipSync(packed as Uint8Array).toString('utf8')).toBe(text)
    expect(calls).toBe(1)
    expect(gzip.maxBytes).toBe(256 * 1024)
    const deflate = oneShot('deflate') as NonNullable<ReturnType<typeof oneShot>>
    expect(inflateSync(deflate(text) as Uint8Array).toString('utf8')).toBe(text)
    expect(oneShot('br')).toBeUndefined()
  })
})
