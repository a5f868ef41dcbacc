/** src/body/text.ts: bytes → text under a charset; UTF-8 by default, an unknown charset a 415. */
import { describe, expect, it } from 'vitest'
import { decodeText } from '../../src/body/text'
import { UnsupportedMediaType } from '../../src/exceptions'

describe('decodeText', () => {
  it('decodes UTF-8 by default, dropping a leading BOM', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]))).toBe('hé')
  })

  it('honours a charset label in any case and with spaces', () => {
    expect(decodeText(new Uint8Array([0xe9]), ' ISO-8859-1 ')).toBe('é')
    expect(decodeText(new Uint8Array([0x68, 0x00, 0x69, 0x00]), 'utf-16le')).toBe('hi')
    expect(decodeText(new Uint8Array([0x68]), 'UTF8')).toBe('h')
  })

  it('replaces malformed bytes rather than throwing', () => {
    expect(decodeText(new Uint8Array([0x61, 0xff, 0x62]))).toBe('a\ufffdb')
  })

  it('answers 415 for an unknown charset, its name cut short', () => {
    expect(() => decodeText(new Uint8Array(), 'klingon')).toThrow(UnsupportedMediaType)
    expect(() => decodeText(new Uint8Array(), 'x'.repeat(200))).toThrow(`unsupported charset '${'x'.repeat(40)}'`)
  })

  it('holds no state between decodes (a split sequence is not joined across calls)', () => {
    expect(decodeText(new Uint8Array([0xc3]), 'utf-8')).toBe('\ufffd')
    expect(decodeText(new Uint8Array([0xa9]), 'utf-8')).toBe('\ufffd')
  })
})
