/** src/utils/chars.ts: the ASCII codes the hand-written scanners compare against, the digit check and the percent-decoder. */
import { describe, expect, it } from 'vitest'
import * as chars from '../../src/utils/chars'
import { isAsciiDigits, percentDecoded } from '../../src/utils/chars'

describe('the named codes', () => {
  it('are the characters their names say', () => {
    const expected: Record<string, string> = {
      TAB: '\t', LF: '\n', CR: '\r', SPACE: ' ', BANG: '!', QUOTE: '"', APOS: "'", DASH: '-', SLASH: '/', LT: '<', EQ: '=', GT: '>',
      QUESTION: '?', OPEN_BRACKET: '[', BACKSLASH: '\\', CLOSE_BRACKET: ']', UNDERSCORE: '_', OPEN_BRACE: '{', CLOSE_BRACE: '}',
    }
    for (const [name, char] of Object.entries(expected)) expect((chars as unknown as Record<string, number>)[name], name).toBe(char.charCodeAt(0))
  })
})

describe('isAsciiDigits', () => {
  it('is true for ASCII digits only, up to a length', () => {
    expect(isAsciiDigits('0123456789')).toBe(true)
    expect(isAsciiDigits('123', 3)).toBe(true)
    expect(isAsciiDigits('1234', 3)).toBe(false)
  })

  it('is false for an empty text, signs, spaces, dots and non-ASCII digits', () => {
    for (const text of ['', '-1', '+1', ' 1', '1.0', '1e3', '١٢', '１', '0x1']) expect(isAsciiDigits(text), text).toBe(false)
  })
})

describe('percentDecoded', () => {
  it('decodes escapes, and gives a text without `%` back as the same string', () => {
    expect(percentDecoded('a%20b')).toBe('a b')
    expect(percentDecoded('%E2%9C%93')).toBe('\u2713')
    const plain = 'a+b c'
    expect(percentDecoded(plain)).toBe(plain) // no `+` rule here: the query parser's own
  })

  it('is undefined for a malformed escape or one that is not UTF-8', () => {
    for (const text of ['100%', '%zz', '%E0%A4%A', '%FF']) expect(percentDecoded(text), text).toBeUndefined()
  })
})
