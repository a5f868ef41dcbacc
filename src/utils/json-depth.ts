/** The JSON depth check, shared by bodies (body/json.ts) and JSON-encoded params (schema/convert.ts). */
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './chars'

/**
 * Does JSON `text` nest arrays/objects deeper than `maxDepth`? A linear,
 * non-recursive bracket count that skips string contents; run it before
 * `JSON.parse` on any untrusted text (bodies, JSON-encoded params).
 *
 * @example
 * jsonDepthExceeds('[[1]]', 1) // true
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  // Exceeding the depth needs more than maxDepth opening brackets (counted
  // natively first: most texts have far fewer, and skip the scan below).
  if (text.length <= maxDepth || !hasMoreThan(text, maxDepth)) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) {
      inString = true
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return true
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--
    }
  }
  return false
}

/** More than `count` `{` and `[` together in `text` (strings included)? */
function hasMoreThan(text: string, count: number): boolean {
  let seen = 0
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1))
    if (++seen > count) return true
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1))
    if (++seen > count) return true
  return false
}
