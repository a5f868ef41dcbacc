/**
 * Byte helpers shared by body parsing and the Node bridge.
 */

/**
 * The chunks joined into one array (`size`: their total length, when the
 * caller already counted it). A single chunk is returned as is, not copied.
 *
 * @example
 * concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])]) // Uint8Array [1, 2, 3]
 */
export function concatBytes(
  chunks: readonly Uint8Array<ArrayBuffer>[],
  size?: number,
): Uint8Array<ArrayBuffer> {
  const only = chunks.length === 1 ? chunks[0] : undefined
  if (only) return only
  let length = size ?? 0
  if (size === undefined) for (const chunk of chunks) length += chunk.byteLength
  const out = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

/**
 * Bytes as unpadded base64url (RFC 4648 §5), as JWS segments, session ids, hashed rate-limit
 * keys and ETags from Web Crypto digests are written.
 *
 * @example
 * base64url(new Uint8Array([251, 255])) // '-_8'
 */
export function base64url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * The length of `text`'s UTF-8 (a lone surrogate as U+FFFD, as `TextEncoder` writes it), counted
 * without encoding it.
 *
 * @example
 * utf8Length('café') // 5
 */
export function utf8Length(text: string): number {
  let length = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    const next = text.charCodeAt(i + 1)
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      length += 2 // a pair: 4 bytes for its 2 units
      i++
    } else length += code >= 0x800 ? 2 : 1 // a lone surrogate: U+FFFD, 3 bytes
  }
  return length
}
