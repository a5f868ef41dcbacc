/** src/node/native/forward.ts: a stand-in answers what it keeps itself and hands every other member to the Web object it stands in for. */
import { describe, expect, it } from 'vitest'
import { forwardMembers } from '../../../src/node/native/forward'

describe('forwardMembers', () => {
  class Stand {
    built = 0
    constructor(readonly entries: [string, string][]) {}
    get(name: string): string | null {
      return this.entries.find(([key]) => key === name)?.[1] ?? null
    }
    real(): Headers {
      this.built++
      return new Headers(this.entries)
    }
  }
  forwardMembers(Stand.prototype, Headers.prototype, (self) => self.real())

  it('keeps its own members and forwards the rest (methods and getters) to the real object', () => {
    const stand = new Stand([['a', '1'], ['b', '2']]) as Stand & Headers
    expect(stand.get('a')).toBe('1')
    expect(stand.built).toBe(0)
    expect([...stand.keys()]).toEqual(['a', 'b'])
    expect(stand.has('b')).toBe(true)
    expect(stand.built).toBe(2)
  })

  it('passes instanceof checks of the Web class', () => {
    expect(new Stand([]) instanceof Headers).toBe(true)
  })
})
