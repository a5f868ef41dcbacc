/**
 * src/plugins/conditional/etag.ts: a strong ETag is the SHA-1 of the body's bytes, base64url,
 * quoted — the same from the runtime's node:crypto (at once) as from Web Crypto (a promise), and
 * the same for a string as for its UTF-8 bytes.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bytesTag, nativeSha1 } from '../../../src/plugins/conditional/etag'

const expected = (data: string | Uint8Array): string => `"${createHash('sha1').update(data).digest('base64url')}"`

describe('nativeSha1', () => {
  it('is found on Node and hashes like node:crypto', () => {
    const sha1 = nativeSha1()
    expect(sha1).toBeTypeOf('function')
    expect(`"${(sha1 as (data: string) => string)('abc')}"`).toBe(expected('abc'))
  })
})

describe('bytesTag', () => {
  it('native: a quoted tag at once (no promise)', () => {
    expect(bytesTag('{"id":1}', nativeSha1())).toBe(expected('{"id":1}'))
  })

  it('Web Crypto: the same tag, as a promise, for the string and for its bytes', async () => {
    const text = 'héllo ✓ 😀'
    const fromText = bytesTag(text, undefined)
    expect(fromText).toBeInstanceOf(Promise)
    expect(await fromText).toBe(expected(text))
    expect(await bytesTag(new TextEncoder().encode(text), undefined)).toBe(expected(text))
  })

  it('two bodies differing in one byte get different tags', () => {
    const sha1 = nativeSha1()
    expect(bytesTag('{"v":1}', sha1)).not.toBe(bytesTag('{"v":2}', sha1))
  })
})
