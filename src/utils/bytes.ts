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
