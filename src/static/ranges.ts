/**
 * The `Range` header of a request for one file (RFC 9110 §14): one byte range is served (206),
 * one that cannot be (416), and anything else — other units, bad syntax, several ranges — is
 * ignored, which RFC 9110 allows: the whole file is the answer (200). Ignoring several ranges
 * bounds the work a `bytes=0-0,0-0,…` header can cause: it is never split.
 */

/** A satisfiable range: bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number
  end: number
}

/** Ranges longer than this are not parsed (a single byte range is at most ~40 characters). */
const LONGEST_RANGE = 100
const ONE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i

/**
 * What `header` asks of a file of `size` bytes: a range, `'unsatisfiable'` (416), or
 * `undefined` (serve it whole).
 *
 * @example
 * byteRange('bytes=0-99', 1000) // { start: 0, end: 99 }
 * byteRange('bytes=-100', 1000) // { start: 900, end: 999 }
 * byteRange('bytes=2000-', 1000) // 'unsatisfiable'
 * byteRange('bytes=0-0,5-9', 1000) // undefined
 */
export function byteRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header.length > LONGEST_RANGE) return undefined
  const match = ONE_RANGE.exec(header)
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '') {
    if (last === '') return undefined
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return undefined // invalid syntax: ignored
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
