/**
 * Reading a sized JSON or urlencoded body that no framing server delivered
 * (an in-process `Request`, a wrapped handler) as text, on Bun: the runtime
 * seam of the counting reader (stream.ts). On Bun, `request.body` builds a
 * byte stream and `getReader()` a reader, about 1.8 µs a body between them;
 * the Fetch standard's `request.textStream()` (Bun's own) costs about a
 * third of that. Measured in-process on Bun 1.4.5 (bench/history.md,
 * "Bodies on Bun"); on Deno `textStream()` measured 3× slower than the
 * byte reader, so every other runtime reads bytes.
 *
 * The byte limit holds as in stream.ts: a text of `n` UTF-16 units came from
 * at most `3n + 3` bytes (3 for a BOM the decoder drops), so while that
 * bound is within the limit nothing is counted; past it, the text's UTF-8
 * length is counted exactly, chunk by chunk (an invalid byte, decoded to
 * U+FFFD, counts as its 3 bytes). Taken only when the declared length keeps
 * an honest body under that bound, so only a stream sending more than its
 * Content-Length is counted against the limit.
 */
import { tooLarge, unreadable } from './stream'

type TextStreaming = { textStream(): ReadableStream<string> }

/** Bun's `Request.prototype.textStream`: undefined on every other runtime. */
function bunTextStream(): TextStreaming['textStream'] | undefined {
  const request = (globalThis as { Request?: { prototype: Partial<TextStreaming> } }).Request
    ?.prototype
  return (globalThis as { Bun?: unknown }).Bun !== undefined &&
    typeof request?.textStream === 'function'
    ? request.textStream
    : undefined
}
/** Fixed at load (a call marked pure: a bundle with no body reader drops it). */
const BUN_TEXT_STREAM = /* @__PURE__ */ bunTextStream()

/**
 * Does this runtime read text streams (Bun)? Fixed at load: elsewhere the reader never calls
 * into this module.
 *
 * @example
 * const asText = textStreams && readsAsText(request, length, limit)
 */
export const textStreams: boolean = BUN_TEXT_STREAM !== undefined

/**
 * Is `request`'s body (Content-Length `length`, byte limit `limit`) read by
 * `readTextStream`? Bun's own Request with a declared length whose honest
 * body stays under the bound counted for free (`3 × length + 3 ≤ limit`).
 * `request.body` is not touched: on Bun it builds the stream this avoids.
 *
 * @example
 * readsAsText(request, 120, 1024 * 1024) // true on Bun for its own Request, false elsewhere
 */
export function readsAsText(request: Request, length: number, limit: number): boolean {
  return (
    BUN_TEXT_STREAM !== undefined &&
    length > 0 &&
    3 * length + 3 <= limit &&
    (request as Partial<TextStreaming>).textStream === BUN_TEXT_STREAM
  )
}

/**
 * Read the whole body as UTF-8 text (BOM dropped), at most `limit` bytes
 * (see the module note); over → 413, a failing stream → 400. A missing body
 * reads as `''`. As `readAll`, the body ends once its Content-Length
 * (`length`) has arrived: its text is counted once it is that long.
 */
export async function readTextStream(
  request: Request,
  limit: number,
  length: number,
): Promise<string> {
  const reader = (request as unknown as TextStreaming).textStream().getReader()
  let text = ''
  let bytes = -1
  for (;;) {
    let result: ReadableStreamReadResult<string>
    try {
      result = await reader.read()
    } catch (error) {
      throw unreadable(error)
    }
    if (result.done) return text
    text += result.value
    if (bytes >= 0) bytes += utf8Length(result.value)
    else if (text.length >= length || 3 * text.length + 3 > limit) bytes = utf8Length(text)
    if (bytes > limit) {
      reader.releaseLock()
      throw tooLarge(limit)
    }
    // As a server frames it (and as `readAll` does): what a stream sends past its length is never read.
    if (bytes === length) return text
  }
}

/** Bytes of `text` in UTF-8 (a decoder's output: surrogates come in pairs, 4 bytes a pair). */
function utf8Length(text: string): number {
  let bytes = text.length
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) continue
    bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2
  }
  return bytes
}
