/** src/utils/byte-limit.ts: one spelling for a param's byte limit, and the 413 for a file over its bound. */
import { describe, expect, it } from 'vitest'
import { RequestEntityTooLarge } from '../../src/exceptions/index'
import { byteLimit, checkFileSize } from '../../src/utils/byte-limit'

describe('byteLimit', () => {
  it('reads maxBytes or its alias, and refuses the two disagreeing', () => {
    expect(byteLimit({ maxLength: 100 }, 'maxLength', 'request.Body')).toBe(100)
    expect(byteLimit({ maxBytes: 100, maxSize: 100 }, 'maxSize', 'file.File')).toBe(100)
    expect(() => byteLimit({ maxBytes: 100, maxLength: 200 }, 'maxLength', 'request.Body')).toThrow(/disagree/)
  })
})

describe('checkFileSize', () => {
  it('throws a 413 for a Blob over the bound (the schema’s message when it has one), nothing otherwise', () => {
    expect(() => checkFileSize(new Blob(['12345']), 4)).toThrow(new RequestEntityTooLarge('file too large: 5 > 4 bytes'))
    expect(() => checkFileSize(new Blob(['12345']), 4, 'too big')).toThrow('too big')
    expect(() => checkFileSize(new Blob(['1234']), 4)).not.toThrow()
    expect(() => checkFileSize('a string over the bound', 4)).not.toThrow()
  })
})
