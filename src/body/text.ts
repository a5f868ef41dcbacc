/**
 * Bytes → text, honouring a `charset` parameter. Decoders are shared: they
 * hold no state between `decode()` calls without `stream: true`.
 */
import { UnsupportedMediaType } from '../exceptions/index'

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
