/** src/static/ranges.ts: one byte range of a file (206), one that cannot be served (416), anything else ignored (200). */
import { describe, expect, it } from 'vitest'
import { byteRange } from '../../src/static/ranges'

describe('byteRange', () => {
  it('reads first-last, open-ended and suffix ranges, clamped to the file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(byteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 })
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 })
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
    expect(byteRange('BYTES= 1-2 ', 10)).toEqual({ start: 1, end: 2 })
  })

  it('is unsatisfiable (416) past the end, for an empty suffix or an empty file', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=-10', 0)).toBe('unsatisfiable')
    expect(byteRange('bytes=0-0', 0)).toBe('unsatisfiable')
  })

  it('ignores (serves the whole file for) other units, several ranges, bad syntax and long headers', () => {
    for (const header of ['items=0-1', 'bytes=0-1,3-4', 'bytes=5-1', 'bytes=-', 'bytes=a-b', 'bytes 0-1', `bytes=0-${'9'.repeat(200)}`, 'bytes=0x1-2'])
      expect(byteRange(header, 1000), header).toBeUndefined()
  })
})
