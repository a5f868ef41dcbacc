/**
 * What a client sends again and again is parsed once: the last non-JSON
 * Content-Type (shared, read-only) and the last multipart boundary's check.
 * A different value is parsed (and refused) on its own, as the first time.
 */
import { describe, expect, it } from 'vitest'
import { contentTypeOf } from '../../src/body/index'
import { parseMultipart } from '../../src/body/multipart'
import { parseHeaderLines, parsePartHeaders } from '../../src/body/multipart-headers'
import { HttpError } from '../../src/exceptions/index'
import { post } from './helpers'

const typed = (type: string | undefined): Request => (type === undefined ? post(null) : post('x', { 'content-type': type }))
const bounds = { bytes: 1 << 16, parts: 10, files: 2, fileBytes: 1 << 16, fieldBytes: 1 << 16 }
const encoder = new TextEncoder()
const body = (boundary: string): Uint8Array<ArrayBuffer> => encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nA\r\n--${boundary}--\r\n`)

function refusal(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.message}` : String(error)
  }
  return 'accepted'
}

describe('contentTypeOf', () => {
  it('parses each request\'s header on its own: an equal result, never one shared with an earlier request', () => {
    const multipart = 'multipart/form-data; boundary=AbC'
    const first = contentTypeOf(typed(multipart))
    expect(first).toEqual({ essence: 'multipart/form-data', params: { boundary: 'AbC' } })
    expect(contentTypeOf(typed(multipart))).not.toBe(first)
    expect(contentTypeOf(typed(multipart))).toEqual(first)
    expect(contentTypeOf(typed('Text/Plain; Charset=latin1'))).toEqual({ essence: 'text/plain', params: { charset: 'latin1' } })
    expect(contentTypeOf(typed(undefined))).toBeUndefined()
    expect(contentTypeOf(typed('application/json'))?.essence).toBe('application/json')
    expect(contentTypeOf(typed(multipart))).toEqual(first)
    expect(contentTypeOf(typed('multipart/form-data; boundary=Other'))?.params.boundary).toBe('Other')
  })
})

describe('multipart boundary', () => {
  it('a boundary seen before is not trusted for another: each invalid one is refused', () => {
    expect(refusal(() => parseMultipart(body('ok-1'), 'ok-1', bounds))).toBe('accepted')
    expect(refusal(() => parseMultipart(body('ok-1'), 'ok-1', bounds))).toBe('accepted')
    for (const bad of ['', 'a\u00e9', 'x'.repeat(71), 'a"b', 'a\r\nb']) {
      expect(refusal(() => parseMultipart(body(bad), bad, bounds)), bad).toBe('400 multipart body without a valid boundary')
    }
    expect(refusal(() => parseMultipart(body('ok-1'), undefined, bounds))).toBe('400 multipart body without a valid boundary')
  })
})

describe('a part Content-Type read in one scan', () => {
  it('keeps a plain type as it is and normalises any other as the general reader does', () => {
    const types = ['text/plain', 'TEXT/PLAIN', 'text/plain\u00a0', '\u00a0text/plain', 'text/\u00c0b', 'text/plain\t', 'image/svg+xml', 'a/b c', '\u2028a/b']
    for (const type of types) {
      const block = `Content-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: ${type}`
      expect(parsePartHeaders(block), JSON.stringify(type)).toEqual(parseHeaderLines(block))
    }
    expect(parsePartHeaders('Content-Disposition: form-data; name="f"; filename="a"\r\nContent-Type: text/plain').type).toBe('text/plain')
  })
})
