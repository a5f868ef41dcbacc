/**
 * ASCII code units the hand-written scanners compare against
 * (`text.charCodeAt(i) === QUOTE`), named once.
 */

export const TAB = 0x09
export const LF = 0x0a
export const CR = 0x0d
export const SPACE = 0x20
export const BANG = 0x21
export const QUOTE = 0x22
export const APOS = 0x27
export const DASH = 0x2d
export const SLASH = 0x2f
export const LT = 0x3c
export const EQ = 0x3d
export const GT = 0x3e
export const QUESTION = 0x3f
export const OPEN_BRACKET = 0x5b
export const BACKSLASH = 0x5c
export const CLOSE_BRACKET = 0x5d
export const UNDERSCORE = 0x5f
export const OPEN_BRACE = 0x7b
export const CLOSE_BRACE = 0x7d

/**
 * Is `text` one to `maxLength` ASCII digits (`/^\d+$/` with a length bound, without a regex run)?
 *
 * @example
 * isAsciiDigits('42') // true; isAsciiDigits('4.2') // false; isAsciiDigits('123', 2) // false
 */
export function isAsciiDigits(text: string, maxLength = Number.POSITIVE_INFINITY): boolean {
  const length = text.length
  if (length === 0 || length > maxLength) return false
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x30 || code > 0x39) return false
  }
  return true
}

/**
 * `text` percent-decoded (`decodeURIComponent`), the same string when it holds no `%`;
 * `undefined` when an escape is malformed (not valid percent-encoded UTF-8). The one decoder of
 * query parts, cookie values and path values, each with its own answer to a malformed one.
 *
 * @example
 * percentDecoded('a%20b') // 'a b'; percentDecoded('a b') // 'a b'; percentDecoded('100%') // undefined
 */
export function percentDecoded(text: string): string | undefined {
  if (!text.includes('%')) return text
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}
