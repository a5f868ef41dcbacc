/** src/adapters/options.ts: whether an attached handler is async — either spelling of the option, else the backend's own default. */
import { describe, expect, it } from 'vitest'
import { isAsync } from '../../src/adapters/options'

describe('isAsync', () => {
  it('takes asynchronous, then the contract’s spelling, then the fallback', () => {
    expect(isAsync({ asynchronous: false, asynchornous: true }, true)).toBe(false)
    expect(isAsync({ asynchornous: true }, false)).toBe(true)
    expect(isAsync({}, true)).toBe(true)
    expect(isAsync({}, false)).toBe(false)
  })
})
