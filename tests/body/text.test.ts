/**
 * src/body/text.ts: bytes → text under a charset (UTF-8 by default, an unknown charset a 415);
 * JSON text → a value, depth-bounded, without own `__proto__` keys (a 400 when malformed or too deep).
 * Bodies read through it: tests/body/json.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { decodeText, parseJson } from '../../src/body/text'
import { BadRequest, UnsupportedMediaType } from '../../src/exceptions'

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

describe('parseJson', () => {
  it('parses JSON text; blank text (spaces, tabs, line ends) is undefined', () => {
    expect(parseJson('{"a":[1]}', 100)).toEqual({ a: [1] })
    expect(parseJson(' \t\r\n', 100)).toBeUndefined()
  })

  it('refuses text nested deeper than the bound, and malformed text, as a 400', () => {
    expect(parseJson('[[1]]', 2)).toEqual([[1]])
    expect(() => parseJson('[[[1]]]', 2)).toThrow('JSON body nested deeper than 2 levels')
    expect(() => parseJson('{"a":', 10)).toThrow(BadRequest)
  })

  it('drops own __proto__ keys, spelled or escaped, so no copy can make them a prototype', () => {
    const parsed = parseJson('{"__proto__":{"admin":true},"a":{"\\u005f_proto__":1},"b":2}', 10) as Record<string, unknown>
    expect(Object.keys(parsed)).toEqual(['a', 'b'])
    expect(Object.keys(parsed.a as object)).toEqual([])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })
})
