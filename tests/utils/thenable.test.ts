/** src/utils/thenable.ts: what `await` would wait for. */
import { describe, expect, it } from 'vitest'
import { isThenable } from '../../src/utils/thenable'

describe('isThenable', () => {
  it('is true for promises and any object or function with a callable then', () => {
    expect(isThenable(Promise.resolve(1))).toBe(true)
    expect(isThenable({ then: () => {} })).toBe(true)
    const callableThen = Object.assign(() => {}, { then: () => {} })
    expect(isThenable(callableThen)).toBe(true)
  })

  it('is false for values and for a then that is not a function', () => {
    for (const value of [undefined, null, 0, 'then', {}, { then: 1 }, [], () => {}]) expect(isThenable(value)).toBe(false)
  })
})
