/** src/utils/chars.ts: the ASCII codes the hand-written scanners compare against, and the digit check. */
import { describe, expect, it } from 'vitest'
import * as chars from '../../src/utils/chars'
import { isAsciiDigits } from '../../src/utils/chars'

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
