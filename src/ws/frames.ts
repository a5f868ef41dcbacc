/**
 * What a socket answers a bad message with (docs/websocket.md, "Error frames"):
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
 * The UTF-8 byte length of `text`; past `cap`, any number above it (a long text is not encoded).
 *
 * @example textBytes('é') // 2
 */
export function textBytes(text: string, cap = Number.POSITIVE_INFINITY): number {
  if (text.length > cap) return text.length // at least one byte per UTF-16 unit
  // at most three bytes per UTF-16 unit: within a finite cap without encoding
  if (cap !== Number.POSITIVE_INFINITY && text.length * 3 <= cap) return text.length
  return encoder.encode(text).byteLength
}
