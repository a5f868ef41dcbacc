/**
 * What a socket sends besides messages: its close codes, checked, and what it answers a bad message
 * with (docs/websocket.md, "Messages"):
 * `{ "error": { "status": 400, "message": "…", "issues"?: [{ "path": […], "message": "…" }] } }`.
 */
import { HttpError } from '../exceptions/http'
import { ConversionError } from '../schema/errors'
import { Invalid } from '../schema/parse'

/**
 * The error frame a socket sends for a message it cannot accept (the connection stays open).
 *
 * @example
 * const frame: ws.ErrorFrame = { error: { status: 400, message: 'invalid JSON message' } }
 */
export interface ErrorFrame {
  error: {
    status: number
    message: string
    /** the schema's failures, each with the path to the failing value */
    issues?: { path: (string | number)[]; message: string }[]
  }
}

/** An error frame with `status` and `message` (and the schema's `issues`). */
export function errorFrame(
  status: number,
  message: string,
  issues?: ErrorFrame['error']['issues'],
): ErrorFrame {
  return { error: issues?.length ? { status, message, issues } : { status, message } }
}

/** The frame of a failed check: its issues, or a thrown conversion error's message. */
export function frameOf(failure: unknown): ErrorFrame {
  if (failure instanceof Invalid)
    return errorFrame(
      400,
      'invalid message',
      failure.all.map((issue) => ({ path: [...issue.path], message: issue.reason })),
    )
  if (failure instanceof HttpError && failure.status < 500)
    return errorFrame(failure.status, failure.message)
  if (failure instanceof ConversionError)
    return errorFrame(400, 'invalid message', [
      { path: [...failure.path], message: failure.reason },
    ])
  return errorFrame(400, 'invalid message')
}

const encoder = new TextEncoder()

/**
 * The UTF-8 byte length of `text`. With a `cap`, only how it compares with the cap is exact (a
 * number over the cap exactly when the text is), so a long text is not encoded to learn it.
 *
 * @example textBytes('é') // 2
 */
export function textBytes(text: string, cap = Number.POSITIVE_INFINITY): number {
  if (text.length > cap) return text.length // at least one byte per UTF-16 unit
  // at most three bytes per UTF-16 unit: within a finite cap without encoding
  if (cap !== Number.POSITIVE_INFINITY && text.length * 3 <= cap) return text.length
  return encoder.encode(text).byteLength
}

/**
 * Refuse a close code the server may not send (RFC 6455 §7.4.1; 3000–4999 for applications) or a
 * reason over 123 bytes.
 *
 * @example checkClose(4000, 'bye')
 */
export function checkClose(code: number, reason: string): void {
  const known = code === 1000 || code === 1001 || (code >= 1007 && code <= 1011)
  if (!Number.isInteger(code) || !(known || (code >= 3000 && code <= 4999)))
    throw new RangeError(
      `socket.close(${code}): the code must be 1000, 1001, 1007–1011 or 3000–4999`,
    )
  if (textBytes(reason) > 123)
    throw new RangeError('socket.close(): the reason must be at most 123 bytes (RFC 6455)')
}
