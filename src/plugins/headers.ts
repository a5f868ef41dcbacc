import { CONTENT_TYPE } from '../utils/http'

/**
 * A response whose headers can be set: the same one, or a copy when its headers are immutable (a
 * fetched response). Probed by setting its content type to itself where it has one: no field
 * added and deleted, which copies a light response's fields (fw's Node server: ~0.3 µs an answer).
 */
export function mutable(response: Response): Response {
  try {
    const headers = response.headers
    const type = headers.get(CONTENT_TYPE)
    if (type !== null) headers.set(CONTENT_TYPE, type)
    else {
      headers.set('x-fw-probe', '1')
      headers.delete('x-fw-probe')
    }
    return response
  } catch {
    return new Response(response.body, response)
  }
}

/** Add `value` to a comma-separated header (e.g. `Vary`) unless it is already listed. */
export function appendToken(headers: Headers, name: string, value: string): void {
  const current = headers.get(name)
  if (!current) return headers.set(name, value)
  if (current.split(',').some((token) => token.trim().toLowerCase() === value.toLowerCase())) return
  headers.set(name, `${current}, ${value}`)
}
