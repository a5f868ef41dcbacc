/** src/utils/stackless.ts: errors made for bad input capture no stack, and the limit is always put back. */
import { describe, expect, it } from 'vitest'
import { quiet, restore, stackless } from '../../src/utils/stackless'

describe('stackless', () => {
  it('makes an error without stack frames', () => {
    const error = stackless(() => new Error('bad input'))
    expect(error.message).toBe('bad input')
    expect(error.stack ?? '').not.toMatch(/\n\s+at /)
  })

  it('puts the stack limit back, also when the maker throws', () => {
    const before = Error.stackTraceLimit
    stackless(() => 1)
    expect(Error.stackTraceLimit).toBe(before)
    expect(() =>
      stackless(() => {
        throw new TypeError('maker failed')
      }),
    ).toThrow('maker failed')
    expect(Error.stackTraceLimit).toBe(before)
    expect(new Error('later').stack).toMatch(/\n\s+at /)
  })
})

describe('quiet / restore', () => {
  it('silences stacks between them and restores the limit quiet returned', () => {
    const before = Error.stackTraceLimit
    const limit = quiet()
    expect(limit).toBe(before)
    expect(Error.stackTraceLimit).toBe(0)
    restore(limit)
    expect(Error.stackTraceLimit).toBe(before)
  })

  it('leaves the limit alone when restoring undefined (a runtime where it is not writable)', () => {
    const before = Error.stackTraceLimit
    restore(undefined)
    expect(Error.stackTraceLimit).toBe(before)
  })
})
