import { expect } from 'vitest'
import { HttpError } from '../../src/exceptions/index'

const encoder = new TextEncoder()

/** A POST request with a string/bytes body and headers. */
export function post(body: string | Uint8Array<ArrayBuffer> | null, headers: Record<string, string> = {}): Request {
  return new Request('http://test.local/', { method: 'POST', body, headers })
}

/** A POST request whose body arrives as the given chunks (no Content-Length unless given). */
export function chunked(chunks: (string | Uint8Array<ArrayBuffer>)[], headers: Record<string, string> = {}): Request {
  let index = 0
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      const chunk = chunks[index++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
    },
  })
  return new Request('http://test.local/', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit)
}

/** A body stream producing `total` bytes of `byte` in `size`-byte chunks. */
export function generated(total: number, size: number, headers: Record<string, string> = {}): Request {
  let sent = 0
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (sent >= total) return controller.close()
      const n = Math.min(size, total - sent)
      sent += n
      controller.enqueue(new Uint8Array(n).fill(0x61))
    },
  })
  return new Request('http://test.local/', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit)
}

export interface Part {
  name?: string
  filename?: string
  type?: string
  headers?: string[]
  data: string | Uint8Array<ArrayBuffer>
}

/** Serialise parts into a multipart body with `boundary`. */
export function multipartBody(parts: Part[], boundary = 'XyZ-boundary'): Uint8Array<ArrayBuffer> {
  const out: Uint8Array<ArrayBuffer>[] = []
  for (const part of parts) {
    const lines = [`--${boundary}`]
    if (part.headers) lines.push(...part.headers)
    else {
      let disposition = 'Content-Disposition: form-data'
      if (part.name !== undefined) disposition += `; name="${part.name}"`
      if (part.filename !== undefined) disposition += `; filename="${part.filename}"`
      lines.push(disposition)
      if (part.type) lines.push(`Content-Type: ${part.type}`)
    }
    out.push(encoder.encode(`${lines.join('\r\n')}\r\n\r\n`))
    out.push(typeof part.data === 'string' ? encoder.encode(part.data) : part.data)
    out.push(encoder.encode('\r\n'))
  }
  out.push(encoder.encode(`--${boundary}--\r\n`))
  return join(out)
}

export function join(chunks: Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}

/** Split bytes into chunks of `size` (1 → byte by byte). */
export function split(bytes: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer>[] {
  const out: Uint8Array<ArrayBuffer>[] = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size))
  return out
}

/** Assert that `promise` rejects with an HttpError of `status` whose message matches. */
export async function expectStatus(promise: Promise<unknown>, status: number, message?: RegExp | string): Promise<HttpError> {
  let caught: unknown
  try {
    await promise
  } catch (error) {
    caught = error
  }
  expect(caught, 'expected a rejection').toBeInstanceOf(HttpError)
  const error = caught as HttpError
  expect(error.status).toBe(status)
  if (message !== undefined) expect(error.message).toMatch(message)
  return error
}
