/**
 * JSON bodies: a depth check before `JSON.parse` (whose recursion a
 * `[[[[…` body could otherwise exhaust), and removal of own `__proto__` keys
 * so no later copy can turn them into a prototype.
 */
import { BadRequest } from '../exceptions/index'
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, CR, LF, OPEN_BRACE, OPEN_BRACKET, QUOTE, SPACE, TAB } from '../utils/chars'

/**
 * Parse JSON text no deeper than `maxDepth`; blank text is `undefined`.
 * Throws 400 on malformed or too deeply nested text.
 *
 * @example
 * parseJson('{"a":[1]}', 100)          // { a: [1] }
 * parseJson('[[[1]]]', 2)              // throws BadRequest
 */
export function parseJson(text: string, maxDepth: number): unknown {
  if (isBlank(text)) return undefined
  if (jsonDepthExceeds(text, maxDepth)) throw new BadRequest(`JSON body nested deeper than ${maxDepth} levels`)
  try {
    // JSON.parse defines `__proto__` as an own key (no pollution by itself);
    // the reviver deletes it. Only texts that can spell it pay for the reviver.
    return mayHaveProto(text) ? JSON.parse(text, dropProto) : JSON.parse(text)
  } catch {
    throw new BadRequest('invalid JSON body')
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return false
  }
  return true
}

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
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) {
      inString = true
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--
    }
  }
  return false
}

/** More than `count` `{` and `[` together in `text` (strings included)? */
function hasMoreThan(text: string, count: number): boolean {
  let seen = 0
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) if (++seen > count) return true
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (++seen > count) return true
  return false
}

// `\u` escapes can spell `__proto__` without the literal text.
function mayHaveProto(text: string): boolean {
  return text.includes('__proto__') || text.includes('\\u')
}

function dropProto(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value
}
