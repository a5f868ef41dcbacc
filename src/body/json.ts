/**
 * JSON bodies: a depth check before `JSON.parse` (whose recursion a
 * `[[[[…` body could otherwise exhaust), and removal of own `__proto__` keys
 * so no later copy can turn them into a prototype.
 */
import { BadRequest } from '../exceptions/index'
import { CR, LF, SPACE, TAB } from '../utils/chars'
import { jsonDepthExceeds } from '../utils/json-depth'

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
  if (jsonDepthExceeds(text, maxDepth))
    throw new BadRequest(`JSON body nested deeper than ${maxDepth} levels`)
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
    const code = text.charCodeAt(i)
    if (code !== SPACE && code !== LF && code !== CR && code !== TAB) return false
  }
  return true
}

// `\u` escapes can spell `__proto__` without the literal text.
function mayHaveProto(text: string): boolean {
  return text.includes('__proto__') || text.includes('\\u')
}

function dropProto(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value
}
