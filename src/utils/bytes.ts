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
