/**
 * Reading an answer: at most `maxBytes` (a `Content-Length` over it is
 * refused unread; a body is read as a stream and cancelled past it), JSON
 * under a JSON content type (anything else there is a `ClientError`), a
 * `Blob` for a declared file result whatever its content type, the event
 * stream of `text/event-stream` handed over unread.
 */
import { ClientError } from './error'
import type { DocOperation } from './document'

/** Default bound of an answer's body: 10 MiB. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024

type Body = Record<string, unknown>

/** A plain object (not an array, not null). */
export const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const JSON_TYPE = /^[^;]*[/+]json\s*(;|$)/i

function tooLarge(response: Response, size: string, maxBytes: number): ClientError {
  return new ClientError(
    `fw client: the answer (${size}) is larger than maxBytes (${maxBytes} bytes)`,
    response.status,
    undefined,
    undefined,
  )
}

/** The body's bytes, read as a stream and cancelled once past `maxBytes`. */
async function bytesOf(response: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = response.headers.get('content-length')
  if (declared !== null && Number(declared) > maxBytes) {
    response.body?.cancel().catch(() => undefined)
    throw tooLarge(response, `Content-Length ${declared}`, maxBytes)
  }
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined)
      throw tooLarge(response, `over ${size} bytes so far`, maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** A result the document declares as a file (`format: binary`), bare or in the envelope. */
function declaresFile(operation: DocOperation, status: number): boolean {
  const content = operation.responses?.[String(status)]?.content
  if (!content) return false
  const resultKey = operation['x-fw-envelope']?.resultKey
  return Object.values(content).some(
    ({ schema }) =>
      schema?.format === 'binary' ||
      (resultKey !== undefined && schema?.properties?.[resultKey]?.format === 'binary'),
  )
}

/**
 * The body of an answer as the call resolves it (before unwrapping the envelope).
 *
 * @example
 * const body = await readAnswer(response, route.operation, 'GET', DEFAULT_MAX_BYTES)
 */
export async function readAnswer(
  response: Response,
  operation: DocOperation,
  method: string,
  maxBytes: number,
): Promise<unknown> {
  if (
    method === 'HEAD' ||
    response.status === 204 ||
    response.status === 205 ||
    response.status === 304
  ) {
    response.body?.cancel().catch(() => undefined)
    return undefined
  }
  const type = response.headers.get('content-type') ?? ''
  // A stream of events is handed over as it arrives (the caller reads or cancels it): no bound applies.
  if (response.ok && /^text\/event-stream\b/i.test(type)) return response.body
  const bytes = await bytesOf(response, maxBytes)
  if (response.ok && declaresFile(operation, response.status)) return new Blob([bytes], { type })
  if (JSON_TYPE.test(type)) return jsonOf(response, bytes, type)
  if (/^text\//i.test(type) || (!response.ok && !type)) return new TextDecoder().decode(bytes)
  return new Blob([bytes], { type })
}

function jsonOf(response: Response, bytes: Uint8Array, type: string): unknown {
  const text = new TextDecoder().decode(bytes)
  try {
    return JSON.parse(text) as unknown
  } catch {
    // A failure keeps its status; its body is handed over as text.
    if (!response.ok) return text
    throw new ClientError(
      `fw client: the answer (${response.status}) is not JSON although its content type is ${type.split(';')[0] ?? type}`,
      response.status,
      text.slice(0, 1024),
      undefined,
    )
  }
}

/**
 * The `ClientError` of an answer outside 2xx: the message and item errors
 * from the envelope (its `x-fw-envelope` keys) or the problem+json body.
 *
 * @example
 * if (!response.ok) throw failure(response, body, route.operation)
 */
export function failure(response: Response, body: unknown, operation: DocOperation): ClientError {
  const envelope = operation['x-fw-envelope']
  let message = `${response.status} ${response.statusText}`.trim()
  let errors: unknown[] | undefined
  if (isObject(body)) {
    const text = envelope?.messageKey ? body[envelope.messageKey] : (body.detail ?? body.title)
    if (typeof text === 'string' && text) message = text
    const list = envelope?.errorsKey ? body[envelope.errorsKey] : body.errors
    if (Array.isArray(list)) errors = list
  } else if (typeof body === 'string' && body) {
    message = body
  }
  return new ClientError(message, response.status, body, errors)
}
