/**
 * A body's text: bytes → text, honouring a `charset` parameter (decoders are shared: they hold
 * no state between `decode()` calls without `stream: true`), and JSON text → a value, with a
 * depth check before `JSON.parse` (whose recursion a `[[[[…` body could otherwise exhaust) and
 * removal of own `__proto__` keys so no later copy can turn them into a prototype.
 */
import { BadRequest, UnsupportedMediaType } from '../exceptions/index'
import { CR, LF, SPACE, TAB } from '../utils/chars'
import { jsonDepthExceeds } from '../utils/json-depth'

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8')
const decoders = new Map<string, TextDecoder>([
  ['utf-8', utf8],
  ['utf8', utf8],
])

/**
 * Decode `bytes` as `charset` (default UTF-8; a leading BOM is dropped).
 * An unknown charset is a 415.
 *
 * @example
 * decodeText(new Uint8Array([104, 105]))  // 'hi'
 */
export function decodeText(bytes: Uint8Array, charset?: string): string {
  return decoderFor(charset).decode(bytes)
}

function decoderFor(charset: string | undefined): TextDecoder {
  if (charset === undefined) return utf8
  const label = charset.trim().toLowerCase()
  let decoder = decoders.get(label)
  if (decoder) return decoder
  try {
    decoder = new TextDecoder(label)
  } catch {
    throw new UnsupportedMediaType(`unsupported charset '${label.slice(0, 40)}'`)
  }
  // Only real labels reach here (unknown ones threw), so the cache stays small.
  decoders.set(label, decoder)
  return decoder
}

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
